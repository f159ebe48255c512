import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 12's mobile push API on a host that is not registered with Zulip's
// push service: phones register themselves as devices, and every answer is
// the one Zulip documents for such a server.

describe('the mobile push API of a host not registered with the push service', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let bot: TestUser;

  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Record<string, unknown>[];
  const devicesOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['device'] })).json.devices;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    const created = await org.api(alice)('POST', '/bots', {
      full_name: 'Pager',
      short_name: 'pager',
    });
    bot = {
      id: created.json.user_id as number,
      email: 'pager-bot@hearth.local',
      apiKey: created.json.api_key as string,
    } as TestUser;
  });
  afterAll(() => org.close());

  it('says in register and server settings that phones are not notified, with no end date', async () => {
    const registered = await org.api(alice)('POST', '/register', { fetch_event_types: ['realm'] });
    expect(registered.json).toMatchObject({
      realm_push_notifications_enabled: false,
      realm_push_notifications_enabled_end_timestamp: null,
      realm_require_e2ee_push_notifications: false,
    });
    const settings = await org.api()('GET', '/server_settings');
    expect(settings.json.push_notifications_enabled).toBe(false);
  });

  it("registers a signed-in phone as one of its user's devices, and removes it as it signs out", async () => {
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['device'] })).json
      .queue_id as string;
    const first = await org.api(alice)('POST', '/register_client_device');
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const second = await org.api(alice)('POST', '/register_client_device');
    const [one, two] = [first.json.device_id as number, second.json.device_id as number];
    expect(first.json).toEqual({ result: 'success', msg: '', device_id: one });
    expect(two).toBeGreaterThan(one);

    const unregistered = {
      push_key_id: null,
      push_token_id: null,
      pending_push_token_id: null,
      push_token_last_updated_timestamp: null,
      push_registration_error_code: null,
    };
    expect(await devicesOf(alice)).toEqual({
      [String(one)]: unregistered,
      [String(two)]: unregistered,
    });
    expect(await devicesOf(bob)).toEqual({});

    const foreign = await org.api(bob)('POST', '/remove_client_device', { device_id: one });
    expect([foreign.status, foreign.json.code, foreign.json.msg]).toEqual([
      400,
      'BAD_REQUEST',
      'Invalid device ID',
    ]);
    const removed = await org.api(alice)('POST', '/remove_client_device', { device_id: one });
    expect(removed.json).toEqual({ result: 'success', msg: '' });
    const again = await org.api(alice)('POST', '/remove_client_device', { device_id: one });
    expect(again.status).toBe(400);
    const missing = await org.api(alice)('POST', '/remove_client_device');
    expect([missing.json.code, missing.json.msg]).toEqual([
      'REQUEST_VARIABLE_MISSING',
      "Missing 'device_id' argument",
    ]);

    expect(await eventsOf(alice, queueId)).toEqual([
      { type: 'device', op: 'add', device_id: one, id: expect.any(Number) },
      { type: 'device', op: 'add', device_id: two, id: expect.any(Number) },
      { type: 'device', op: 'remove', device_id: one, id: expect.any(Number) },
    ]);
    await org.restart();
    expect(await devicesOf(alice)).toEqual({ [String(two)]: unregistered });
  });

  it('refuses an E2EE registration as a server not configured for the push service', async () => {
    const deviceId = (await org.api(alice)('POST', '/register_client_device')).json.device_id;
    const registration = await org.api(alice)('POST', '/mobile_push/register', {
      device_id: deviceId,
      push_key_id: 2408,
      push_key: 'MTaUDJDMWypQ1WufZ1NRTHSSvgYtXh1qVNSjN3aBiEFt',
      token_kind: 'fcm',
      token_id: 'hGsEWGmyyfI=',
      bouncer_public_key: 'bouncer-public-key',
      encrypted_push_registration: 'encrypted-push-registration-data',
    });
    expect([registration.status, registration.json]).toEqual([
      400,
      {
        result: 'error',
        code: 'PUSH_SERVICE_NOT_CONFIGURED',
        msg: 'Server is not configured to use push notification service.',
      },
    ]);
    const badKind = await org.api(alice)('POST', '/mobile_push/register', {
      device_id: deviceId,
      token_kind: 'webpush',
    });
    expect([badKind.status, badKind.json.code]).toEqual([400, 'BAD_REQUEST']);
    expect(badKind.json.msg).toMatch(/^Invalid token_kind/);

    const test = await org.api(alice)('POST', '/mobile_push/e2ee/test_notification', {
      device_id: deviceId,
    });
    expect([test.status, test.json.code, test.json.msg]).toEqual([
      400,
      'NO_ACTIVE_PUSH_DEVICE',
      'No active registered push device',
    ]);
    expect((await devicesOf(alice))[String(deviceId)]).toMatchObject({ push_key_id: null });
  });

  it('keeps legacy tokens as Zulip validates them, and tests only a token it knows', async () => {
    const apns = 'YWJjZGVmZ2hpamtsbW5vcA==';
    const noAppId = await org.api(alice)('POST', '/users/me/apns_device_token', { token: apns });
    expect([noAppId.json.code, noAppId.json.msg]).toEqual([
      'REQUEST_VARIABLE_MISSING',
      "Missing 'appid' argument",
    ]);
    const badAppId = await org.api(alice)('POST', '/users/me/apns_device_token', {
      token: apns,
      appid: 'org.zulip/Zulip',
    });
    expect(badAppId.json.msg).toMatch(/^Invalid appid/);
    const notBase64 = await org.api(alice)('POST', '/users/me/apns_device_token', {
      token: 'abcde',
      appid: 'org.zulip.Zulip',
    });
    expect(notBase64.json.msg).toBe('Invalid APNS token');
    const empty = await org.api(alice)('POST', '/users/me/android_gcm_reg_id', { token: '' });
    expect(empty.json.msg).toBe('Empty or invalid length token');
    const long = await org.api(alice)('POST', '/users/me/android_gcm_reg_id', {
      token: 'x'.repeat(4097),
    });
    expect(long.json.msg).toBe('Empty or invalid length token');

    for (const [path, params] of [
      ['/users/me/apns_device_token', { token: apns, appid: 'org.zulip.Zulip' }],
      ['/users/me/android_gcm_reg_id', { token: 'android-token' }],
    ] as const) {
      const added = await org.api(alice)('POST', path, params);
      expect(added.json, path).toEqual({ result: 'success', msg: '' });
    }
    const unknown = await org.api(alice)('POST', '/mobile_push/test_notification', {
      token: 'never-registered',
    });
    expect([unknown.status, unknown.json.code, unknown.json.msg]).toEqual([
      400,
      'INVALID_PUSH_DEVICE_TOKEN',
      'Device not recognized',
    ]);
    const others = await org.api(bob)('POST', '/mobile_push/test_notification', {
      token: 'android-token',
    });
    expect(others.json.code).toBe('INVALID_PUSH_DEVICE_TOKEN');
    const known = await org.api(alice)('POST', '/mobile_push/test_notification', {
      token: 'android-token',
    });
    expect(known.json).toEqual({ result: 'success', msg: '' });

    await org.restart();
    const removed = await org.api(alice)('DELETE', '/users/me/android_gcm_reg_id', {
      token: 'android-token',
    });
    expect(removed.json).toEqual({ result: 'success', msg: '' });
    const gone = await org.api(alice)('DELETE', '/users/me/android_gcm_reg_id', {
      token: 'android-token',
    });
    expect([gone.status, gone.json.msg]).toEqual([400, 'Token does not exist']);
    const wrongKind = await org.api(alice)('DELETE', '/users/me/android_gcm_reg_id', {
      token: apns,
    });
    expect(wrongKind.json.msg).toBe('Token does not exist');
    const apnsRemoved = await org.api(alice)('DELETE', '/users/me/apns_device_token', {
      token: apns,
    });
    expect(apnsRemoved.json.result).toBe('success');
  });

  it('refuses bots, which have no phones', async () => {
    for (const [path, params] of [
      ['/users/me/android_gcm_reg_id', { token: 'bot-token' }],
      ['/mobile_push/test_notification', {}],
      ['/mobile_push/register', { device_id: 1 }],
    ] as const) {
      const refused = await org.api(bot)('POST', path, params);
      expect([refused.status, refused.json.msg], path).toEqual([
        400,
        'This endpoint does not accept bot requests.',
      ]);
    }
  });

  it('lets administrators require end-to-end encrypted notifications, and tells everyone', async () => {
    const { owner } = org;
    const queueId = (await org.api(bob)('POST', '/register', { event_types: ['realm'] })).json
      .queue_id as string;
    const refused = await org.api(bob)('PATCH', '/realm', {
      require_e2ee_push_notifications: true,
    });
    expect(refused.status).toBe(400);
    const changed = await org.api(owner)('PATCH', '/realm', {
      require_e2ee_push_notifications: true,
    });
    expect(changed.json).toMatchObject({
      result: 'success',
      require_e2ee_push_notifications: true,
    });
    expect(await eventsOf(bob, queueId)).toEqual([
      {
        type: 'realm',
        op: 'update',
        property: 'require_e2ee_push_notifications',
        value: true,
        id: expect.any(Number),
      },
    ]);
    const registered = await org.api(bob)('POST', '/register', { fetch_event_types: ['realm'] });
    expect(registered.json.realm_require_e2ee_push_notifications).toBe(true);
  });
});
