import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema, userSchema } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('users and server settings', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  it('describes the server without authentication', async () => {
    const response = await org.api()('GET', '/server_settings');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      result: 'success',
      zulip_version: expect.any(String),
      zulip_feature_level: expect.any(Number),
      realm_name: 'Hearth',
      realm_uri: org.url,
      authentication_methods: { password: true, dev: false },
      push_notifications_enabled: false,
      is_incompatible: false,
    });
  });

  it('returns the caller profile from /users/me', async () => {
    const response = await org.api(alice)('GET', '/users/me');
    const profile = profileSchema.parse(response.json);
    expect(profile).toMatchObject({
      user_id: alice.id,
      email: alice.email,
      full_name: 'Alice',
      is_admin: false,
      is_bot: false,
      is_active: true,
      max_message_id: -1,
    });
  });

  it('lists every member, owner included', async () => {
    const response = await org.api(alice)('GET', '/users');
    const members = userSchema.array().parse(response.json.members);
    expect(members.map((member) => member.email)).toEqual([org.owner.email, alice.email]);
    expect(members[0]).toMatchObject({ is_admin: true, is_owner: true });
  });

  it('gives every member an avatar the host itself serves, with or without client_gravatar', async () => {
    for (const client_gravatar of [false, true]) {
      const response = await org.api(alice)('GET', '/users', { client_gravatar });
      const member = response.json.members.find(
        (candidate: { user_id: number }) => candidate.user_id === alice.id,
      );
      expect(member.avatar_url).toBe(`/avatar/${alice.id}?version=1`);
    }
    const image = await fetch(`${org.url}/avatar/${alice.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await image.text()).toContain('>A</text>');
  });

  it('answers 404 for the avatar of nobody', async () => {
    for (const id of ['999999', 'alice', '1e3']) {
      const response = await fetch(`${org.url}/avatar/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ result: 'error' });
    }
  });

  it('adds profile_data only when custom profile fields are asked for', async () => {
    const plain = (await org.api(alice)('GET', '/users')).json.members;
    expect(plain[0]).not.toHaveProperty('profile_data');
    const full = (await org.api(alice)('GET', '/users', { include_custom_profile_fields: true }))
      .json.members;
    expect(full.map((member: { profile_data: unknown }) => member.profile_data)).toEqual([{}, {}]);
  });

  it('matches login emails without regard to case', async () => {
    const response = await org.api({ ...alice, email: alice.email.toUpperCase() })(
      'GET',
      '/users/me',
    );
    expect(response.json.user_id).toBe(alice.id);
  });

  it('lets only administrators create users', async () => {
    const response = await org.api(alice)('POST', '/users', {
      email: 'mallory@hearth.test',
      full_name: 'Mallory',
      password: 'x',
    });
    expect(response.status).toBe(400);
  });

  it('refuses a second account with the same email in another case', async () => {
    const response = await org.api(org.owner)('POST', '/users', {
      email: alice.email.toUpperCase(),
      full_name: 'Alice Again',
      password: 'x',
    });
    expect(response.status).toBe(400);
  });

  it('refuses a wrong password at fetch_api_key with 401', async () => {
    const response = await org.api()('POST', '/fetch_api_key', {
      username: alice.email,
      password: 'wrong',
    });
    expect(response.status).toBe(401);
    expect(response.json.code).toBe('AUTHENTICATION_FAILED');
  });
});

describe('a development host', () => {
  let org: Org;

  beforeAll(async () => {
    org = await startOrg({ dev: true });
  });
  afterAll(() => org.close());

  it('hands out API keys through dev_fetch_api_key', async () => {
    const response = await org.api()('POST', '/dev_fetch_api_key', { username: org.owner.email });
    expect(response.json).toMatchObject({
      result: 'success',
      email: org.owner.email,
      api_key: org.owner.apiKey,
    });
  });

  it('comes with demo people, streams and messages, seeded only once', async () => {
    const count = async () =>
      (
        await org.api(org.owner)('GET', '/messages', {
          anchor: 'newest',
          num_before: 100,
          num_after: 0,
        })
      ).json.messages.length as number;
    const members = (await org.api(org.owner)('GET', '/users')).json.members;
    expect(members.length).toBeGreaterThan(1);
    const streams = (await org.api(org.owner)('GET', '/users/me/subscriptions')).json.subscriptions;
    expect(streams.length).toBeGreaterThan(0);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await org.restart();
    expect(await count()).toBe(before);
  });
});
