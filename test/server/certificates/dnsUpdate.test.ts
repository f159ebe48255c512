import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DnsUpdateError,
  updateRecords,
  type DnsUpdateServer,
} from '../../../src-main/server/certificates/dnsUpdate';
import { dynamicUpdateRecords } from '../../../src-main/server/certificates/nameRecords';
import { startBind, type BindServer } from '../../helpers/network/bindServer';
import { closedPort } from '../../helpers/network/closedPort';

let bind: BindServer;
let server: DnsUpdateServer;

beforeAll(async () => {
  bind = await startBind('office.test');
  server = { host: '127.0.0.1', port: bind.port, zone: bind.zone, key: bind.key };
});
afterAll(() => bind.close());

const refusal = async (promise: Promise<unknown>): Promise<DnsUpdateError> => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DnsUpdateError);
  return error as DnsUpdateError;
};

describe('RFC 2136 updates signed with TSIG, to BIND on loopback', () => {
  it('adds and removes a TXT record, leaving the others of the name', async () => {
    const records = dynamicUpdateRecords(server);
    await records.addTxt('_acme-challenge.hearth.office.test', 'first-token');
    await records.addTxt('_acme-challenge.hearth.office.test', 'second-token');
    expect((await bind.lookup('_acme-challenge.hearth.office.test', 'TXT')).sort()).toEqual([
      'first-token',
      'second-token',
    ]);
    await records.removeTxt('_acme-challenge.hearth.office.test', 'first-token');
    expect(await bind.lookup('_acme-challenge.hearth.office.test', 'TXT')).toEqual([
      'second-token',
    ]);
  });

  it('points a name at exactly the addresses given, and moves it when they change', async () => {
    const records = dynamicUpdateRecords(server);
    await records.setAddresses('chat.office.test', ['192.168.1.20', 'fd00:1::20']);
    expect(await bind.lookup('chat.office.test', 'A')).toEqual(['192.168.1.20']);
    expect(await bind.lookup('chat.office.test', 'AAAA')).toEqual(['fd00:1::20']);

    await records.setAddresses('chat.office.test', ['10.0.0.7']);
    expect(await bind.lookup('chat.office.test', 'A')).toEqual(['10.0.0.7']);
    expect(await bind.lookup('chat.office.test', 'AAAA')).toEqual([]);
  });

  it('keeps a long TXT value whole across its 255-byte strings', async () => {
    const value = 'x'.repeat(300);
    await updateRecords(server, [
      { kind: 'set', name: 'long.office.test', type: 'TXT', ttl: 60, values: [value] },
    ]);
    expect(await bind.lookup('long.office.test', 'TXT')).toEqual([value]);
  });

  it('is refused in the server’s own words when the key’s secret is wrong, and changes nothing', async () => {
    const wrongSecret = {
      ...server,
      key: { ...bind.key, secret: randomBytes(32).toString('base64') },
    };
    const error = await refusal(
      updateRecords(wrongSecret, [
        { kind: 'set', name: 'wrong.office.test', type: 'A', ttl: 60, values: ['10.9.9.9'] },
      ]),
    );
    expect(error.code).toBe('BADSIG');
    expect(error.message).toContain('NOTAUTH');
    expect(await bind.lookup('wrong.office.test', 'A')).toEqual([]);
  });

  it('names an unknown key as the server does', async () => {
    const unknownKey = { ...server, key: { ...bind.key, name: 'somebody-else' } };
    const error = await refusal(
      updateRecords(unknownKey, [
        { kind: 'set', name: 'wrong.office.test', type: 'A', ttl: 60, values: ['10.9.9.9'] },
      ]),
    );
    expect(error.code).toBe('BADKEY');
  });

  it('passes on the server’s refusal of a zone it does not serve', async () => {
    const otherZone = { ...server, zone: 'elsewhere.test' };
    const error = await refusal(
      updateRecords(otherZone, [
        { kind: 'set', name: 'chat.elsewhere.test', type: 'A', ttl: 60, values: ['10.9.9.9'] },
      ]),
    );
    expect(['NOTAUTH', 'REFUSED']).toContain(error.code);
    expect(error.message).toContain(error.code);
  });

  it('says a server that is not there cannot be reached', async () => {
    const port = await closedPort();
    const error = await refusal(
      updateRecords({ ...server, port }, [
        { kind: 'set', name: 'chat.office.test', type: 'A', ttl: 60, values: ['10.9.9.9'] },
      ]),
    );
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain('ECONNREFUSED');
  });
});
