import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCli, killed, serveCli } from '../helpers/cliHost';

// Exactly once across crashes: a message is marked delivered in the
// transaction that stores it, so a host killed while delivering, and started
// again, neither loses a scheduled message nor sends one twice.

describe('a host killed with SIGKILL while it sends scheduled messages', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-scheduled-crash-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('sends each exactly once, across every kill and restart', async () => {
    const first = await serveCli(dataDir);
    await callCli(first, 'POST', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: 'later' }]),
    });
    const streamId = (await callCli(first, 'GET', '/get_stream_id', { stream: 'later' })).json
      .stream_id as number;
    // Far enough ahead for every request to be taken on two busy cores.
    const soon = Math.floor(Date.now() / 1000) + 10;
    const contents = Array.from({ length: 30 }, (_, index) => `scheduled ${index}`);
    for (const content of contents) {
      const made = await callCli(first, 'POST', '/scheduled_messages', {
        type: 'stream',
        to: String(streamId),
        topic: 'crash',
        content,
        scheduled_delivery_timestamp: String(soon),
      });
      expect(made.json).toMatchObject({ result: 'success' });
    }
    // Killed around the time they fall due, then again just after starting.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, soon * 1000 - Date.now())));
    await killed(first.child);
    const second = await serveCli(dataDir);
    await killed(second.child);

    const last = await serveCli(dataDir);
    const left = await callCli(last, 'GET', '/scheduled_messages', {});
    const history = await callCli(last, 'GET', '/messages', {
      anchor: 'oldest',
      num_before: '0',
      num_after: '1000',
      narrow: JSON.stringify([{ operator: 'stream', operand: 'later' }]),
      apply_markdown: 'false',
    });
    await killed(last.child);

    expect(left.json.scheduled_messages).toEqual([]);
    const sent = (history.json.messages as { content: string }[]).map((m) => m.content);
    expect(sent.sort()).toEqual([...contents].sort());
  }, 120_000);
});
