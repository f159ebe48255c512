import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Running {
  child: ChildProcess;
  url: string;
  auth: string;
}

/** Starts `npm run serve`'s entry on a free port and waits for its banner. */
function serve(dataDir: string): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src-main/server/cli.ts', '--port', '0', '--data-dir', dataDir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', async (chunk: Buffer) => {
      output += chunk.toString();
      const url = /at (http:\S+)$/m.exec(output)?.[1];
      if (!url || !/^zuliprc: /m.test(output)) return;
      const rc = await readFile(join(dataDir, 'zuliprc'), 'utf8');
      const field = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(rc)?.[1] ?? '';
      const auth = `Basic ${Buffer.from(`${field('email')}:${field('key')}`).toString('base64')}`;
      resolve({ child, url, auth });
    });
    child.on('exit', (code) =>
      reject(new Error(`serve exited (${code}) before starting:\n${output}`)),
    );
  });
}

async function call(
  running: Running,
  method: string,
  path: string,
  params: Record<string, string>,
) {
  const body = new URLSearchParams(params);
  const response = await fetch(
    method === 'GET' ? `${running.url}/api/v1${path}?${body}` : `${running.url}/api/v1${path}`,
    {
      method,
      headers: { authorization: running.auth },
      ...(method === 'GET' ? {} : { body }),
    },
  );
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

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
      const running = await serve(dataDir);
      if (round === 0) {
        const created = await call(running, 'POST', '/users/me/subscriptions', {
          subscriptions: JSON.stringify([{ name: 'crash' }]),
        });
        expect(created.status).toBe(200);
      }
      let stop = false;
      const sender = async (lane: number) => {
        for (let i = 0; !stop; i += 1) {
          const content = `round ${round} lane ${lane} message ${i}`;
          try {
            const sent = await call(running, 'POST', '/messages', {
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
    const running = await serve(dataDir);
    const history = await call(running, 'GET', '/messages', {
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
