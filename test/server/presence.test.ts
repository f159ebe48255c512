import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's presence: POST /users/me/presence every minute, presence events
// when someone appears or comes back, and the register state.
describe('presence', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeEach(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterEach(() => org.close());

  const report = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/users/me/presence', params);
  const now = () => Date.now() / 1000;
  const queueOf = async (user: TestUser, params: Record<string, unknown> = {}) =>
    (await org.api(user)('POST', '/register', { event_types: ['presence'], ...params })).json
      .queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Record<string, unknown>[];
  // Moves a user's last report into the past, as if they had been away.
  const age = (user: TestUser, seconds: number) => {
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
    db.prepare(
      `UPDATE user_presence SET last_active_time = last_active_time - ?,
         last_connected_time = last_connected_time - ? WHERE user_id = ?`,
    ).run(seconds, seconds, user.id);
    db.close();
  };

  it("answers everyone's presence by email, with the server's clock", async () => {
    const before = now();
    const response = await report(alice, { status: 'active', new_user_input: true });
    expect(response.status).toBe(200);
    const { presences, server_timestamp: serverTimestamp } = response.json;
    expect(serverTimestamp).toBeGreaterThanOrEqual(before - 1);
    expect(serverTimestamp).toBeLessThanOrEqual(now() + 1);
    const mine = presences[alice.email];
    expect(mine).toEqual({
      aggregated: { client: 'website', status: 'active', timestamp: expect.any(Number) },
      website: {
        client: 'website',
        status: 'active',
        timestamp: expect.any(Number),
        pushable: false,
      },
    });
    expect(Math.abs(mine.website.timestamp - before)).toBeLessThanOrEqual(2);
    expect(Object.keys(presences)).toEqual([alice.email]);
  });

  it('keys presence by user ID in the modern format with slim_presence', async () => {
    await report(bob, { status: 'idle' });
    const response = await report(alice, { status: 'active', slim_presence: true });
    const { presences } = response.json;
    expect(Object.keys(presences).sort()).toEqual([String(alice.id), String(bob.id)].sort());
    const bobs = presences[String(bob.id)];
    // A first report of idle is dated just beyond Zulip's 70-second activity offset.
    expect(bobs.idle_timestamp - bobs.active_timestamp).toBe(71);
    const alices = presences[String(alice.id)];
    expect(alices.active_timestamp).toBe(alices.idle_timestamp);
  });

  it('answers only result and msg to a ping', async () => {
    const response = await report(alice, { status: 'active', ping_only: true });
    expect(response.json).toEqual({ result: 'success', msg: '' });
  });

  it('refuses a status other than active or idle', async () => {
    const response = await report(alice, { status: 'away' });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', msg: 'Invalid status: away' });
  });

  it('tells everyone when a user first appears, in the legacy event format', async () => {
    const queue = await queueOf(bob);
    await report(alice, { status: 'active' });
    const events = await eventsOf(bob, queue);
    expect(events).toEqual([
      {
        id: expect.any(Number),
        type: 'presence',
        email: alice.email,
        user_id: alice.id,
        server_timestamp: expect.any(Number),
        presence: {
          website: {
            client: 'website',
            status: 'active',
            timestamp: expect.any(Number),
            pushable: false,
          },
        },
      },
    ]);
  });

  it('stays quiet while a user keeps reporting, and speaks when they come back', async () => {
    await report(alice, { status: 'active' });
    const queue = await queueOf(bob);
    await report(alice, { status: 'active' });
    await report(alice, { status: 'idle' });
    expect(await eventsOf(bob, queue)).toEqual([]);

    age(alice, 3600);
    await report(alice, { status: 'idle' });
    expect(await eventsOf(bob, queue)).toEqual([]);
    await report(alice, { status: 'active' });
    const events = await eventsOf(bob, queue);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'presence', user_id: alice.id });
  });

  it('shows at once as offline a user who turns presence_enabled off, and records none of their reports', async () => {
    await report(alice, { status: 'active' });
    const queue = await queueOf(bob);
    await org.api(alice)('PATCH', '/settings', { presence_enabled: false });
    // Zulip 7.0 dates one idle report beyond the offline threshold, and says so to everyone.
    const [event] = await eventsOf(bob, queue);
    expect(event).toMatchObject({
      type: 'presence',
      user_id: alice.id,
      presence: { website: { status: 'idle', timestamp: expect.any(Number) } },
    });
    const seen = (await org.api(bob)('GET', `/users/${alice.id}/presence`)).json.presence;
    expect(seen.aggregated.status).toBe('offline');
    const response = await report(alice, { status: 'active' });
    expect(response.json.presences[alice.email].website).toMatchObject({ status: 'idle' });
    expect((await org.api(bob)('GET', `/users/${alice.id}/presence`)).json.presence).toEqual(seen);

    await org.api(alice)('PATCH', '/settings', { presence_enabled: true });
    const back = (await org.api(bob)('GET', `/users/${alice.id}/presence`)).json.presence;
    expect(back.aggregated.status).toBe('active');
  });

  it('tells a client with simplified_presence_events in the modern form, the others in the legacy one', async () => {
    const modern = await queueOf(bob, {
      client_capabilities: { simplified_presence_events: true },
    });
    const legacy = await queueOf(bob);
    await report(alice, { status: 'active' });
    // Zulip 11 (feature level 419): `presences` by user ID, nothing else.
    expect(await eventsOf(bob, modern)).toEqual([
      {
        id: 0,
        type: 'presence',
        presences: {
          [String(alice.id)]: {
            active_timestamp: expect.any(Number),
            idle_timestamp: expect.any(Number),
          },
        },
      },
    ]);
    expect(await eventsOf(bob, legacy)).toEqual([
      expect.objectContaining({ type: 'presence', user_id: alice.id, email: alice.email }),
    ]);
  });

  it('lists at register those who reported in the last two weeks', async () => {
    await report(alice, { status: 'active' });
    await report(bob, { status: 'active' });
    age(bob, 15 * 24 * 3600);
    const state = (await org.api(alice)('POST', '/register', { fetch_event_types: ['presence'] }))
      .json;
    expect(Object.keys(state.presences)).toEqual([alice.email]);
    expect(typeof state.server_timestamp).toBe('number');
  });

  it("gives one user's presence in the modern and legacy forms, offline once it is old", async () => {
    await report(alice, { status: 'active' });
    const fresh = await org.api(bob)('GET', `/users/${alice.id}/presence`);
    // Zulip 12: the modern timestamps (feature level 487), the legacy
    // dictionaries beside them and the server's time (497).
    expect(fresh.json).toEqual({
      result: 'success',
      msg: '',
      presence: {
        active_timestamp: expect.any(Number),
        idle_timestamp: expect.any(Number),
        aggregated: { status: 'active', timestamp: expect.any(Number) },
        website: { status: 'active', timestamp: expect.any(Number) },
      },
      server_timestamp: expect.any(Number),
    });
    const { presence } = fresh.json;
    expect(presence.aggregated.timestamp).toBe(presence.active_timestamp);
    age(alice, 600);
    const old = await org.api(bob)('GET', `/users/${alice.email}/presence`);
    expect(old.json.presence.aggregated.status).toBe('offline');
    const none = await org.api(alice)('GET', `/users/${bob.id}/presence`);
    expect(none.status).toBe(400);
    expect(none.json.msg).toBe(`No presence data for ${bob.id}`);
  });

  it('answers the whole organization at GET /realm/presence', async () => {
    await report(alice, { status: 'active' });
    const response = await org.api(bob)('GET', '/realm/presence');
    expect(Object.keys(response.json.presences)).toEqual([alice.email]);
  });
});
