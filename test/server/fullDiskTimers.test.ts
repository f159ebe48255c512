import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDisk, mountSmallDisk, unmountDisk } from '../helpers/diskFaults';
import { registerQueue } from '../helpers/eventQueue';
import { eventually } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Issue 55, points 1 and 6: what the host writes on its own timers (its
// queues' heartbeats, their expiry, the events they no longer need) meets a
// full disk too. `npm run bench:soak` found a host that ended its whole
// process there; with short queue times these timers run many times over
// while the disk is full.

let disk = '';
let org: Org;
let alice: TestUser;

beforeAll(async () => {
  disk = await mkdtemp(join(tmpdir(), 'hearth-full-disk-timers-'));
  mountSmallDisk(disk, 24);
  org = await startOrg({ dataDir: disk, queueTimeouts: { idleMs: 600, heartbeatMs: 300 } });
  alice = await org.user('alice');
  await org.subscribe(alice, 'ledger');
});

afterAll(async () => {
  await org?.close();
  if (disk) {
    unmountDisk(disk);
    await rm(disk, { recursive: true, force: true });
  }
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a host's timers on a full disk", () => {
  it('keep running, leave their writes for later, and beat and expire queues again once space is freed', async () => {
    const waiting = await registerQueue(org, alice, { event_types: ['message'] });
    const unpolled = await registerQueue(org, alice, { event_types: ['message'] });
    const filler = join(disk, 'filler');
    fillDisk(filler);
    // Until a write is refused, the write-ahead log still has room it holds.
    const padding = 'x'.repeat(2000);
    let refused = false;
    for (let i = 0; i < 5000 && !refused; i += 1) {
      const sent = await org.api(alice)('POST', '/messages', {
        type: 'stream',
        to: 'ledger',
        topic: 'entries',
        content: `entry ${i} ${padding}`,
      });
      refused = sent.status === 507;
    }
    expect(refused).toBe(true);

    // A poll held across many heartbeats and idle sweeps, none of which can be stored.
    const held = org.api(alice)('GET', '/events', { queue_id: waiting, last_event_id: -1 });
    await pause(2_000);
    expect(org.host.diskFull()).toBe(true);

    await rm(filler);
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.json.events).toEqual([expect.objectContaining({ type: 'heartbeat' })]);

    // The queue left unpolled expires once its removal can be written.
    await eventually('the unpolled queue expires', async () => {
      const poll = await org.api(alice)('GET', '/events', {
        queue_id: unpolled,
        last_event_id: -1,
        dont_block: true,
      });
      return poll.json.code === 'BAD_EVENT_QUEUE_ID';
    });
    const after = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'ledger',
      topic: 'entries',
      content: 'once space was freed',
    });
    expect(after.status).toBe(200);
  });
});
