import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Reading about people as Zulip 12 answers it: one user's status (feature
// level 262), by email (302), some users by ID (384), the channels someone
// is in (440), is_imported_stub (433) and is_deleted (490), realm_uuid
// (466), and what answers a reader who has not signed in (387).

interface Member {
  user_id: number;
  full_name: string;
  is_imported_stub?: boolean;
}

describe('looking people up', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    admin = await org.user('admin');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
    await org.subscribe(alice, 'porch');
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'den' }],
      invite_only: true,
    });
  });
  afterAll(() => org.close());

  const streamId = async (name: string) =>
    (await org.api(alice)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;

  it("gives one user's status, and an empty one to those who set none", async () => {
    await org.api(alice)('POST', '/users/me/status', {
      status_text: 'Planting',
      emoji_name: 'seedling',
    });
    const status = await org.api(bob)('GET', `/users/${alice.id}/status`);
    expect(status.json).toEqual({
      result: 'success',
      msg: '',
      status: {
        status_text: 'Planting',
        emoji_name: 'seedling',
        emoji_code: expect.any(String),
        reaction_type: 'unicode_emoji',
      },
    });
    expect((await org.api(alice)('GET', `/users/${bob.id}/status`)).json).toMatchObject({
      result: 'success',
      status: {},
    });
    const unknown = await org.api(bob)('GET', '/users/99999/status');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('finds a user by email, in any case, as by ID', async () => {
    const byEmail = await org.api(bob)('GET', `/users/${alice.email.toUpperCase()}`);
    const byId = await org.api(bob)('GET', `/users/${alice.id}`);
    expect(byEmail.json.result).toBe('success');
    expect(byEmail.json).toEqual(byId.json);
    const nobody = await org.api(bob)('GET', '/users/nobody@hearth.test');
    expect(nobody.status).toBe(400);
    expect(nobody.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('lists only the users asked for, passing over IDs of no one', async () => {
    const listed = await org.api(bob)('GET', '/users', { user_ids: [alice.id, 99999, bob.id] });
    const members = listed.json.members as Member[];
    expect(members.map((member) => member.user_id)).toEqual([alice.id, bob.id]);
    expect((await org.api(bob)('GET', '/users', { user_ids: [] })).json.members).toEqual([]);
    const wrong = await org.api(bob)('GET', '/users', { user_ids: 'alice' });
    expect(wrong.json).toMatchObject({ code: 'BAD_REQUEST', var_name: 'user_ids' });
  });

  it('marks no one as an imported stub or as deleted, wherever users are listed', async () => {
    const members = (await org.api(bob)('GET', '/users')).json.members as Member[];
    expect(members.every((member) => member.is_imported_stub === false)).toBe(true);
    // Zulip 12 (feature level 490) sends is_deleted only when true; the host deletes no one.
    expect(members.some((member) => 'is_deleted' in member)).toBe(false);
    expect((await org.api(bob)('GET', '/users/me')).json.is_imported_stub).toBe(false);
    const state = (await org.api(bob)('POST', '/register', { fetch_event_types: ['realm_user'] }))
      .json as { realm_users: Member[] };
    expect(state.realm_users.every((member) => member.is_imported_stub === false)).toBe(true);
  });

  it('lists the channels someone is in, as far as the reader sees them', async () => {
    const general = await streamId('general');
    const porch = await streamId('porch');
    const den = await streamId('den');
    const asAdmin = await org.api(admin)('GET', `/users/${alice.id}/channels`);
    expect(asAdmin.json).toEqual({
      result: 'success',
      msg: '',
      subscribed_channel_ids: [general, porch, den].sort((a, b) => a - b),
    });
    // A private channel Bob is not in is not his to see.
    const asBob = await org.api(bob)('GET', `/users/${alice.id}/channels`);
    expect(asBob.json.subscribed_channel_ids).toEqual([general, porch].sort((a, b) => a - b));
    const unknown = await org.api(bob)('GET', '/users/99999/channels');
    expect(unknown.json).toMatchObject({ result: 'error', msg: 'No such user' });
  });

  it('answers GET /users without credentials as Zulip does where no channel is web-public', async () => {
    const anonymous = await org.api()('GET', '/users');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({
      result: 'error',
      code: 'UNAUTHORIZED',
      msg: 'Not logged in: API authentication or user session required',
    });
  });

  it('says is_moderator for an administrator (feature level 380)', async () => {
    const state = (await org.api(admin)('POST', '/register', { fetch_event_types: ['realm_user'] }))
      .json;
    expect(state).toMatchObject({ is_admin: true, is_moderator: true });
  });

  it('gives no is_billing_admin, as Zulip 12 has none (feature level 363)', async () => {
    const state = (await org.api(admin)('POST', '/register', { fetch_event_types: ['realm_user'] }))
      .json;
    expect(state).not.toHaveProperty('is_billing_admin');
    const users = state.realm_users as Record<string, unknown>[];
    expect(users.filter((user) => 'is_billing_admin' in user)).toEqual([]);
  });

  it('gives the organization a UUID in register, the same after a restart', async () => {
    const uuidOf = async () =>
      (await org.api(bob)('POST', '/register', { fetch_event_types: ['realm'] })).json
        .realm_uuid as string;
    const uuid = await uuidOf();
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await org.restart();
    expect(await uuidOf()).toBe(uuid);
  });
});
