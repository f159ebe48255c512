import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrityProblem } from '../../src-main/server/backups/checkDatabase';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Issue 16, point 8: online backups through SQLite's backup API while the
// host serves, each checked, the last N kept; and a restore that swaps the
// database in and lets clients start over.

interface Sent {
  id: number;
  content: string;
}

describe('backups', () => {
  let org: Org;
  let alice: TestUser;

  const backups = () => {
    if (!org.backups) throw new Error('the host takes no backups');
    return org.backups;
  };
  const send = async (content: string): Promise<Sent> => ({
    id: await org.sendStream(alice, 'ledger', 'entries', content),
    content,
  });

  beforeAll(async () => {
    // Backups only on demand here: the schedule's first is an hour away.
    org = await startOrg({ backups: { keep: 3, everyMs: 24 * 60 * 60 * 1000 } });
    alice = await org.user('alice');
    await org.subscribe(alice, 'ledger');
    // Enough history that the copy takes many steps, with sends between them.
    for (let batch = 0; batch < 20; batch += 1) {
      await Promise.all(
        Array.from({ length: 25 }, (_, i) => send(`history ${batch}-${i} ${'x'.repeat(400)}`)),
      );
    }
  });
  afterAll(() => org.close());

  it('backs up during a stream of sends; a restore holds every message acknowledged before it began', async () => {
    let sending = true;
    const acknowledged: { message: Sent; at: number }[] = [];
    const stream = (async () => {
      for (let n = 0; sending; n += 1) {
        const message = await send(`live ${n}: ${'y'.repeat(200)}`);
        acknowledged.push({ message, at: performance.now() });
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));

    const startedAt = performance.now();
    const backup = await backups().take();
    const duringBackup = acknowledged.filter((entry) => entry.at > startedAt).length;
    // Keep sending a little after the copy is done: those are the ones a restore loses.
    const countAfter = acknowledged.length;
    while (acknowledged.length < countAfter + 10) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    sending = false;
    await stream;

    expect(backup.name).toMatch(/^hearth-\d{8}-\d{9}\.sqlite3$/);
    expect(integrityProblem(backup.path)).toBeNull();
    // The host kept answering while it copied.
    expect(duringBackup).toBeGreaterThan(0);
    const before = acknowledged
      .filter((entry) => entry.at < startedAt)
      .map((entry) => entry.message);
    const highestId = Math.max(...acknowledged.map((entry) => entry.message.id));
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['message'] })).json
      .queue_id as string;

    await org.stop();
    await org.start({ restoreFrom: backup.path });

    for (const message of before) {
      const read = await org.api(alice)('GET', `/messages/${message.id}`, {
        apply_markdown: false,
      });
      expect(read.json.message, `message ${message.id}`).toMatchObject({
        id: message.id,
        content: message.content,
        subject: 'entries',
        sender_email: alice.email,
      });
    }
    // The queue was registered after the copy: clients start over, as after a lost queue.
    const polled = await org.api(alice)('GET', '/events', {
      queue_id: queueId,
      last_event_id: -1,
      dont_block: true,
    });
    expect(polled.json.code).toBe('BAD_EVENT_QUEUE_ID');
    // No ID handed out before the restore is handed out again.
    const next = await send('after the restore');
    expect(next.id).toBeGreaterThan(highestId);
  }, 120_000);

  it('keeps the newest backups only, as many as the policy says', async () => {
    const taken = [];
    for (let i = 0; i < 4; i += 1) taken.push((await backups().take()).name);
    const kept = (await backups().list()).map((file) => file.name);
    expect(kept).toEqual(taken.slice(1).reverse());
    await backups().setKeep(1);
    expect((await backups().list()).map((file) => file.name)).toEqual([taken[3]]);
  });

  it('refuses to restore a damaged backup, and leaves the database as it was', async () => {
    const [good] = await backups().list();
    if (!good) throw new Error('no backup to damage');
    const damaged = join(org.dataDir, 'damaged.sqlite3');
    await copyFile(good.path, damaged);
    const bytes = await readFile(damaged);
    // Overwrite pages past the header: SQLite still opens the file, and its check fails.
    bytes.fill(0x5a, 8192, 16384);
    await writeFile(damaged, bytes);
    const last = await send('written before the damaged restore');

    await org.stop();
    await expect(org.start({ restoreFrom: damaged })).rejects.toThrow(/integrity|malformed/i);
    await org.start();
    const read = await org.api(alice)('GET', `/messages/${last.id}`, { apply_markdown: false });
    expect(read.json.message.content).toBe(last.content);
  });
});
