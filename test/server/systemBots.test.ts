import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip's cross-realm system bots on a Hearth host: Notification Bot and
// Welcome Bot, outside the organization's people, speaking through messages.
describe('system bots', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  interface Message {
    id: number;
    type: string;
    sender_email: string;
    sender_full_name: string;
    content: string;
    flags: string[];
    display_recipient: unknown;
    subject: string;
  }

  const register = async (user: TestUser, params: Record<string, unknown> = {}) =>
    (await org.api(user)('POST', '/register', params)).json as Record<string, unknown>;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Record<string, unknown>[];
  const fromBot = async (user: TestUser, botEmail: string) =>
    (
      await org.api(user)('GET', '/messages', {
        anchor: 'newest',
        num_before: 20,
        num_after: 0,
        narrow: [{ operator: 'sender', operand: botEmail }],
        apply_markdown: false,
      })
    ).json.messages as Message[];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  it('lists Notification Bot and Welcome Bot as cross-realm bots, not as people', async () => {
    const state = await register(alice);
    const bots = state.cross_realm_bots as Record<string, unknown>[];
    expect(bots).toEqual([
      expect.objectContaining({
        email: 'notification-bot@zulip.com',
        delivery_email: 'notification-bot@zulip.com',
        full_name: 'Notification Bot',
        is_bot: true,
        is_system_bot: true,
        bot_type: 1,
        bot_owner_id: null,
        role: 400,
        is_active: true,
        is_admin: false,
        is_owner: false,
        is_guest: false,
        avatar_url: expect.any(String),
      }),
      expect.objectContaining({
        email: 'welcome-bot@zulip.com',
        delivery_email: 'welcome-bot@zulip.com',
        full_name: 'Welcome Bot',
        is_system_bot: true,
      }),
    ]);
    const botIds = new Set(bots.map((bot) => bot.user_id));
    const people = state.realm_users as { user_id: number }[];
    expect(people.filter((person) => botIds.has(person.user_id))).toEqual([]);
    const listed = (await org.api(alice)('GET', '/users')).json.members as { user_id: number }[];
    expect(listed.filter((person) => botIds.has(person.user_id))).toEqual([]);
    const groups = (await org.api(alice)('GET', '/user_groups')).json.user_groups as {
      members: number[];
    }[];
    expect(groups.flatMap((group) => group.members).filter((id) => botIds.has(id))).toEqual([]);
    const ownBots = (await org.api(org.owner)('GET', '/bots')).json.bots as { user_id: number }[];
    expect(ownBots.filter((bot) => botIds.has(bot.user_id))).toEqual([]);
    const signIn = await org.api({
      id: 0,
      email: 'notification-bot@zulip.com',
      fullName: 'Notification Bot',
      apiKey: 'system-bot:notification-bot@zulip.com',
    })('GET', '/users/me');
    expect(signIn.status).toBe(401);

    const [notificationBot] = bots;
    const notificationBotId = notificationBot?.user_id as number;
    const refusals = [
      await org.api(org.owner)('PATCH', `/users/${notificationBotId}`, { role: 200 }),
      await org.api(org.owner)('DELETE', `/users/${notificationBotId}`),
      await org.api(alice)('POST', `/users/me/muted_users/${notificationBotId}`),
      await org.api(org.owner)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'general' }],
        principals: [notificationBotId],
      }),
    ];
    expect(refusals.map((refusal) => refusal.json)).toEqual(
      refusals.map(() => ({ result: 'error', msg: 'No such user', code: 'BAD_REQUEST' })),
    );
  });

  it('has Notification Bot tell each person another subscribed of their new channels', async () => {
    await org.subscribe(org.owner, 'kitchen');
    await org.subscribe(org.owner, 'garden');
    const queueId = (await register(bob, { event_types: ['message'] })).queue_id as string;
    const answer = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'kitchen' }, { name: 'garden' }, { name: 'attic' }],
      principals: [bob.id, alice.id],
    });
    expect(answer.json).toMatchObject({ result: 'success', new_subscription_messages_sent: true });

    const [told, ...more] = await fromBot(bob, 'notification-bot@zulip.com');
    expect(more).toEqual([]);
    // The channel the request created is not named: its creation is news of its own.
    expect(told).toMatchObject({
      sender_full_name: 'Notification Bot',
      content: `@_**Alice|${alice.id}** subscribed you to the following channels:\n\n* #**garden**\n* #**kitchen**`,
      flags: [],
    });
    expect(await fromBot(alice, 'notification-bot@zulip.com')).toEqual([]);
    const events = await eventsOf(bob, queueId);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'message',
        flags: [],
        message: expect.objectContaining({
          id: told?.id,
          sender_email: 'notification-bot@zulip.com',
        }),
      }),
    ]);
    const unread = (await register(bob, { event_types: ['message', 'update_message_flags'] }))
      .unread_msgs as {
      pms: { sender_id: number; unread_message_ids: number[] }[];
    };
    expect(unread.pms.flatMap((pm) => pm.unread_message_ids)).toContain(told?.id);

    await org.restart();
    const [kept] = await fromBot(bob, 'notification-bot@zulip.com');
    expect(kept?.id).toBe(told?.id);
  });

  it('words one channel alone, and sends nothing when asked not to', async () => {
    const carol = await org.user('carol');
    await org.subscribe(org.owner, 'porch');
    await org.subscribe(org.owner, 'cellar');
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'porch' }],
      principals: [carol.id],
    });
    const [told] = await fromBot(carol, 'notification-bot@zulip.com');
    expect(told?.content).toBe(`@_**Alice|${alice.id}** subscribed you to #**porch**.`);

    const quiet = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'cellar' }],
      principals: [carol.id],
      send_new_subscription_messages: false,
    });
    expect(quiet.json).not.toHaveProperty('new_subscription_messages_sent');
    expect(await fromBot(carol, 'notification-bot@zulip.com')).toHaveLength(1);
  });

  it('tells nobody when more people were added than max_bulk_new_subscription_messages', async () => {
    const limit = (await register(alice)).max_bulk_new_subscription_messages as number;
    expect(limit).toBe(100);
    const crowd: TestUser[] = [];
    for (let index = 0; index <= limit; index++) crowd.push(await org.user(`crowd${index}`));
    await org.subscribe(alice, 'plaza');
    const many = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'plaza' }],
      principals: crowd.map((user) => user.id),
    });
    expect(many.json).toMatchObject({ result: 'success', new_subscription_messages_sent: false });
    expect(Object.keys(many.json.subscribed as object)).toHaveLength(limit + 1);
    expect(await fromBot(crowd[0] as TestUser, 'notification-bot@zulip.com')).toEqual([]);
  });

  it('has Welcome Bot greet whoever joins by an invitation link', async () => {
    const link = (await org.api(org.owner)('POST', '/invites/multiuse', {})).json
      .invite_link as string;
    const key = /\/join\/([a-z0-9]+)\/$/.exec(link)?.[1] ?? '';
    const joined = await org.api()('POST', '/hearth/join', {
      key,
      email: 'dora@hearth.test',
      full_name: 'Dora',
      password: 'a fine password',
    });
    expect(joined.json).toMatchObject({ result: 'success' });
    const dora = {
      id: joined.json.user_id as number,
      email: 'dora@hearth.test',
      fullName: 'Dora',
      apiKey: joined.json.api_key as string,
    };
    const [welcome, ...more] = await fromBot(dora, 'welcome-bot@zulip.com');
    expect(more).toEqual([]);
    expect(welcome).toMatchObject({
      sender_full_name: 'Welcome Bot',
      flags: [],
      content: expect.stringContaining('Hello, and welcome to Zulip!'),
    });
  });
  it('posts channel events from Notification Bot while the organization sends them', async () => {
    await org.subscribe(alice, 'loft');
    const loftId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'loft' })).json
      .stream_id as number;
    const rename = await org.api(org.owner)('PATCH', `/streams/${loftId}`, {
      new_name: 'attic room',
      description: 'Boxes',
    });
    expect(rename.json).toMatchObject({ result: 'success' });
    const notices = (await fromBot(alice, 'notification-bot@zulip.com')).filter(
      (message) => message.subject === 'channel events',
    );
    expect(notices.map((message) => [message.display_recipient, message.content])).toEqual([
      [
        'attic room',
        `@_**${org.owner.fullName}|${org.owner.id}** renamed channel **loft** to **attic room**.`,
      ],
      [
        'attic room',
        `@_**${org.owner.fullName}|${org.owner.id}** changed the description for this channel.\n\n` +
          '* **Old description:**\n```` quote\n*No description.*\n````\n' +
          '* **New description:**\n```` quote\nBoxes\n````',
      ],
    ]);
    expect(notices.every((message) => !message.flags.includes('read'))).toBe(true);

    await org.api(org.owner)('PATCH', `/streams/${loftId}`, {
      is_private: true,
      history_public_to_subscribers: false,
    });
    const [, , privacy] = (await fromBot(alice, 'notification-bot@zulip.com')).filter(
      (message) => message.subject === 'channel events',
    );
    expect(privacy?.content).toBe(
      `@_**${org.owner.fullName}|${org.owner.id}** changed the [access permissions](/help/channel-permissions) for this channel from **Public** to **Private, protected history**.`,
    );

    await org.api(org.owner)('PATCH', `/streams/${loftId}`, {
      topics_policy: 'disable_empty_topic',
    });
    const [topics] = (await fromBot(alice, 'notification-bot@zulip.com')).slice(-1);
    expect(topics).toMatchObject({
      subject: 'channel events',
      content: `@_**${org.owner.fullName}|${org.owner.id}** changed the "Allow posting to the *general chat* topic?" setting from **Automatic** to **No *general chat* topic**.`,
    });

    await org.api(org.owner)('PATCH', '/realm', { send_channel_events_messages: false });
    await org.api(org.owner)('PATCH', `/streams/${loftId}`, { new_name: 'loft' });
    const after = (await fromBot(alice, 'notification-bot@zulip.com')).filter(
      (message) => message.subject === 'channel events',
    );
    expect(after).toHaveLength(4);
    await org.api(org.owner)('PATCH', '/realm', { send_channel_events_messages: true });
  });
  it("keeps the organization's welcome text, which Welcome Bot adds to its greeting", async () => {
    const queueId = (await register(alice, { event_types: ['realm'] })).queue_id as string;
    const tooLong = await org.api(org.owner)('PATCH', '/realm', {
      welcome_message_custom_text: 'x'.repeat(8001),
    });
    expect(tooLong.json).toEqual({
      result: 'error',
      msg: 'welcome_message_custom_text is too long (limit: 8000 characters)',
      code: 'BAD_REQUEST',
    });
    const set = await org.api(org.owner)('PATCH', '/realm', {
      welcome_message_custom_text: 'Say hello in #**general**',
    });
    expect(set.json).toMatchObject({ result: 'success' });
    expect(await eventsOf(alice, queueId)).toEqual([
      expect.objectContaining({
        type: 'realm',
        op: 'update',
        property: 'welcome_message_custom_text',
        value: 'Say hello in #**general**',
      }),
    ]);
    expect((await register(alice)).realm_welcome_message_custom_text).toBe(
      'Say hello in #**general**',
    );

    const link = (await org.api(org.owner)('POST', '/invites/multiuse', {})).json
      .invite_link as string;
    const joined = await org.api()('POST', '/hearth/join', {
      key: /\/join\/([a-z0-9]+)\/$/.exec(link)?.[1] ?? '',
      email: 'finn@hearth.test',
      full_name: 'Finn',
      password: 'a fine password',
    });
    const finn = {
      id: joined.json.user_id as number,
      email: 'finn@hearth.test',
      fullName: 'Finn',
      apiKey: joined.json.api_key as string,
    };
    const greetings = await fromBot(finn, 'welcome-bot@zulip.com');
    expect(greetings.map((message) => message.content)).toEqual([
      expect.stringContaining('Hello, and welcome to Zulip!'),
      'Say hello in #**general**',
    ]);
    await org.api(org.owner)('PATCH', '/realm', { welcome_message_custom_text: '' });
  });

  it('sends an administrator the custom welcome text alone to try it out', async () => {
    const tried = await org.api(org.owner)('POST', '/realm/test_welcome_bot_custom_message', {
      welcome_message_custom_text: 'Welcome, **friend**!',
    });
    expect(tried.json).toEqual({ result: 'success', msg: '', message_id: expect.any(Number) });
    const [last] = (await fromBot(org.owner, 'welcome-bot@zulip.com')).slice(-1);
    expect(last).toMatchObject({ id: tried.json.message_id, content: 'Welcome, **friend**!' });

    const empty = await org.api(org.owner)('POST', '/realm/test_welcome_bot_custom_message', {
      welcome_message_custom_text: '',
    });
    expect(empty.json).toEqual({
      result: 'error',
      msg: 'Message must not be empty',
      code: 'BAD_REQUEST',
    });
    const notAdmin = await org.api(bob)('POST', '/realm/test_welcome_bot_custom_message', {
      welcome_message_custom_text: 'Hi',
    });
    expect(notAdmin.json).toMatchObject({
      result: 'error',
      msg: 'Must be an organization administrator',
    });
  });
});
