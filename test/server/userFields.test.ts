import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Spec §2, User and the profile-only fields of GET /users/me. Bots come from
// POST /bots; no endpoint makes guests, so this file turns an account into one
// in the SQLite file, as Zulip's management command would, and restarts.
describe('the fields of users and of the profile', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let robot: { id: number; email: string; apiKey: string };
  let gus: TestUser;
  let hookId: number;
  let startedAt: number;

  const member = async (viewer: TestUser, userId: number) => {
    const response = await org.api(viewer)('GET', '/users');
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return (response.json.members as { user_id: number }[]).find(
      (candidate) => candidate.user_id === userId,
    ) as Record<string, unknown>;
  };

  beforeAll(async () => {
    startedAt = Date.now() - 1000;
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    gus = await org.user('gus');
    await org.subscribe(alice, 'design');
    await org.subscribe(alice, 'alice-only');
    const created = await org.api(alice)('POST', '/bots', {
      full_name: 'Robot',
      short_name: 'robot',
      bot_type: 1,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const { user_id: botId, api_key: botKey } = created.json;
    const hook = await org.api(alice)('POST', '/bots', {
      full_name: 'Hook',
      short_name: 'hook',
      bot_type: 2,
    });
    expect(hook.status, JSON.stringify(hook.json)).toBe(200);
    hookId = hook.json.user_id;
    const members = (await org.api(alice)('GET', '/users')).json.members as {
      user_id: number;
      email: string;
    }[];
    const botEmail = members.find((candidate) => candidate.user_id === botId)?.email ?? '';
    robot = { id: botId, email: botEmail, apiKey: botKey };
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
    db.prepare('UPDATE users SET role = 600 WHERE id = ?').run(gus.id);
    db.close();
    // The host caches authenticated users; a restart reads the changed rows.
    await org.restart();
  });
  afterAll(() => org.close());

  it('describes a member with every User field', async () => {
    const found = await member(bob, alice.id);
    expect(found).toMatchObject({
      user_id: alice.id,
      email: alice.email,
      full_name: 'Alice',
      is_admin: false,
      is_bot: false,
      is_active: true,
      is_guest: false,
      bot_type: null,
      avatar_url: `/avatar/${alice.id}?version=1`,
      timezone: '',
    });
    expect(found).not.toHaveProperty('bot_owner_id');
    expect(found).not.toHaveProperty('profile_data');
    const joined = Date.parse(found.date_joined as string);
    expect(found.date_joined).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    expect(joined).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000) * 1000);
    expect(joined).toBeLessThanOrEqual(Date.now());
  });

  it('marks the organization owner as an administrator', async () => {
    expect(await member(bob, org.owner.id)).toMatchObject({ is_admin: true, is_guest: false });
  });

  it('marks a guest with is_guest', async () => {
    expect(await member(bob, gus.id)).toMatchObject({ is_guest: true, is_admin: false });
  });

  it("describes a bot with its bot_type and its owner's ID", async () => {
    expect(await member(bob, robot.id)).toMatchObject({
      is_bot: true,
      bot_type: 1,
      bot_owner_id: alice.id,
    });
    expect(await member(bob, hookId)).toMatchObject({
      is_bot: true,
      bot_type: 2,
      bot_owner_id: alice.id,
    });
  });

  it('lets a bot authenticate with the API key POST /bots gave', async () => {
    const me = await org.api({ ...robot, fullName: 'Robot' })('GET', '/users/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user_id: robot.id, is_bot: true });
  });

  it("gives a bot its owner's streams with include_owner_subscribed, and nobody else", async () => {
    const names = async (user: TestUser, params: Record<string, unknown>) =>
      (await org.api(user)('GET', '/streams', params)).json.streams.map(
        (stream: { name: string }) => stream.name,
      );
    const onlyOwners = { include_public: false, include_owner_subscribed: true };
    const asRobot = { ...robot, fullName: 'Robot' };
    expect(await names(asRobot, { include_public: false })).toEqual([]);
    expect(await names(asRobot, onlyOwners)).toEqual(['alice-only', 'design', 'general']);
    expect(await names(bob, onlyOwners)).toEqual(['general']);
  });

  it('adds the profile-only fields to GET /users/me', async () => {
    const before = await org.api(bob)('GET', '/users/me');
    expect(before.json).toMatchObject({
      result: 'success',
      msg: '',
      user_id: bob.id,
      email: bob.email,
      full_name: 'Bob',
      pointer: -1,
      max_message_id: -1,
      client_id: expect.any(String),
      short_name: 'bob',
    });
    expect(before.json.client_id.length).toBeGreaterThan(0);
  });

  it('moves max_message_id to the newest message the user received', async () => {
    const dm = await org.api(alice)('POST', '/messages', {
      type: 'private',
      to: bob.email,
      content: 'for bob',
    });
    await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'alice-only',
      topic: 't',
      content: 'not for bob',
    });
    expect((await org.api(bob)('GET', '/users/me')).json.max_message_id).toBe(dm.json.id);
  });
});
