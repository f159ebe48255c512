import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fillDisk, mountSmallDisk, unmountDisk } from '../helpers/diskFaults';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { registerPhone } from '../helpers/pushService/phoneRegistration';
import { startStandInService, type StandInService } from '../helpers/pushService/standInService';
import { makeTestPhone, type TestPhone } from '../helpers/pushService/testPhone';
import { until } from '../helpers/until';

// Issue 55, point 1: a notification on its way to a phone when the host's
// disk fills. What the push service answered can then not be written down;
// before, that ended the host's whole process.

let disk = '';
let service: StandInService;
let org: Org;
let alice: TestUser;
let bob: TestUser;
let phone: TestPhone;
const logged: string[] = [];

beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
    logged.push(parts.map(String).join(' '));
  });
  disk = await mkdtemp(join(tmpdir(), 'hearth-full-disk-push-'));
  mountSmallDisk(disk, 24);
  service = await startStandInService();
  org = await startOrg({ dataDir: disk });
  alice = await org.user('alice');
  bob = await org.user('bob');
  await org.host.registerPushService({
    url: service.url,
    contactEmail: 'owner@office.test',
    termsAccepted: true,
  });
  phone = await makeTestPhone();
  await registerPhone(org, service, bob, phone);
});

afterAll(async () => {
  await org?.close();
  await service?.close();
  if (disk) {
    unmountDisk(disk);
    await rm(disk, { recursive: true, force: true });
  }
  vi.restoreAllMocks();
});

const dm = async (content: string) =>
  org.api(alice)('POST', '/messages', { type: 'direct', to: [bob.id], content });

describe('a notification on its way when the disk fills', () => {
  it('waits, with the host serving on, and reaches the phone once there is space', async () => {
    service.failWith('hang');
    const calls = service.calls.length;
    const first = (await dm('sent before the disk filled')).json.id as number;
    await until('the host calls the service', () =>
      service.calls.slice(calls).includes('push/e2ee/notify'),
    );
    const filler = join(disk, 'filler');
    fillDisk(filler);
    // Until a write is refused, the write-ahead log still has room it holds.
    const padding = 'x'.repeat(2000);
    let refused = false;
    for (let i = 0; i < 5000 && !refused; i += 1) {
      refused = (await dm(`filling ${i} ${padding}`)).status === 507;
    }
    expect(refused).toBe(true);

    // The service drops the call: the host must note a failed try, and cannot.
    service.failWith(null);
    service.endHung();
    await until('the host says the notifications wait', () =>
      logged.some((line) => line.includes('push notifications wait: the disk is full')),
    );
    expect((await org.api(bob)('GET', '/users/me')).status).toBe(200);

    await rm(filler);
    const after = (await dm('once there was space')).json.id as number;
    await until('both notifications reach the phone', () => {
      const ids = service.deliveries.map((delivery) => phone.open(delivery).message_id);
      return ids.includes(first) && ids.includes(after);
    });
  });
});
