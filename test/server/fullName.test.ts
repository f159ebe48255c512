import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's PATCH /settings with full_name: check_full_name's rules, and a
// realm_user update that tells everyone the new name.
describe('changing one’s full name with PATCH /settings', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  const patch = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('PATCH', '/settings', params);
  const queueOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['realm_user', 'realm_bot'] })).json
      .queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json.events;
  const nameOf = async (user: TestUser) =>
    (await org.api(bob)('GET', '/users')).json.members.find(
      (member: { user_id: number }) => member.user_id === user.id,
    ).full_name;

  it('stores the trimmed name and tells every user, the renamed one included', async () => {
    const [aliceQueue, bobQueue] = [await queueOf(alice), await queueOf(bob)];
    const response = await patch(alice, { full_name: '  Alice Liddell ' });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const update = {
      id: expect.any(Number),
      type: 'realm_user',
      op: 'update',
      person: { user_id: alice.id, full_name: 'Alice Liddell' },
    };
    // The avatar the host draws shows "AL" now, no longer "A": a new version of it.
    const newAvatar = `/avatar/${alice.id}?version=2`;
    const avatar = {
      id: expect.any(Number),
      type: 'realm_user',
      op: 'update',
      person: {
        user_id: alice.id,
        avatar_source: 'U',
        avatar_url: newAvatar,
        avatar_url_medium: newAvatar,
        avatar_version: 2,
      },
    };
    expect(await eventsOf(alice, aliceQueue)).toEqual([update, avatar]);
    expect(await eventsOf(bob, bobQueue)).toEqual([update, avatar]);
    expect(await nameOf(alice)).toBe('Alice Liddell');
    const state = (await org.api(alice)('POST', '/register', {})).json;
    expect(state.full_name).toBe('Alice Liddell');
  });

  it('gives the avatar a new address only when the initials it shows change', async () => {
    const member = async () =>
      (await org.api(bob)('GET', `/users/${alice.id}`)).json.user as Record<string, unknown>;
    expect(await member()).toMatchObject({
      avatar_url: `/avatar/${alice.id}?version=2`,
      avatar_version: 2,
    });
    const queueId = await queueOf(bob);
    await patch(alice, { full_name: 'Alice Lewis' });
    expect(
      (await eventsOf(bob, queueId)).map((event: { person: unknown }) => event.person),
    ).toEqual([{ user_id: alice.id, full_name: 'Alice Lewis' }]);
    expect((await member()).avatar_version).toBe(2);
    await patch(alice, { full_name: 'Alice Liddell' });
    // The current picture may be kept for good; an address since replaced is checked anew.
    const current = await fetch(`${org.url}/avatar/${alice.id}?version=2`);
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await current.text()).toContain('>AL<');
    const replaced = await fetch(`${org.url}/avatar/${alice.id}?version=1`);
    expect(replaced.headers.get('cache-control')).toBe('no-cache');
    expect(await replaced.text()).toContain('>AL<');
  });

  it('shows the new name on the messages already sent', async () => {
    await org.subscribe(alice, 'general');
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'names',
      content: 'hello',
    });
    await patch(alice, { full_name: 'Alice Pleasance' });
    const message = (await org.api(bob)('GET', `/messages/${sent.json.id}`)).json.message;
    expect(message.sender_full_name).toBe('Alice Pleasance');
  });

  it('sends nothing for the name the user already has', async () => {
    const queueId = await queueOf(bob);
    expect((await patch(alice, { full_name: 'Alice Pleasance' })).status).toBe(200);
    expect(await eventsOf(bob, queueId)).toEqual([]);
  });

  it.each([
    ['a name of one character', 'A', 'Name too short!'],
    ['a blank name', '   ', 'Name too short!'],
    ['a name of 101 characters', 'x'.repeat(101), 'Name too long!'],
    ['an at sign', 'Alice @ home', 'Invalid characters in name!'],
    ['an asterisk', 'Alice*', 'Invalid characters in name!'],
    ['a backquote', 'Al`ice', 'Invalid characters in name!'],
    ['a quote mark', 'Alice "A"', 'Invalid characters in name!'],
    ['a greater-than sign', 'Alice > Bob', 'Invalid characters in name!'],
    ['a backslash', 'Alice\\', 'Invalid characters in name!'],
    ['a control character', 'Ali\u0007ce', 'Invalid characters in name!'],
    ['a mention ID at its end', 'Alice|15', 'Invalid format!'],
  ])('refuses %s, changing nothing', async (_what, fullName, msg) => {
    const queueId = await queueOf(bob);
    const response = await patch(alice, { full_name: fullName, twenty_four_hour_time: true });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(await nameOf(alice)).toBe('Alice Pleasance');
    expect(await eventsOf(bob, queueId)).toEqual([]);
    const settings = (await org.api(alice)('POST', '/register', {})).json.user_settings;
    expect(settings.twenty_four_hour_time).toBe(false);
  });

  it('takes a name of 100 characters and names in any script', async () => {
    expect((await patch(bob, { full_name: 'b'.repeat(100) })).status).toBe(200);
    expect((await patch(bob, { full_name: 'Боб Ёжиков 鮑勃' })).status).toBe(200);
    expect(await nameOf(bob)).toBe('Боб Ёжиков 鮑勃');
  });

  it('tells the owner of a bot that renames itself by realm_user alone, realm_bots holding no name since feature level 474', async () => {
    const created = await org.api(alice)('POST', '/bots', {
      full_name: 'Helper Bot',
      short_name: 'helper',
    });
    const bot = {
      id: created.json.user_id as number,
      email: 'helper-bot@hearth.local',
      fullName: 'Helper Bot',
      apiKey: created.json.api_key as string,
    };
    const queueId = await queueOf(alice);
    expect((await patch(bot, { full_name: 'Helpful Bot' })).status).toBe(200);
    const person = { user_id: bot.id, full_name: 'Helpful Bot' };
    expect(await eventsOf(alice, queueId)).toEqual([
      { id: expect.any(Number), type: 'realm_user', op: 'update', person },
    ]);
  });
});
