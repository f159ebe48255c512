import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCli, killed, serveCli } from '../helpers/cliHost';

// A fixed seed, so a failure can be replayed with the same kill points.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('a host killed with SIGKILL during a stream of sends', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-crash-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged message, whole, and an intact database', async () => {
    const next = random(20261121);
    const acknowledged = new Map<number, string>();

    for (let round = 0; round < 4; round += 1) {
      const running = await serveCli(dataDir);
      if (round === 0) {
        const created = await callCli(running, 'POST', '/users/me/subscriptions', {
          subscriptions: JSON.stringify([{ name: 'crash' }]),
        });
        expect(created.status).toBe(200);
      }
      let stop = false;
      const sender = async (lane: number) => {
        for (let i = 0; !stop; i += 1) {
          const content = `round ${round} lane ${lane} message ${i}`;
          try {
            const sent = await callCli(running, 'POST', '/messages', {
              type: 'stream',
              to: 'crash',
              topic: `round ${round}`,
              content,
            });
            if (sent.status === 200) acknowledged.set(sent.json.id as number, content);
          } catch {
            return; // the host is gone: this send was never acknowledged
          }
        }
      };
      const lanes = [0, 1, 2, 3].map(sender);
      await new Promise((resolve) => setTimeout(resolve, 150 + next() * 600));
      await killed(running.child);
      stop = true;
      await Promise.all(lanes);
    }

    expect(acknowledged.size).toBeGreaterThan(20);
    const running = await serveCli(dataDir);
    const history = await callCli(running, 'GET', '/messages', {
      anchor: 'oldest',
      num_before: '0',
      num_after: '5000',
      narrow: JSON.stringify([{ operator: 'stream', operand: 'crash' }]),
      apply_markdown: 'false',
    });
    await killed(running.child);

    const stored = new Map(
      (history.json.messages as { id: number; content: string }[]).map((m) => [m.id, m.content]),
    );
    for (const [id, content] of acknowledged) expect(stored.get(id)).toBe(content);
    const ids = [...stored.keys()];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const db = new Database(join(dataDir, 'hearth.sqlite3'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      // Every stored message reached its recipients: no message without its flag rows.
      const orphans = db
        .prepare(
          'SELECT count(*) FROM messages m WHERE NOT EXISTS (SELECT 1 FROM user_messages um WHERE um.message_id = m.id)',
        )
        .pluck()
        .get();
      expect(orphans).toBe(0);
    } finally {
      db.close();
    }
  }, 120_000);
});
