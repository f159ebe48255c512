import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import {
  startStandInService,
  tokenIdOf,
  type StandInService,
} from '../helpers/pushService/standInService';
import { makeTestPhone } from '../helpers/pushService/testPhone';
import { until } from '../helpers/until';

// Issue 54, points 2 and 3: the host registers with a push service (a
// stand-in on loopback, written from Zulip's documentation) as Zulip's
// register_server does, and forwards each phone's E2EE registration to it.

const contactEmail = 'owner@office.test';

describe('registering the host with the push service', () => {
  let service: StandInService;
  let org: Org;

  beforeAll(async () => {
    service = await startStandInService();
    org = await startOrg();
  });
  afterAll(async () => {
    await org.close();
    await service.close();
  });
  afterEach(() => service.failWith(null));

  it('sends nothing until the owner accepted the terms', async () => {
    await expect(
      org.host.registerPushService({ url: service.url, contactEmail, termsAccepted: false }),
    ).rejects.toThrow(/terms/);
    expect(service.calls).toEqual([]);
    expect(org.host.pushService()).toBeNull();
  });

  it('says when the service cannot be reached, and since when', async () => {
    service.failWith('reset');
    const outcome = await org.host.registerPushService({
      url: service.url,
      contactEmail,
      termsAccepted: true,
    });
    expect(outcome.kind).toBe('unreachable');
    const status = org.host.pushService();
    expect(status).toMatchObject({
      url: service.url,
      contactEmail,
      registeredAt: null,
      refusal: null,
    });
    expect(status?.unreachableSince).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it("passes on the service's refusal in its words", async () => {
    const outcome = await org.host.registerPushService({
      url: service.url,
      contactEmail: 'someone@example.com',
      termsAccepted: true,
    });
    expect(outcome).toEqual({ kind: 'refused', msg: 'Enter a valid email address.' });
    expect(org.host.pushService()).toMatchObject({
      refusal: 'Enter a valid email address.',
      unreachableSince: null,
      registeredAt: null,
    });
  });

  it('registers with one identity, kept in 0600 files, and tells the service of the organization', async () => {
    const alice = await org.user('alice');
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['realm'] })).json
      .queue_id as string;
    const first = await org.host.registerPushService({
      url: service.url,
      contactEmail,
      termsAccepted: true,
    });
    expect(first).toEqual({ kind: 'registered' });
    expect(service.servers.size).toBe(1);
    const [[orgId, registered] = ['', undefined]] = service.servers.entries();
    expect(registered?.hostname).toBe(new URL(org.url).host);
    expect(registered?.contactEmail).toBe(contactEmail);
    const [realm] = registered?.realms.values() ?? [];
    expect(realm).toMatchObject({ url: org.url, name: org.realmName, deactivated: false });
    const events = await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true });
    expect(events.json.events).toEqual([
      {
        id: 0,
        type: 'realm',
        op: 'update',
        property: 'push_notifications_enabled',
        value: true,
      },
    ]);
    const state = await org.api(alice)('POST', '/register', { fetch_event_types: ['realm'] });
    expect(state.json.realm_push_notifications_enabled).toBe(true);
    expect((await org.api()('GET', '/server_settings')).json.push_notifications_enabled).toBe(true);
    for (const name of ['push-service-id', 'push-service-key']) {
      const mode = (await stat(join(org.dataDir, 'push', name))).mode & 0o777;
      expect(mode.toString(8)).toBe('600');
    }

    await org.restart();
    const again = await org.host.registerPushService({
      url: service.url,
      contactEmail: 'it@office.test',
      termsAccepted: true,
    });
    expect(again).toEqual({ kind: 'registered' });
    expect([...service.servers.keys()]).toEqual([orgId]);
    expect(service.servers.get(orgId)?.contactEmail).toBe('it@office.test');
    expect(org.host.pushService()).toMatchObject({
      contactEmail: 'it@office.test',
      unreachableSince: null,
      refusal: null,
    });
    expect(org.host.pushService()?.registeredAt).toBeGreaterThan(0);
  });
});

describe("a phone's E2EE registration, forwarded to the push service", () => {
  let service: StandInService;
  let org: Org;
  let alice: TestUser;
  let queueId: string;
  let lastEventId = -1;

  const register = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/mobile_push/register', params);
  const newDevice = async (user: TestUser) =>
    (await org.api(user)('POST', '/register_client_device')).json.device_id as number;
  const deviceOf = async (user: TestUser, id: number) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['device'] })).json.devices[
      String(id)
    ];
  /** The device events Alice's queue got since the last look. */
  const deviceEvents = async () => {
    const answer = await org.api(alice)('GET', '/events', {
      queue_id: queueId,
      last_event_id: lastEventId,
      dont_block: true,
    });
    const events = answer.json.events as { id: number; type: string }[];
    lastEventId = events.at(-1)?.id ?? lastEventId;
    return events.filter((event) => event.type === 'device').map(({ id: _id, ...event }) => event);
  };
  /** Waits until the device's state, as register answers it, satisfies `check`. */
  const deviceUntil = async (
    device: number,
    what: string,
    check: (state: Record<string, unknown>) => boolean,
  ) => {
    for (let tries = 0; tries < 200; tries++) {
      if (check(await deviceOf(alice, device))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${what} did not happen in 10 s`);
  };
  const confirmed = (device: number, tokenId: string) =>
    deviceUntil(device, 'the token confirmed', (state) => state.push_token_id === tokenId);
  /** A new phone of Alice's, registered and confirmed by the service. */
  const alicesPhone = async () => {
    const phone = await makeTestPhone();
    const device = await newDevice(alice);
    await register(alice, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    await confirmed(device, tokenIdOf(phone.token));
    return { phone, device };
  };

  beforeAll(async () => {
    service = await startStandInService();
    org = await startOrg();
    alice = await org.user('alice');
    queueId = (await org.api(alice)('POST', '/register', { event_types: ['device'] })).json
      .queue_id as string;
  });
  afterAll(async () => {
    await org.close();
    await service.close();
  });
  afterEach(() => service.failWith(null));

  it('is refused as Zulip refuses it before the host is registered', async () => {
    const phone = await makeTestPhone();
    const device = await newDevice(alice);
    const answer = await register(alice, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    expect([answer.status, answer.json.code]).toEqual([400, 'PUSH_SERVICE_NOT_CONFIGURED']);
    await org.host.registerPushService({ url: service.url, contactEmail, termsAccepted: true });
    await deviceEvents();
  });

  it('goes to the service in the background, and the phone follows it through device events', async () => {
    const phone = await makeTestPhone();
    const device = await newDevice(alice);
    await deviceEvents();
    const before = Math.floor(Date.now() / 1000);
    const answer = await register(alice, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    expect(answer.json).toEqual({ result: 'success', msg: '' });
    const tokenId = tokenIdOf(phone.token);
    await confirmed(device, tokenId);
    expect(service.devices.get(tokenId)).toMatchObject({ token: phone.token, kind: 'fcm' });

    const [pending, done] = await deviceEvents();
    expect(pending).toMatchObject({
      type: 'device',
      op: 'update',
      device_id: device,
      push_key_id: phone.pushKeyId,
      pending_push_token_id: tokenId,
      push_registration_error_code: null,
    });
    expect(
      (pending as unknown as { push_token_last_updated_timestamp: number })
        .push_token_last_updated_timestamp,
    ).toBeGreaterThanOrEqual(before);
    expect(done).toEqual({
      type: 'device',
      op: 'update',
      device_id: device,
      push_token_id: tokenId,
      pending_push_token_id: null,
    });
    expect(await deviceOf(alice, device)).toMatchObject({
      push_key_id: phone.pushKeyId,
      push_token_id: tokenId,
      pending_push_token_id: null,
      push_registration_error_code: null,
    });

    const repeated = await register(alice, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    expect(repeated.json.result).toBe('success');
    expect(await deviceEvents()).toEqual([]);

    phone.rotateKey();
    const rotated = await register(alice, { device_id: device, ...phone.keyFields() });
    expect(rotated.json.result).toBe('success');
    expect(await deviceEvents()).toEqual([
      { type: 'device', op: 'update', device_id: device, push_key_id: phone.pushKeyId },
    ]);
    const calls = service.calls.length;
    expect(service.calls.slice(calls - 1)).toEqual(['push/e2ee/register']);
  });

  it("refuses what Zulip refuses, in Zulip's words", async () => {
    const phone = await makeTestPhone();
    const device = await newDevice(alice);
    const refusal = async (params: Record<string, unknown>) => {
      const answer = await register(alice, { device_id: device, ...params });
      return [answer.status, answer.json.msg];
    };
    expect(await refusal({})).toEqual([
      400,
      'Missing parameters: must provide either all push key fields, all token fields, or both.',
    ]);
    expect(await refusal({ push_key: phone.keyFields().push_key })).toEqual([
      400,
      'Missing parameters: must provide either all push key fields, all token fields, or both.',
    ]);
    expect(await refusal(phone.keyFields())).toEqual([
      400,
      'No push registration exists to rotate key for.',
    ]);
    expect(await refusal(phone.tokenFields(service.publicKey))).toEqual([
      400,
      'No push registration exists to rotate token for.',
    ]);
    const wrongType = Buffer.from(phone.pushKey);
    wrongType[0] = 0x32;
    expect(
      await refusal({
        ...phone.tokenFields(service.publicKey),
        push_key: wrongType.toString('base64'),
        push_key_id: 1,
      }),
    ).toEqual([400, 'Invalid `push_key`']);
    expect(
      await refusal({
        ...phone.keyFields(),
        ...phone.tokenFields(service.publicKey),
        token_id: 'not base64!',
      }),
    ).toEqual([400, '`token_id` is not Base64 encoded']);
    const bob = await org.user('bob');
    const foreign = await register(bob, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    expect([foreign.status, foreign.json.msg]).toEqual([400, 'Invalid `device_id`']);
    await deviceEvents();
  });

  it('tells the phone when the service refuses its registration, and lets it try again', async () => {
    const phone = await makeTestPhone('apns');
    const device = await newDevice(alice);
    await deviceEvents();
    const dayAndMore = Math.floor(Date.now() / 1000) - 25 * 60 * 60;
    await register(alice, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey, dayAndMore),
    });
    await deviceUntil(
      device,
      'the refusal',
      (state) => state.push_registration_error_code !== null,
    );
    expect(await deviceOf(alice, device)).toMatchObject({
      push_registration_error_code: 'REQUEST_EXPIRED',
      push_token_id: null,
      pending_push_token_id: tokenIdOf(phone.token),
    });
    expect((await deviceEvents()).at(-1)).toEqual({
      type: 'device',
      op: 'update',
      device_id: device,
      push_registration_error_code: 'REQUEST_EXPIRED',
    });

    const retried = await register(alice, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    expect(retried.json.result).toBe('success');
    await confirmed(device, tokenIdOf(phone.token));
    expect(service.devices.get(tokenIdOf(phone.token))?.kind).toBe('apns');
  });

  it('tries an unreachable service three times more, then leaves the device pending', async () => {
    const phone = await makeTestPhone();
    const device = await newDevice(alice);
    service.failWith('reset');
    const before = service.calls.length;
    await register(alice, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    await until('four tries', () => service.calls.length - before >= 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.calls.slice(before)).toEqual(Array(4).fill('push/e2ee/register'));
    expect(org.host.pushService()?.unreachableSince).not.toBeNull();
    expect(await deviceOf(alice, device)).toMatchObject({
      push_token_id: null,
      pending_push_token_id: tokenIdOf(phone.token),
      push_registration_error_code: null,
    });
  });

  it('keeps a registration it owes the service across a restart, and sends it then', async () => {
    const phone = await makeTestPhone();
    const device = await newDevice(alice);
    service.failWith('hang');
    const before = service.calls.length;
    await register(alice, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    await until('the host asks the service', () => service.calls.length > before);
    await org.stop();
    service.failWith(null);
    await org.start();
    await confirmed(device, tokenIdOf(phone.token));
  });

  it("forgets a user's devices when the user is deactivated", async () => {
    const carol = await org.user('carol');
    const phone = await makeTestPhone();
    const device = await newDevice(carol);
    await register(carol, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    await org.api(org.owner)('DELETE', `/users/${carol.id}`);
    await org.api(org.owner)('POST', `/users/${carol.id}/reactivate`);
    const state = await org.api(carol)('POST', '/register', { fetch_event_types: ['device'] });
    expect(state.json.devices).toEqual({});
  });

  it("lets the encrypted registration replace the same token's legacy one, and no other", async () => {
    const dave = await org.user('dave');
    const phone = await makeTestPhone();
    const addLegacy = (token: string) =>
      org.api(dave)('POST', '/users/me/android_gcm_reg_id', { token });
    await addLegacy(phone.token);
    await addLegacy('another-phone-token');
    const device = await newDevice(dave);
    await register(dave, {
      device_id: device,
      ...phone.keyFields(),
      ...phone.tokenFields(service.publicKey),
    });
    for (let tries = 0; tries < 200 && !service.devices.has(tokenIdOf(phone.token)); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const legacyTest = async (token: string) =>
      (await org.api(dave)('POST', '/mobile_push/test_notification', { token })).json;
    for (let tries = 0; tries < 100; tries++) {
      if ((await legacyTest(phone.token)).code === 'INVALID_PUSH_DEVICE_TOKEN') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await legacyTest(phone.token)).code).toBe('INVALID_PUSH_DEVICE_TOKEN');
    expect((await legacyTest('another-phone-token')).result).toBe('success');
  });

  it('removes the devices signed in with an API key that is regenerated', async () => {
    const erin = await org.user('erin');
    const device = await newDevice(erin);
    const regenerated = await org.api(erin)('POST', '/users/me/api_key/regenerate');
    const renewed = { ...erin, apiKey: regenerated.json.api_key as string };
    const state = await org.api(renewed)('POST', '/register', { fetch_event_types: ['device'] });
    expect(state.json.devices).toEqual({});
    expect(device).toBeGreaterThan(0);
  });

  it('sends an E2EE test notification that only the phone can read', async () => {
    const { phone, device } = await alicesPhone();
    const delivered = service.deliveries.length;
    const before = Math.floor(Date.now() / 1000);
    const answer = await org.api(alice)('POST', '/mobile_push/e2ee/test_notification', {
      device_id: device,
    });
    expect(answer.json).toEqual({ result: 'success', msg: '' });
    expect(service.deliveries.length).toBe(delivered + 1);
    const [delivery] = service.deliveries.slice(-1);
    if (!delivery) throw new Error('nothing was delivered');
    expect(delivery.token).toBe(phone.token);
    expect(delivery.request).toMatchObject({
      token_id: tokenIdOf(phone.token),
      fcm_priority: 'high',
      payload: { push_key_id: phone.pushKeyId },
    });
    expect(JSON.stringify(delivery.request)).not.toContain(org.realmName);
    const opened = phone.open(delivery);
    expect(opened).toEqual({
      realm_url: org.url,
      realm_name: org.realmName,
      user_id: alice.id,
      type: 'test',
      time: opened.time,
    });
    expect(opened.time).toBeGreaterThanOrEqual(before);

    service.forgetToken(tokenIdOf(phone.token));
    await deviceEvents();
    const gone = await org.api(alice)('POST', '/mobile_push/e2ee/test_notification', {
      device_id: device,
    });
    expect([gone.status, gone.json.code]).toEqual([400, 'NO_ACTIVE_PUSH_DEVICE']);
    expect(await deviceEvents()).toEqual([
      { type: 'device', op: 'update', device_id: device, push_token_id: null },
    ]);

    service.failWith(503);
    const other = await makeTestPhone();
    const second = await newDevice(alice);
    service.failWith(null);
    await register(alice, {
      device_id: second,
      ...other.keyFields(),
      ...other.tokenFields(service.publicKey),
    });
    await confirmed(second, tokenIdOf(other.token));
    service.failWith(503);
    const failed = await org.api(alice)('POST', '/mobile_push/e2ee/test_notification');
    expect([failed.status, failed.json.code]).toEqual([502, 'INTERNAL_SERVER_ERROR_ON_BOUNCER']);
    service.failWith('reset');
    const unreachable = await org.api(alice)('POST', '/mobile_push/e2ee/test_notification');
    expect([unreachable.status, unreachable.json.code]).toEqual([502, 'FAILED_TO_CONNECT_BOUNCER']);
  });

  it("passes on the service's word that the organization's plan does not include pushes", async () => {
    const { device } = await alicesPhone();
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['realm'] })).json
      .queue_id as string;
    const realmEvents = async (lastEventId: number) =>
      (
        await org.api(alice)('GET', '/events', {
          queue_id: queueId,
          last_event_id: lastEventId,
          dont_block: true,
        })
      ).json.events as unknown[];
    const pushesEnabled = async () =>
      (await org.api()('GET', '/server_settings')).json.push_notifications_enabled as boolean;
    const test = () =>
      org.api(alice)('POST', '/mobile_push/e2ee/test_notification', { device_id: device });

    service.canPush = false;
    try {
      await test();
      expect(await pushesEnabled()).toBe(false);
      expect(await realmEvents(-1)).toEqual([
        {
          id: 0,
          type: 'realm',
          op: 'update',
          property: 'push_notifications_enabled',
          value: false,
        },
      ]);
      expect(
        (await org.api(alice)('POST', '/register', { fetch_event_types: ['realm'] })).json
          .realm_push_notifications_enabled,
      ).toBe(false);
      expect(org.host.pushService()).toMatchObject({ canPush: false });
    } finally {
      service.canPush = true;
    }
    await test();
    expect(await pushesEnabled()).toBe(true);
    expect(await realmEvents(0)).toEqual([
      { id: 1, type: 'realm', op: 'update', property: 'push_notifications_enabled', value: true },
    ]);
  });
});
