import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccountKey, obtainCertificate } from '../../../src-main/server/certificates/acmeIssuer';
import {
  CertificateKeeper,
  renewalDueMs,
  type CertificatePem,
} from '../../../src-main/server/certificates/certificateKeeper';
import type { CertificateFacts } from '../../../src-main/server/certificates/certificatePair';
import {
  dynamicUpdateRecords,
  type NameRecords,
} from '../../../src-main/server/certificates/nameRecords';
import { ManualClock } from '../../helpers/manualClock';
import { startBind, type BindServer } from '../../helpers/network/bindServer';
import { startPebble, type PebbleServer } from '../../helpers/network/pebbleServer';

let bind: BindServer;
let pebble: PebbleServer;
beforeAll(async () => {
  bind = await startBind('office.test');
  pebble = await startPebble(bind.port);
}, 30_000);
afterAll(async () => {
  await pebble.close();
  await bind.close();
});

const dayMs = 24 * 60 * 60 * 1000;

// Pebble hands an account's finished authorization for a name to its next
// order for that name now and then, even told not to (1 time in 100 with
// PEBBLE_AUTHZREUSE=0): each attempt opens an account of its own, so that a
// renewal meant to fail has a challenge to fail.
async function keeperFor(clock: ManualClock, name: string, records: () => NameRecords) {
  const installed: { pem: CertificatePem; facts: CertificateFacts }[] = [];
  const keeper = new CertificateKeeper({
    clock,
    obtain: async () =>
      obtainCertificate({
        name,
        account: { directoryUrl: pebble.directoryUrl, accountKeyPem: await newAccountKey() },
        records: records(),
        propagationMs: 0,
        authorities: [pebble.listenerCertPem],
        pollMs: 100,
        requestRetries: 0,
      }),
    install: async (pem, facts) => {
      installed.push({ pem, facts });
    },
    log: () => undefined,
    authorities: [pebble.rootPem],
  });
  return { keeper, installed };
}

/** The value a step of the test needs, failing the test where it is missing. */
function present<T>(value: T | null | undefined): T {
  expect(value).toBeDefined();
  expect(value).not.toBeNull();
  return value as T;
}

const goodRecords = () =>
  dynamicUpdateRecords({ host: '127.0.0.1', port: bind.port, zone: bind.zone, key: bind.key });

describe('the public certificate, kept and renewed', () => {
  it('obtains one at once, then renews it at two thirds of its lifetime', async () => {
    const clock = new ManualClock(Date.now());
    const { keeper, installed } = await keeperFor(clock, 'chat.office.test', goodRecords);
    keeper.start(null);
    clock.advance(0);
    await keeper.settled();
    expect(keeper.status().failure).toBeNull();
    expect(installed).toHaveLength(1);
    const first = present(installed[0]).facts;
    expect(keeper.status()).toMatchObject({ served: first, failure: null, obtaining: false });
    expect(keeper.status().nextAttemptMs).toBe(renewalDueMs(first));

    // A day before the renewal is due, nothing happens.
    clock.advance(renewalDueMs(first) - clock.now() - dayMs);
    await keeper.settled();
    expect(installed).toHaveLength(1);

    clock.advance(dayMs);
    await keeper.settled();
    expect(installed).toHaveLength(2);
    expect(present(installed[1]).facts.fingerprint).not.toBe(first.fingerprint);
    expect(keeper.status().served).toEqual(present(installed[1]).facts);
    keeper.stop();
  }, 60_000);

  it('keeps the certificate it has when a renewal fails, says why, and tries again later', async () => {
    const clock = new ManualClock(Date.now());
    let records = goodRecords();
    const { keeper, installed } = await keeperFor(clock, 'renewal.office.test', () => records);
    keeper.start(null);
    clock.advance(0);
    await keeper.settled();
    expect(keeper.status().failure).toBeNull();
    const served = present(installed[0]).facts;

    records = dynamicUpdateRecords({
      host: '127.0.0.1',
      port: bind.port,
      zone: bind.zone,
      key: { ...bind.key, secret: randomBytes(32).toString('base64') },
    });
    clock.advance(renewalDueMs(served) - clock.now());
    await keeper.settled();
    const status = keeper.status();
    expect(status.served).toEqual(served);
    expect(status.failure).toMatchObject({ source: 'dns' });
    expect(status.failure?.message).toContain('BADSIG');
    expect(status.nextAttemptMs).toBe(present(status.failure).atMs + 60_000);
    expect(installed).toHaveLength(1);

    // The second failure waits twice as long.
    clock.advance(60_000);
    await keeper.settled();
    const again = keeper.status();
    expect(present(again.failure).atMs).toBe(present(status.failure).atMs + 60_000);
    expect(again.nextAttemptMs).toBe(present(again.failure).atMs + 120_000);

    records = goodRecords();
    clock.advance(120_000);
    await keeper.settled();
    expect(installed).toHaveLength(2);
    expect(keeper.status().failure).toBeNull();
    keeper.stop();
  }, 60_000);
});
