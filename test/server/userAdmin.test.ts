import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zulipRateRules } from '../../src-main/server/http/rateLimits';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { createWebhookBot } from '../helpers/webhooks';

// Zulip 7.0's user administration: PATCH /users/{id} (role, name),
// DELETE /users/{id} (deactivate), POST /users/{id}/reactivate, GET /users/{id}.

describe('administering users', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(carol, 'general');
  });
  afterAll(() => org.close());

  const userOf = async (target: TestUser) =>
    (await org.api(alice)('GET', `/users/${target.id}`)).json.user as Record<string, unknown>;

  it('shows one user by ID, deactivated or not, and names a missing one', async () => {
    expect(await userOf(bob)).toMatchObject({
      user_id: bob.id,
      email: bob.email,
      role: 400,
      is_active: true,
    });
    const missing = await org.api(alice)('GET', '/users/99999');
    expect(missing.json).toMatchObject({ result: 'error', msg: 'No such user' });
  });

  it('lets an administrator change roles, with the flags that follow', async () => {
    expect((await org.api(org.owner)('PATCH', `/users/${bob.id}`, { role: 300 })).json).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await userOf(bob)).toMatchObject({ role: 300, is_admin: false, is_guest: false });
    await org.api(org.owner)('PATCH', `/users/${bob.id}`, { role: 200 });
    expect(await userOf(bob)).toMatchObject({ role: 200, is_admin: true });
    const state = (await org.api(bob)('POST', '/register', { fetch_event_types: ['realm_user'] }))
      .json;
    // Zulip 11 (feature level 380) counts administrators as moderators too.
    expect(state).toMatchObject({
      is_admin: true,
      is_moderator: true,
      is_owner: false,
    });
  });

  it('refuses members, owner changes by administrators, bad roles and missing users', async () => {
    const cases: [TestUser, string, Record<string, unknown>, Record<string, unknown>][] = [
      [alice, `/users/${carol.id}`, { role: 200 }, { msg: 'Insufficient permission' }],
      [
        bob,
        `/users/${carol.id}`,
        { role: 100 },
        { code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' },
      ],
      [
        bob,
        `/users/${org.owner.id}`,
        { role: 400 },
        { code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' },
      ],
      [org.owner, `/users/${carol.id}`, { role: 250 }, { var_name: 'role' }],
      [org.owner, '/users/99999', { role: 400 }, { msg: 'No such user' }],
      [
        org.owner,
        `/users/${org.owner.id}`,
        { role: 200 },
        { msg: 'The owner permission cannot be removed from the only organization owner.' },
      ],
    ];
    for (const [who, path, params, error] of cases) {
      const response = await org.api(who)('PATCH', path, params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.json, JSON.stringify(params)).toMatchObject({ result: 'error', ...error });
    }
    expect(await userOf(carol)).toMatchObject({ role: 400 });
    expect(await userOf(org.owner)).toMatchObject({ role: 100 });
  });

  it('renames a user for an administrator, and ignores a blank name', async () => {
    await org.api(bob)('PATCH', `/users/${carol.id}`, { full_name: 'Carol Danvers' });
    expect((await userOf(carol)).full_name).toBe('Carol Danvers');
    await org.api(bob)('PATCH', `/users/${carol.id}`, { full_name: '   ' });
    expect((await userOf(carol)).full_name).toBe('Carol Danvers');
  });

  it("changes a user's email for an administrator: the new one signs in, the old one no longer", async () => {
    const erin = await org.user('erin');
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['realm_user'] }))
      .json.queue_id as string;
    const changed = await org.api(org.owner)('PATCH', `/users/${erin.id}`, {
      new_email: 'erin.new@hearth.test',
    });
    expect(changed.json).toEqual({ result: 'success', msg: '' });
    expect(await userOf(erin)).toMatchObject({
      email: 'erin.new@hearth.test',
      delivery_email: 'erin.new@hearth.test',
    });
    const events = (
      await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true })
    ).json.events.map(({ id: _id, ...event }: Record<string, unknown>) => event);
    expect(events).toEqual([
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: erin.id, delivery_email: 'erin.new@hearth.test' },
      },
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: erin.id, new_email: 'erin.new@hearth.test' },
      },
    ]);
    const old = await org.api()('POST', '/fetch_api_key', {
      username: erin.email,
      password: 'correct horse battery staple',
    });
    expect(old.json.code).toBe('AUTHENTICATION_FAILED');
    const renewed = await org.api()('POST', '/fetch_api_key', {
      username: 'erin.new@hearth.test',
      password: 'correct horse battery staple',
    });
    expect(renewed.json).toMatchObject({ result: 'success', api_key: erin.apiKey });
  });

  it('changes a user found by email, as PATCH /users/{email}', async () => {
    const fay = await org.user('fay');
    const changed = await org.api(org.owner)('PATCH', `/users/${fay.email}`, {
      full_name: 'Fay Renamed',
      new_email: 'fay.new@hearth.test',
    });
    expect(changed.json).toEqual({ result: 'success', msg: '' });
    expect(await userOf(fay)).toMatchObject({
      full_name: 'Fay Renamed',
      email: 'fay.new@hearth.test',
    });
    const nobody = await org.api(org.owner)('PATCH', '/users/nobody@hearth.test', { role: 400 });
    expect(nobody.json).toMatchObject({ result: 'error', msg: 'No such user' });
  });

  it('refuses a new email from a member, a malformed one, and one already held, changing nothing', async () => {
    // A bot's owner may rename it, but not change its email.
    const bot = await createWebhookBot(org, alice, 'alicemail');
    const byOwner = await org.api(alice)('PATCH', `/users/${bot.id}`, {
      new_email: 'x@hearth.test',
    });
    expect(byOwner.json).toMatchObject({ msg: 'User not authorized to change user emails' });
    const cases: [TestUser, Record<string, unknown>, string][] = [
      [alice, { new_email: 'x@hearth.test' }, 'Insufficient permission'],
      [org.owner, { new_email: 'not an email' }, 'Invalid new email address.'],
      [org.owner, { new_email: alice.email }, 'New email value error: Already has an account.'],
      // The new email is checked before the role changes.
      [
        org.owner,
        { new_email: bob.email, role: 200 },
        'New email value error: Already has an account.',
      ],
    ];
    for (const [who, params, msg] of cases) {
      const response = await org.api(who)('PATCH', `/users/${carol.id}`, params);
      expect(response.status, msg).toBe(400);
      expect(response.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect(await userOf(carol)).toMatchObject({ email: carol.email, role: 400 });
  });

  it('deactivates a user and their bots: their keys stop working at once, their messages stay', async () => {
    const bot = await createWebhookBot(org, carol, 'carolbot');
    const sent = await org.sendStream(carol, 'general', 'farewell', 'Goodbye, all');
    // The key has been used, so it sits in the host's authentication cache.
    expect((await org.api(carol)('GET', '/users/me')).status).toBe(200);
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['realm_user'] }))
      .json.queue_id as string;

    expect((await org.api(bob)('DELETE', `/users/${carol.id}`)).json.result).toBe('success');
    const refused = await org.api(carol)('GET', '/users/me');
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: 'USER_DEACTIVATED' });
    expect((await org.api(alice)('GET', `/users/${bot.id}`)).json.user.is_active).toBe(false);
    const login = await org.api()('POST', '/fetch_api_key', {
      username: carol.email,
      password: 'correct horse battery staple',
    });
    expect(login.json).toMatchObject({ code: 'USER_DEACTIVATED' });

    const events = (
      await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true })
    ).json.events.map(({ id: _id, ...event }: Record<string, unknown>) => event);
    // Zulip 8 (feature level 222): an update of is_active, no longer a `remove`.
    expect(events).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: bot.id, is_active: false } },
      { type: 'realm_user', op: 'update', person: { user_id: carol.id, is_active: false } },
    ]);
    const message = await org.api(alice)('GET', `/messages/${sent}`);
    expect(message.json.message).toMatchObject({ content: expect.stringContaining('Goodbye') });
    expect(await userOf(carol)).toMatchObject({ is_active: false });

    const again = await org.api(bob)('DELETE', `/users/${carol.id}`);
    expect(again.json).toMatchObject({ result: 'error', msg: 'User is deactivated' });
  });

  it('refuses to deactivate the last owner, a bot, or for a member', async () => {
    const lastOwner = await org.api(org.owner)('DELETE', `/users/${org.owner.id}`);
    expect(lastOwner.json).toMatchObject({ msg: 'Cannot deactivate the only organization owner' });
    const byMember = await org.api(alice)('DELETE', `/users/${bob.id}`);
    expect(byMember.json).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    const bot = await createWebhookBot(org, alice, 'alicebot');
    const aBot = await org.api(org.owner)('DELETE', `/users/${bot.id}`);
    expect(aBot.json).toMatchObject({ msg: 'No such user' });
    expect((await org.api(alice)('GET', `/users/${bot.id}`)).json.user.is_active).toBe(true);
  });

  it('reactivates a user, whose old key and password work again', async () => {
    const byMember = await org.api(alice)('POST', `/users/${carol.id}/reactivate`);
    expect(byMember.json).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
    expect((await org.api(bob)('POST', `/users/${carol.id}/reactivate`)).json.result).toBe(
      'success',
    );
    expect((await org.api(carol)('GET', '/users/me')).status).toBe(200);
    const login = await org.api()('POST', '/fetch_api_key', {
      username: carol.email,
      password: 'correct horse battery staple',
    });
    expect(login.json).toMatchObject({ result: 'success', api_key: carol.apiKey });
    const subscriptions = (await org.api(carol)('GET', '/users/me/subscriptions')).json
      .subscriptions as { name: string }[];
    expect(subscriptions.map((sub) => sub.name)).toContain('general');
  });
});

describe("one's own password and API key", () => {
  let org: Org;
  let dora: TestUser;

  beforeAll(async () => {
    org = await startOrg({ rateLimits: zulipRateRules });
    dora = await org.user('dora');
  });
  afterAll(() => org.close());

  const login = (password: string) =>
    org.api()('POST', '/fetch_api_key', { username: dora.email, password });

  it('changes the password with the old one, and keeps the API key', async () => {
    const wrong = await org.api(dora)('PATCH', '/settings', {
      old_password: 'not it',
      new_password: 'a brand new password',
      full_name: 'Dora Renamed',
    });
    expect(wrong.json).toMatchObject({ result: 'error', msg: 'Wrong password!' });
    expect((await org.api(dora)('GET', '/users/me')).json.full_name).toBe('Dora');
    const weak = await org.api(dora)('PATCH', '/settings', {
      old_password: 'correct horse battery staple',
      new_password: 'short',
    });
    expect(weak.json.msg).toBe('New password is too weak!');
    const changed = await org.api(dora)('PATCH', '/settings', {
      old_password: 'correct horse battery staple',
      new_password: 'a brand new password',
    });
    expect(changed.json.result).toBe('success');
    expect((await login('correct horse battery staple')).json.code).toBe('AUTHENTICATION_FAILED');
    expect((await login('a brand new password')).json.api_key).toBe(dora.apiKey);
  });

  it('counts wrong old passwords as failed logins', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await org.api(dora)('PATCH', '/settings', {
        old_password: 'nope',
        new_password: 'whatever it is',
      });
    }
    const limited = await org.api(dora)('PATCH', '/settings', {
      old_password: 'a brand new password',
      new_password: 'yet another password',
    });
    expect(limited.json.msg).toMatch(
      /^You're making too many attempts! Try again in \d+ seconds\.$/,
    );
  });

  it('regenerates the API key: the old one is refused at once, the new one works', async () => {
    expect((await org.api(dora)('GET', '/users/me')).status).toBe(200);
    const answer = await org.api(dora)('POST', '/users/me/api_key/regenerate');
    expect(answer.json).toEqual({
      result: 'success',
      msg: '',
      api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
    });
    expect(answer.json.api_key).not.toBe(dora.apiKey);
    const old = await org.api(dora)('GET', '/users/me');
    expect(old.status).toBe(401);
    const renewed = { ...dora, apiKey: answer.json.api_key as string };
    expect((await org.api(renewed)('GET', '/users/me')).json.email).toBe(dora.email);
  });
});
