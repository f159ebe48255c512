import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeychain } from '../../src-main/desktop/keychain';
import { connected, eventually, joinWithKey, startTestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { templateCopies } from '../helpers/templateCopies';

// Issue 55, point 5, the app's side: the app killed with SIGKILL at ten
// writes spread through sending twenty messages (each stored in the
// outbox, marked as on its way, sent, its event kept in the cache, its
// outbox entry removed). Started again, it delivers every message the
// outbox had taken exactly once, and none twice.

const child = join(import.meta.dirname, '../helpers/appKillChild.ts');
const { work, template, copy: copyOfTemplate } = templateCopies('app-kills');
const service = `Hearth kill test ${randomUUID()}`;
const notes = 20;
let org: Org;
let alice: TestUser;
let channel = 0;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  await org.subscribe(alice, 'notes');
  channel = (await org.api(alice)('GET', '/get_stream_id', { stream: 'notes' })).json.stream_id;
  const hearth = await startTestHearth({
    profileDir: template,
    secrets: await openKeychain({ service }),
  });
  await joinWithKey(hearth.app, org.url, alice);
  await connected(hearth.app);
  await hearth.stop();
});

afterAll(async () => {
  await org?.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Runs the child, without blocking this process: the host it sends to
 * serves from here. Resolves with how it ended and what it printed.
 */
function sendNotes(profile: string, killAt?: number) {
  const args = ['--import', 'tsx', child, profile, service, String(channel), String(notes)];
  if (killAt !== undefined) args.push(String(killAt));
  const running = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  running.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  running.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{
    status: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) => {
    running.once('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** How many times each note is on the server, among messages newer than `after`. */
async function deliveries(after: number): Promise<Map<string, number>> {
  const answer = await org.api(alice)('GET', '/messages', {
    anchor: after,
    include_anchor: false,
    num_before: 0,
    num_after: 1_000,
    narrow: [{ operator: 'channel', operand: 'notes' }],
    apply_markdown: false,
  });
  expect(answer.status).toBe(200);
  const counts = new Map<string, number>();
  for (const { content } of answer.json.messages as { content: string }[]) {
    counts.set(content, (counts.get(content) ?? 0) + 1);
  }
  return counts;
}

async function newestId(): Promise<number> {
  const answer = await org.api(alice)('GET', '/messages', {
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    narrow: [{ operator: 'channel', operand: 'notes' }],
  });
  return (answer.json.messages as { id: number }[])[0]?.id ?? 0;
}

describe('the app killed while it sends', () => {
  it('delivers every message its outbox took exactly once, wherever it was killed', async () => {
    const before = await newestId();
    const whole = await sendNotes(copyOfTemplate());
    expect(whole.status, whole.stderr).toBe(0);
    const total = Number(/writes (\d+)/.exec(whole.stdout)?.[1]);
    expect(await deliveries(before)).toEqual(
      new Map(Array.from({ length: notes }, (_, i) => [`note ${i}`, 1])),
    );
    // How the events come back batched varies from run to run, and with it
    // how many writes keeping them takes: the points stop short of the end
    // a run might not reach.
    const last = Math.floor(0.85 * (total - 1));
    const points = [...new Set(Array.from({ length: 10 }, (_, i) => Math.round((i * last) / 9)))];
    expect(points.length).toBe(10);

    for (const point of points) {
      const start = await newestId();
      const profile = copyOfTemplate();
      const killed = await sendNotes(profile, point);
      expect(killed.signal, `killed before write ${point} of ${total}: ${killed.stderr}`).toBe(
        'SIGKILL',
      );
      const accepted = [...killed.stdout.matchAll(/accepted (\d+)/g)].map((m) => `note ${m[1]}`);

      const again = await startTestHearth({
        profileDir: profile,
        secrets: await openKeychain({ service }),
      });
      try {
        await connected(again.app);
        await eventually(
          'the outbox is empty',
          () => again.app.active().outboxEntries().length === 0,
        );
      } finally {
        await again.stop();
      }
      const delivered = await deliveries(start);
      for (const note of accepted)
        expect(delivered.get(note), `${note}, killed at ${point}`).toBe(1);
      for (const [note, times] of delivered) expect(times, `${note}, killed at ${point}`).toBe(1);
    }
  });
});
