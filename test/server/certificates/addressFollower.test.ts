import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressFollower } from '../../../src-main/server/certificates/addressFollower';
import { dynamicUpdateRecords } from '../../../src-main/server/certificates/nameRecords';
import { ManualClock } from '../../helpers/manualClock';
import { startBind, type BindServer } from '../../helpers/network/bindServer';

let bind: BindServer;

beforeAll(async () => {
  bind = await startBind('office.test');
});
afterAll(() => bind.close());

const server = () => ({ host: '127.0.0.1', port: bind.port, zone: bind.zone, key: bind.key });

describe('the public name follows the laptop’s address', () => {
  it('points the name at the host’s addresses, and moves it when the network gives another', async () => {
    const clock = new ManualClock(Date.now());
    let addresses = ['192.168.1.20'];
    const follower = new AddressFollower({
      clock,
      records: dynamicUpdateRecords(server()),
      name: 'laptop.office.test',
      addresses: () => addresses,
      log: () => undefined,
    });
    follower.start();
    await follower.settled();
    expect(await bind.lookup('laptop.office.test', 'A')).toEqual(['192.168.1.20']);
    expect(follower.status()).toEqual({ published: ['192.168.1.20'], failure: null });

    // DHCP hands out another address, and the office network has IPv6 too.
    addresses = ['10.0.4.31', 'fd00:4::31'];
    clock.advance(30_000);
    await follower.settled();
    expect(await bind.lookup('laptop.office.test', 'A')).toEqual(['10.0.4.31']);
    expect(await bind.lookup('laptop.office.test', 'AAAA')).toEqual(['fd00:4::31']);
    follower.stop();
  });

  it('says why the DNS server refused, and tries again at the next look', async () => {
    const clock = new ManualClock(Date.now());
    let key = { ...bind.key, secret: randomBytes(32).toString('base64') };
    const follower = new AddressFollower({
      clock,
      records: {
        addTxt: async () => undefined,
        removeTxt: async () => undefined,
        setAddresses: (name, addresses) =>
          dynamicUpdateRecords({ ...server(), key }).setAddresses(name, addresses),
      },
      name: 'retry.office.test',
      addresses: () => ['192.168.7.7'],
      log: () => undefined,
    });
    follower.start();
    await follower.settled();
    expect(follower.status().published).toBeNull();
    expect(follower.status().failure).toContain('BADSIG');
    expect(await bind.lookup('retry.office.test', 'A')).toEqual([]);

    key = bind.key;
    clock.advance(30_000);
    await follower.settled();
    expect(follower.status()).toEqual({ published: ['192.168.7.7'], failure: null });
    expect(await bind.lookup('retry.office.test', 'A')).toEqual(['192.168.7.7']);
    follower.stop();
  });
});
