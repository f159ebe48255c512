import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 12's POST /users/{user_id}/status (update_user_status_admin,
// feature levels 407 and 473): administrators, bots with that role
// included, set someone's status text and emoji as that person would.

type Event = { id: number; type: string } & Record<string, unknown>;

describe("setting another person's status", () => {
  let org: Org;
  let admin: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const setStatusOf = (actor: TestUser, userId: number, params: Record<string, unknown>) =>
    org.api(actor)('POST', `/users/${userId}/status`, params);
  const statuses = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['user_status'] })).json
      .user_status as Record<string, unknown>;
  const queueOf = async (user: TestUser, eventTypes: string[]) =>
    (await org.api(user)('POST', '/register', { event_types: eventTypes })).json.queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Event[];
  const makeBot = async (name: string, role?: number): Promise<TestUser> => {
    const made = await org.api(org.owner)('POST', '/bots', {
      full_name: name,
      short_name: name.toLowerCase().replaceAll(' ', '-'),
    });
    const id = made.json.user_id as number;
    if (role !== undefined) await org.api(org.owner)('PATCH', `/users/${id}`, { role });
    const email = (await org.api(org.owner)('GET', `/users/${id}`)).json.user.email as string;
    return { id, email, fullName: name, apiKey: made.json.api_key as string };
  };

  beforeAll(async () => {
    org = await startOrg();
    admin = await org.user('admin');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
  });
  afterAll(() => org?.close());

  it('lets an administrator set the text and emoji, which everyone hears of as from the person', async () => {
    const carolQueue = await queueOf(carol, ['user_status']);
    const bobQueue = await queueOf(bob, ['user_status']);
    const answer = await setStatusOf(admin, bob.id, {
      status_text: '  On call  ',
      emoji_name: 'calendar',
    });
    expect(answer.json).toEqual({ result: 'success', msg: '' });
    const event = {
      id: 0,
      type: 'user_status',
      user_id: bob.id,
      status_text: 'On call',
      emoji_name: 'calendar',
      emoji_code: '1f4c6',
      reaction_type: 'unicode_emoji',
    };
    expect(await eventsOf(carol, carolQueue)).toEqual([event]);
    expect(await eventsOf(bob, bobQueue)).toEqual([event]);
    expect((await statuses(carol))[bob.id]).toEqual({
      status_text: 'On call',
      emoji_name: 'calendar',
      emoji_code: '1f4c6',
      reaction_type: 'unicode_emoji',
    });
    const own = await org.api(bob)('GET', `/users/${bob.id}/status`);
    expect(own.json.status).toEqual({
      status_text: 'On call',
      emoji_name: 'calendar',
      emoji_code: '1f4c6',
      reaction_type: 'unicode_emoji',
    });
  });

  it('does not take away, which stays the person’s own choice', async () => {
    const answer = await setStatusOf(admin, carol.id, { away: true, status_text: 'Lunch' });
    expect(answer.json.result).toBe('success');
    const settings = (
      await org.api(carol)('POST', '/register', { fetch_event_types: ['user_settings'] })
    ).json.user_settings as { presence_enabled: boolean };
    expect(settings.presence_enabled).toBe(true);
    expect((await statuses(bob))[carol.id]).toEqual({ status_text: 'Lunch' });
  });

  it('lets a bot with the administrator role set a status, as level 473 allows', async () => {
    const bot = await makeBot('Status keeper', 200);
    const answer = await setStatusOf(bot, carol.id, { status_text: 'Out of office' });
    expect(answer.json).toEqual({ result: 'success', msg: '' });
    expect((await statuses(bob))[carol.id]).toEqual({ status_text: 'Out of office' });
  });

  it('refuses with Zulip’s words, changing nothing', async () => {
    const memberBot = await makeBot('Plain bot');
    const otherBot = await makeBot('Other bot');
    const gone = await org.user('gone');
    await org.api(org.owner)('DELETE', `/users/${gone.id}`);
    const before = await statuses(bob);
    const cases: [TestUser, number, Record<string, unknown>, string][] = [
      [carol, bob.id, { status_text: 'Hacked' }, 'Insufficient permission'],
      [memberBot, bob.id, { status_text: 'Hacked' }, 'Insufficient permission'],
      [admin, 999_999, { status_text: 'Hi' }, 'No such user'],
      [admin, otherBot.id, { status_text: 'Hi' }, 'No such user'],
      [admin, gone.id, { status_text: 'Hi' }, 'User is deactivated'],
      [admin, bob.id, {}, 'Client did not pass any new values.'],
      [admin, bob.id, { away: true }, 'Client did not pass any new values.'],
      [admin, bob.id, { emoji_name: 'invalid' }, "Emoji 'invalid' does not exist"],
      [
        admin,
        bob.id,
        { status_text: 'x'.repeat(61) },
        'status_text is too long (limit: 60 characters)',
      ],
      [
        admin,
        bob.id,
        { status_text: 'Hi', emoji_code: '1f4bb' },
        'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
      ],
    ];
    for (const [actor, userId, params, msg] of cases) {
      const answer = await setStatusOf(actor, userId, params);
      expect(answer.status, msg).toBe(400);
      expect(answer.json).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    }
    expect(await statuses(bob)).toEqual(before);
  });

  it('keeps the status set for someone across a restart', async () => {
    await setStatusOf(admin, bob.id, { status_text: 'Travelling', emoji_name: '' });
    await org.restart();
    expect((await statuses(carol))[bob.id]).toEqual({ status_text: 'Travelling' });
  });
});
