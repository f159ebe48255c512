import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudflareRecords } from '../../../src-main/server/certificates/cloudflareRecords';
import { DnsUpdateError } from '../../../src-main/server/certificates/dnsUpdate';
import { startHost, type Host } from '../../../src-main/server/host';
import { startBind, type BindServer } from '../../helpers/network/bindServer';
import { closedPort } from '../../helpers/network/closedPort';
import {
  startCloudflareStandIn,
  type CloudflareStandIn,
} from '../../helpers/network/cloudflareStandIn';
import { startPebble, type PebbleServer } from '../../helpers/network/pebbleServer';
import { until } from '../../helpers/until';

// Issue 53, point 2: besides RFC 2136, one provider's API changes the name's
// records. Cloudflare's cannot be reached from here; a stand-in answers as it
// does and makes each change in a real BIND, which pebble then asks.

let bind: BindServer;
let cloudflare: CloudflareStandIn;
let pebble: PebbleServer;
let dir: string;

beforeAll(async () => {
  bind = await startBind('office.test');
  cloudflare = await startCloudflareStandIn(bind);
  pebble = await startPebble(bind.port);
  dir = await mkdtemp(join(tmpdir(), 'hearth-cloudflare-'));
}, 30_000);
afterAll(async () => {
  await pebble.close();
  await cloudflare.close();
  await bind.close();
  await rm(dir, { recursive: true, force: true });
});

const zone = (token = cloudflare.token) =>
  cloudflareRecords({ zone: bind.zone, token, apiUrl: cloudflare.apiUrl });

async function refusal(work: Promise<unknown>): Promise<DnsUpdateError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DnsUpdateError);
  return error as DnsUpdateError;
}

describe("Cloudflare's API as the way to change the name's records", () => {
  it('adds and removes a challenge record, and keeps the addresses exactly those given', async () => {
    const records = zone();
    await records.addTxt('_acme-challenge.cf.office.test', 'token-one');
    await records.addTxt('_acme-challenge.cf.office.test', 'token-two');
    expect((await bind.lookup('_acme-challenge.cf.office.test', 'TXT')).sort()).toEqual([
      'token-one',
      'token-two',
    ]);
    await records.removeTxt('_acme-challenge.cf.office.test', 'token-one');
    expect(await bind.lookup('_acme-challenge.cf.office.test', 'TXT')).toEqual(['token-two']);

    await records.setAddresses('cf.office.test', ['192.0.2.7', '2001:db8::7']);
    expect(await bind.lookup('cf.office.test', 'A')).toEqual(['192.0.2.7']);
    expect(await bind.lookup('cf.office.test', 'AAAA')).toEqual(['2001:db8::7']);
    // The laptop moved to another network: the new address, and nothing of the old.
    await records.setAddresses('cf.office.test', ['198.51.100.3']);
    expect(await bind.lookup('cf.office.test', 'A')).toEqual(['198.51.100.3']);
    expect(await bind.lookup('cf.office.test', 'AAAA')).toEqual([]);
  });

  it("refuses with Cloudflare's own words: a wrong token, a zone it does not list, a limit", async () => {
    const wrongToken = await refusal(zone('not-the-token').addTxt('x.office.test', 'v'));
    expect(wrongToken.code).toBe('10000');
    expect(wrongToken.message).toContain('Authentication error');

    const otherZone = cloudflareRecords({
      zone: 'elsewhere.test',
      token: cloudflare.token,
      apiUrl: cloudflare.apiUrl,
    });
    const missing = await refusal(otherZone.addTxt('x.elsewhere.test', 'v'));
    expect(missing.code).toBe('NOTZONE');
    expect(missing.message).toContain('elsewhere.test');

    cloudflare.refuseNextChange();
    const limited = await refusal(zone().addTxt('limited.office.test', 'v'));
    expect(limited.message).toContain('consider throttling your request speed');
    expect(await bind.lookup('limited.office.test', 'TXT')).toEqual([]);
  });

  it('says so when the API cannot be reached', async () => {
    const port = await closedPort();
    const unreachable = cloudflareRecords({
      zone: bind.zone,
      token: cloudflare.token,
      apiUrl: `http://127.0.0.1:${port}/client/v4`,
    });
    const error = await refusal(unreachable.setAddresses('x.office.test', ['192.0.2.1']));
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain('cannot be reached');
  });
});

describe('a host whose public name is kept through Cloudflare', () => {
  it('obtains a certificate over DNS-01, points the name at the host, and keeps the token as a secret', async () => {
    const dataDir = await mkdtemp(join(dir, 'host-'));
    const host: Host = await startHost({
      dataDir,
      port: 0,
      announce: false,
      rateLimits: false,
      network: {
        address: '127.0.0.1',
        port: 0,
        name: {
          kind: 'public-name',
          settings: {
            name: 'phones.office.test',
            directoryUrl: pebble.directoryUrl,
            dns: { kind: 'cloudflare', zone: bind.zone, apiUrl: cloudflare.apiUrl },
          },
          dnsSecret: cloudflare.token,
        },
      },
      acme: {
        connection: { authorities: [pebble.listenerCertPem], pollMs: 100, requestRetries: 0 },
        authorities: [pebble.rootPem],
        propagationMs: 0,
      },
    });
    try {
      await until('the certificate', () => Boolean(host.publicName()?.certificate.served));
      expect(host.publicName()?.certificate.served?.names).toEqual(['phones.office.test']);
      await until('the address record', () => host.publicName()?.records.published !== null);
      expect(await bind.lookup('phones.office.test', 'A')).toEqual(['127.0.0.1']);
      // The challenge's record went again once the authority had seen it.
      expect(await bind.lookup('_acme-challenge.phones.office.test', 'TXT')).toEqual([]);
      expect(cloudflare.requests).toContain(
        'POST /client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records',
      );

      const publicDir = join(dataDir, 'tls', 'public');
      expect((await stat(join(publicDir, 'cloudflare-token'))).mode & 0o777).toBe(0o600);
      expect(await readdir(publicDir)).not.toContain('tsig-secret');
    } finally {
      await host.close();
    }
  }, 60_000);
});
