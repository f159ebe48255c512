import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { onePixelPng, postFiles } from '../helpers/uploads';

// Zulip 7.0's user status: POST /users/me/status with its limits and its
// words for a refusal, the user_status event of only what changed, to
// everyone, register's `user_status`, and `away` as presence_enabled off.

type Event = { id: number; type: string } & Record<string, unknown>;

describe('user status', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const setStatus = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/users/me/status', params);
  const statuses = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['user_status'] })).json
      .user_status as Record<string, unknown>;
  const queueOf = async (user: TestUser, eventTypes: string[]) =>
    (await org.api(user)('POST', '/register', { event_types: eventTypes })).json.queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Event[];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
  });
  afterAll(() => org?.close());

  it.each([
    [{}, 'Client did not pass any new values.'],
    [
      { status_text: 'In a meeting', emoji_code: '1f4bb' },
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    ],
    [
      { status_text: 'In a meeting', reaction_type: 'unicode_emoji' },
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    ],
    [{ emoji_code: '1f4bb', emoji_name: 'invalid' }, "Emoji 'invalid' does not exist"],
    [{ emoji_code: '1f4bb', emoji_name: 'car' }, 'Invalid emoji name.'],
    [
      { emoji_code: '1f4bb', emoji_name: 'car', reaction_type: 'realm_emoji' },
      'Invalid custom emoji.',
    ],
    [
      { emoji_code: 'fffff', emoji_name: 'car', reaction_type: 'unicode_emoji' },
      'Invalid emoji code.',
    ],
    [{ emoji_name: 'car', reaction_type: 'sticker' }, 'Invalid emoji type.'],
    [{ status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)'],
  ])('refuses %j with Zulip’s words, changing nothing', async (params, msg) => {
    const answer = await setStatus(carol, params);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect(await statuses(alice)).not.toHaveProperty(String(carol.id));
  });

  it('counts the 60 characters of the text as characters, whatever their size in UTF-16', async () => {
    const sixty = '🌴'.repeat(60);
    expect((await setStatus(carol, { status_text: sixty })).json.result).toBe('success');
    expect(await statuses(alice)).toMatchObject({ [carol.id]: { status_text: sixty } });
    expect((await setStatus(carol, { status_text: '' })).json.result).toBe('success');
  });

  it('tells everyone of the parts given, trimmed, and register lists only what is set', async () => {
    const aliceQueue = await queueOf(alice, ['user_status']);
    const bobQueue = await queueOf(bob, ['user_status']);
    const answer = await setStatus(bob, { status_text: '  In a meeting  ' });
    expect(answer.json).toEqual({ result: 'success', msg: '' });
    const event = { type: 'user_status', user_id: bob.id, status_text: 'In a meeting' };
    expect(await eventsOf(alice, aliceQueue)).toEqual([{ id: 0, ...event }]);
    expect(await eventsOf(bob, bobQueue)).toEqual([{ id: 0, ...event }]);
    expect((await statuses(alice))[bob.id]).toEqual({ status_text: 'In a meeting' });

    // A name alone takes the code and namespace of the emoji that has it now.
    await setStatus(bob, { emoji_name: 'calendar' });
    expect(await eventsOf(alice, aliceQueue)).toContainEqual({
      id: 1,
      type: 'user_status',
      user_id: bob.id,
      emoji_name: 'calendar',
      emoji_code: '1f4c6',
      reaction_type: 'unicode_emoji',
    });
    expect((await statuses(carol))[bob.id]).toEqual({
      status_text: 'In a meeting',
      emoji_name: 'calendar',
      emoji_code: '1f4c6',
      reaction_type: 'unicode_emoji',
    });
  });

  it("takes a name in Zulip's own form with its code, as Zulip's presets send it", async () => {
    const answer = await setStatus(carol, {
      status_text: 'Busy',
      emoji_name: 'working_on_it',
      emoji_code: '1f6e0',
      reaction_type: 'unicode_emoji',
    });
    expect(answer.json.result).toBe('success');
    expect((await statuses(alice))[carol.id]).toEqual({
      status_text: 'Busy',
      emoji_name: 'working_on_it',
      emoji_code: '1f6e0',
      reaction_type: 'unicode_emoji',
    });
  });

  it('takes an organization’s own emoji by name, with its ID as the code', async () => {
    await postFiles(org, alice, 'POST', '/realm/emoji/office_dog', [
      { name: 'file', data: onePixelPng },
    ]);
    const { emoji } = (await org.api(alice)('GET', '/realm/emoji')).json as {
      emoji: Record<string, { id: string; name: string }>;
    };
    const id = Object.values(emoji).find((each) => each.name === 'office_dog')?.id;
    await setStatus(alice, { emoji_name: 'office_dog' });
    expect((await statuses(bob))[alice.id]).toEqual({
      emoji_name: 'office_dog',
      emoji_code: id,
      reaction_type: 'realm_emoji',
    });
  });

  it('clears the emoji with an empty name and the text with an empty text; nothing set leaves register', async () => {
    const queue = await queueOf(carol, ['user_status']);
    await setStatus(bob, { emoji_name: '' });
    await setStatus(bob, { status_text: '' });
    expect(await eventsOf(carol, queue)).toEqual([
      {
        id: 0,
        type: 'user_status',
        user_id: bob.id,
        emoji_name: '',
        emoji_code: '',
        reaction_type: 'unicode_emoji',
      },
      { id: 1, type: 'user_status', user_id: bob.id, status_text: '' },
    ]);
    expect(await statuses(carol)).not.toHaveProperty(String(bob.id));
  });

  it('sets presence_enabled to the opposite of away, and shows others the user as offline', async () => {
    const bobQueue = await queueOf(bob, ['user_status', 'user_settings', 'presence']);
    const aliceQueue = await queueOf(alice, ['user_status', 'user_settings', 'presence']);
    await org.api(bob)('POST', '/users/me/presence', { status: 'active' });
    await setStatus(bob, { away: true, status_text: 'on vacation' });

    const settings = (
      await org.api(bob)('POST', '/register', { fetch_event_types: ['user_settings'] })
    ).json.user_settings as { presence_enabled: boolean };
    expect(settings.presence_enabled).toBe(false);
    expect((await statuses(alice))[bob.id]).toEqual({ away: true, status_text: 'on vacation' });

    const toBob = await eventsOf(bob, bobQueue);
    expect(toBob.map((event) => event.type)).toEqual([
      'presence',
      'user_settings',
      'presence',
      'user_status',
    ]);
    expect(toBob[1]).toMatchObject({ op: 'update', property: 'presence_enabled', value: false });
    const toAlice = await eventsOf(alice, aliceQueue);
    expect(toAlice.map((event) => event.type)).toEqual(['presence', 'presence', 'user_status']);
    expect(toAlice[1]).toMatchObject({
      user_id: bob.id,
      presence: { website: { status: 'idle' } },
    });
    expect(toAlice[2]).toEqual({
      id: 2,
      type: 'user_status',
      user_id: bob.id,
      away: true,
      status_text: 'on vacation',
    });
    const presence = await org.api(alice)('GET', `/users/${bob.id}/presence`);
    expect(presence.json.presence.aggregated.status).toBe('offline');
    // Reports are not recorded while away.
    await org.api(bob)('POST', '/users/me/presence', { status: 'active' });
    expect(
      (await org.api(alice)('GET', `/users/${bob.id}/presence`)).json.presence.aggregated.status,
    ).toBe('offline');

    await setStatus(bob, { away: false });
    expect((await statuses(alice))[bob.id]).toEqual({ status_text: 'on vacation' });
    expect(
      (await org.api(alice)('GET', `/users/${bob.id}/presence`)).json.presence.aggregated.status,
    ).toBe('active');
  });

  it('refuses bots', async () => {
    const made = await org.api(alice)('POST', '/bots', {
      full_name: 'Status bot',
      short_name: 'status',
    });
    const botId = made.json.user_id as number;
    const bot: TestUser = {
      id: botId,
      email: (await org.api(alice)('GET', `/users/${botId}`)).json.user.email as string,
      fullName: 'Status bot',
      apiKey: made.json.api_key as string,
    };
    const answer = await setStatus(bot, { status_text: 'beep' });
    expect(answer.json).toMatchObject({
      result: 'error',
      msg: 'This endpoint does not accept bot requests.',
    });
  });

  it('keeps statuses across a restart, and leaves deactivated users out', async () => {
    await setStatus(alice, { status_text: 'Working remotely', emoji_name: 'house' });
    await org.restart();
    expect((await statuses(bob))[alice.id]).toMatchObject({
      status_text: 'Working remotely',
      emoji_name: 'house',
    });
    await org.api(org.owner)('DELETE', `/users/${alice.id}`);
    expect(await statuses(bob)).not.toHaveProperty(String(alice.id));
  });
});
