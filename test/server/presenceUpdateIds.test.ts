import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 9's presence_last_update_id (feature level 263): a client polling
// presence gets only what changed since the number it holds.
describe('presence since a last update ID', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const report = (user: TestUser, params: Record<string, unknown> = {}) =>
    org.api(user)('POST', '/users/me/presence', { status: 'active', ...params });
  const keys = (response: { json: { presences: Record<string, unknown> } }) =>
    Object.keys(response.json.presences).sort();

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
  });
  afterAll(() => org.close());

  it('answers everyone at first, then only who changed, counting on across a restart', async () => {
    await report(bob);
    const first = await report(alice, { last_update_id: -1 });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(keys(first)).toEqual([String(alice.id), String(bob.id)].sort());
    // Sending the ID asks for the modern format, keyed by user ID.
    expect(first.json.presences[String(bob.id)]).toEqual({
      active_timestamp: expect.any(Number),
      idle_timestamp: expect.any(Number),
    });
    const seen = first.json.presence_last_update_id as number;
    expect(seen).toBeGreaterThanOrEqual(2);

    const unchanged = await report(alice, { last_update_id: seen });
    expect(unchanged.json.presences).toEqual({});
    expect(unchanged.json.presence_last_update_id).toBe(seen);

    await report(carol);
    const changed = await report(alice, { last_update_id: seen });
    expect(keys(changed)).toEqual([String(carol.id)]);
    expect(changed.json.presence_last_update_id).toBe(seen + 1);

    await org.restart();
    await org.api(carol)('PATCH', '/settings', { presence_enabled: false });
    const afterRestart = await report(alice, { last_update_id: seen + 1 });
    expect(keys(afterRestart)).toEqual([String(carol.id)]);
    expect(afterRestart.json.presence_last_update_id).toBe(seen + 2);
  });

  it('gives the same number in register, GET /realm/presence and legacy reports', async () => {
    const latest = (await report(alice, { last_update_id: -1 })).json
      .presence_last_update_id as number;
    const registered = await org.api(alice)('POST', '/register', {
      fetch_event_types: ['presence'],
      slim_presence: true,
    });
    expect(registered.json.presence_last_update_id).toBe(latest);
    const realm = await org.api(alice)('GET', '/realm/presence');
    expect(realm.json.presence_last_update_id).toBe(latest);
    const legacy = await report(alice);
    expect(legacy.json.presence_last_update_id).toBe(latest);
    expect(Object.keys(legacy.json.presences)).toContain(bob.email);
  });

  it('sends no presence for a history limit of no days, keeping the number the client had', async () => {
    const none = await report(alice, { last_update_id: -1, history_limit_days: 0 });
    expect(none.json.presences).toEqual({});
    expect(none.json.presence_last_update_id).toBe(-1);
    const registered = await org.api(alice)('POST', '/register', {
      fetch_event_types: ['presence'],
      presence_history_limit_days: 0,
    });
    expect(registered.json.presences).toEqual({});
    expect(registered.json.presence_last_update_id).toBe(-1);
  });

  it('refuses an ID or a limit that is not a whole number', async () => {
    for (const params of [{ last_update_id: 'soon' }, { history_limit_days: 1.5 }]) {
      const response = await report(alice, params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    }
  });
});
