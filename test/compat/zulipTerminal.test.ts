import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type ApiResponse, type Org, type TestUser } from '../helpers/org';

// The calls zulip-terminal makes at start-up, as its Python client library
// sends them (JSON-encoded non-string values, None left out), and the parts
// of the answers and events its model reads (zulipterminal/model.py,
// helper.py, ui_tools/views.py).

// model.py: Model.initial_data_to_fetch and the keys of Model.event_actions.
const fetchEventTypes = [
  'realm',
  'presence',
  'subscription',
  'message',
  'starred_messages',
  'update_message_flags',
  'muted_topics',
  'realm_user',
  'realm_user_groups',
  'user_settings',
  'realm_emoji',
  'custom_profile_fields',
  'zulip_version',
];
const eventTypes = [
  'message',
  'update_message',
  'reaction',
  'submessage',
  'subscription',
  'typing',
  'update_message_flags',
  'user_settings',
  'realm_emoji',
  'realm_user',
];

// python-zulip-api's do_api_query: strings as they are, anything else as JSON.
const asPython = (params: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );

type State = Record<string, unknown> & Record<string, never>;

describe('zulip-terminal start-up against a Hearth host', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let designId: number;
  let state: State;

  const terminal = (user: TestUser = alice) => {
    const call = org.api(user);
    return (method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}) =>
      call(method, path, asPython(params));
  };
  const ok = (response: ApiResponse) => {
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.json.result).toBe('success');
    return response.json;
  };
  // Model._register_desired_events(fetch_data=True).
  const register = async () =>
    ok(
      await terminal()('POST', '/register', {
        event_types: eventTypes,
        narrow: [],
        fetch_event_types: fetchEventTypes,
        client_gravatar: true,
        apply_markdown: true,
        include_subscribers: true,
      }),
    ) as State;
  // Model.poll_for_events, one round without blocking.
  const poll = async (queueId: string, lastEventId = -1) =>
    ok(
      await terminal()('GET', '/events', {
        queue_id: queueId,
        last_event_id: lastEventId,
        dont_block: true,
      }),
    ).events as Record<string, unknown>[];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    for (const user of [alice, bob, carol]) await org.subscribe(user, 'design');
    designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
    const field = await org.api(org.owner)('POST', '/realm/profile_fields', {
      name: 'Team',
      field_type: 1,
    });
    await org.api(bob)('PATCH', '/users/me/profile_data', {
      data: [{ id: field.json.id, value: 'Design' }],
    });
    await org.api(bob)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'welcome',
      content: 'hi @**Alice**',
    });
    await org.api(bob)('POST', '/messages', { type: 'private', to: alice.email, content: 'psst' });
    await org.api(bob)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([alice.id, carol.id]),
      content: 'group',
    });
    await org.api(alice)('PATCH', '/users/me/subscriptions/muted_topics', {
      stream: 'design',
      topic: 'noise',
      op: 'add',
    });
    await org.api(bob)('POST', '/users/me/presence', { status: 'active' });
    state = await register();
  });
  afterAll(() => org.close());

  it('reads the server settings before logging in (cli/run.py)', async () => {
    const settings = ok(await org.api()('GET', '/server_settings'));
    expect(settings).toMatchObject({
      realm_uri: org.url,
      realm_name: expect.any(String),
      zulip_feature_level: expect.any(Number),
    });
  });

  it('fetches the first messages around the first unread one (Model.get_messages)', async () => {
    const response = ok(
      await terminal()('GET', '/messages', {
        anchor: 0,
        num_before: 30,
        num_after: 10,
        apply_markdown: true,
        use_first_unread_anchor: true,
        client_gravatar: true,
        narrow: '[]',
      }),
    );
    expect(response).toMatchObject({
      anchor: expect.any(Number),
      found_newest: expect.any(Boolean),
    });
    expect(response.messages.length).toBeGreaterThan(0);
    for (const message of response.messages) {
      expect(message).toMatchObject({
        id: expect.any(Number),
        sender_id: expect.any(Number),
        content: expect.any(String),
        timestamp: expect.any(Number),
        sender_full_name: expect.any(String),
        sender_email: expect.any(String),
        type: expect.stringMatching(/^(stream|private)$/),
        flags: expect.any(Array),
        reactions: expect.any(Array),
        subject_links: expect.any(Array),
      });
      if (message.type === 'stream') {
        expect(message).toMatchObject({ stream_id: designId, display_recipient: 'design' });
      } else {
        for (const recipient of message.display_recipient) {
          expect(recipient).toMatchObject({ id: expect.any(Number), email: expect.any(String) });
        }
      }
    }
  });

  it('gets who the user is and the server version (Model.__init__, _fetch_initial_data)', () => {
    expect(state).toMatchObject({
      queue_id: expect.any(String),
      last_event_id: -1,
      max_message_id: expect.any(Number),
      zulip_version: '12.0',
      zulip_feature_level: 498,
      user_id: alice.id,
      email: alice.email,
      full_name: 'Alice',
      realm_name: expect.any(String),
    });
  });

  it('gets the limits, editing policy and presence cadence it reads', () => {
    expect(state).toMatchObject({
      max_stream_name_length: 60,
      max_topic_length: 60,
      max_message_length: 10_000,
      realm_allow_message_editing: true,
      realm_edit_topic_policy: expect.any(Number),
      realm_message_retention_days: -1,
      server_presence_offline_threshold_seconds: 140,
      server_presence_ping_interval_seconds: 60,
    });
  });

  it('gets every user with what the user list and user info read', () => {
    const users = state.realm_users as unknown as Record<string, unknown>[];
    const bobs = users.find((user) => user.user_id === bob.id);
    expect(bobs).toMatchObject({
      user_id: bob.id,
      full_name: 'Bob',
      email: bob.email,
      is_bot: false,
      role: 400,
      date_joined: expect.any(String),
      timezone: expect.any(String),
      bot_type: null,
    });
    expect(Object.values(bobs?.profile_data as object)).toEqual([
      { value: 'Design', rendered_value: '<p>Design</p>' },
    ]);
    // The terminal client lists Zulip's system bots among those one may write to.
    expect(state.cross_realm_bots).toEqual([
      expect.objectContaining({ email: 'notification-bot@zulip.com', is_bot: true }),
      expect.objectContaining({ email: 'welcome-bot@zulip.com', is_bot: true }),
    ]);
    const fields = state.custom_profile_fields as unknown as Record<string, unknown>[];
    expect(fields[0]).toMatchObject({
      id: expect.any(Number),
      name: 'Team',
      type: 1,
      field_data: expect.any(String),
      order: expect.any(Number),
    });
    // _clean_and_order_custom_profile_data looks every value's field up by ID.
    const fieldIds = new Set(fields.map((field) => String(field.id)));
    for (const user of users) {
      for (const id of Object.keys((user.profile_data as object | undefined) ?? {})) {
        expect(fieldIds).toContain(id);
      }
    }
  });

  it('gets presence by email, each with client entries and aggregated', () => {
    const presences = state.presences as unknown as Record<
      string,
      Record<string, { status: string; timestamp: number }>
    >;
    const bobs = presences[bob.email];
    expect(bobs?.aggregated).toMatchObject({ timestamp: expect.any(Number) });
    for (const [client, info] of Object.entries(bobs ?? {})) {
      if (client === 'aggregated') continue;
      expect(['active', 'idle', 'offline']).toContain(info.status);
      expect(info.timestamp).toEqual(expect.any(Number));
    }
  });

  it('gets subscriptions with subscribers and the fields the stream views read', () => {
    const subscriptions = state.subscriptions as unknown as Record<string, unknown>[];
    const design = subscriptions.find((sub) => sub.stream_id === designId);
    expect(design).toMatchObject({
      name: 'design',
      color: expect.stringMatching(/^#/),
      description: expect.any(String),
      rendered_description: expect.any(String),
      pin_to_top: false,
      is_muted: false,
      desktop_notifications: null,
      invite_only: false,
      is_web_public: false,
      message_retention_days: null,
      history_public_to_subscribers: true,
      stream_post_policy: 1,
      stream_weekly_traffic: null,
      date_created: expect.any(Number),
      subscribers: [alice.id, bob.id, carol.id],
    });
  });

  it('gets muted topics as [stream, topic, date], user groups and custom emoji', () => {
    expect(state.muted_topics).toEqual([['design', 'noise', expect.any(Number)]]);
    const groups = state.realm_user_groups as unknown as Record<string, unknown>[];
    for (const group of groups) {
      expect(group).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    }
    expect(state.realm_emoji).toEqual({});
  });

  it('gets the settings it reads from user_settings', () => {
    expect(state.user_settings).toMatchObject({
      send_private_typing_notifications: true,
      twenty_four_hour_time: false,
      pm_content_in_desktop_notifications: true,
    });
  });

  it('gets unread_msgs in the form classify_unread_counts reads', () => {
    const unread = state.unread_msgs as unknown as {
      pms: { sender_id: number; unread_message_ids: number[] }[];
      streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
      huddles: { user_ids_string: string; unread_message_ids: number[] }[];
      mentions: number[];
    };
    expect(unread.pms).toEqual([
      expect.objectContaining({ sender_id: bob.id, unread_message_ids: [expect.any(Number)] }),
    ]);
    expect(unread.streams).toEqual([
      { stream_id: designId, topic: 'welcome', unread_message_ids: [expect.any(Number)] },
    ]);
    const ids = [alice.id, bob.id, carol.id].sort((a, b) => a - b).join(',');
    expect(unread.huddles).toEqual([
      { user_ids_string: ids, unread_message_ids: [expect.any(Number)] },
    ]);
    expect(unread.mentions).toEqual(unread.streams[0]?.unread_message_ids);
  });

  it('reports presence every minute and reads everyone back (_notify_server_of_presence)', async () => {
    const response = ok(
      await terminal()('POST', '/users/me/presence', { status: 'active', new_user_input: true }),
    );
    expect(Object.keys(response.presences)).toEqual(
      expect.arrayContaining([alice.email, bob.email]),
    );
    expect(response.presences[alice.email].website.status).toBe('active');
  });

  it('fetches the topics of a stream for the topic view', async () => {
    const response = ok(await terminal()('GET', `/users/me/${designId}/topics`));
    expect(response.topics).toEqual([{ name: 'welcome', max_id: expect.any(Number) }]);
  });

  it('gets the events its handlers read', async () => {
    const queueId = (await register()).queue_id as unknown as string;
    const sent = (
      await org.api(bob)('POST', '/messages', {
        type: 'stream',
        to: 'design',
        topic: 'live',
        content: 'new',
      })
    ).json.id as number;
    await org.api(bob)('PATCH', `/messages/${sent}`, { content: 'newer', topic: 'moved' });
    await terminal()('POST', '/messages/flags', { messages: [sent], op: 'add', flag: 'starred' });
    await org.subscribe(await org.user('dave'), 'design');
    await org.api(bob)('POST', '/typing', { op: 'start', to: JSON.stringify([alice.id]) });
    await terminal()('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: designId, property: 'pin_to_top', value: true }],
    });
    // Model.toggle_message_reaction, through the client library's add_reaction.
    await terminal()('POST', `/messages/${sent}/reactions`, {
      emoji_name: 'thumbs_up',
      emoji_code: '1f44d',
      reaction_type: 'unicode_emoji',
    });
    await org.api(alice)('PATCH', '/settings', { twenty_four_hour_time: true });
    const events = await poll(queueId);
    const ofType = (type: string) => events.filter((event) => event.type === type);

    expect(ofType('message')[0]).toMatchObject({
      flags: [],
      message: { id: sent, stream_id: designId, subject: 'live', sender_id: bob.id },
    });
    expect(ofType('update_message')[0]).toMatchObject({
      message_id: sent,
      rendered_content: '<p>newer</p>',
      is_me_message: false,
      subject: 'moved',
      orig_subject: 'live',
      stream_id: designId,
      message_ids: [sent],
    });
    expect(ofType('update_message_flags')[0]).toMatchObject({
      op: 'add',
      operation: 'add',
      flag: 'starred',
      messages: [sent],
      all: false,
    });
    expect(ofType('subscription')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          op: 'peer_add',
          stream_ids: [designId],
          user_ids: [expect.any(Number)],
        }),
        expect.objectContaining({
          op: 'update',
          stream_id: designId,
          property: 'pin_to_top',
          value: true,
        }),
      ]),
    );
    expect(ofType('typing')[0]).toMatchObject({
      op: 'start',
      sender: { user_id: bob.id, email: bob.email },
    });
    expect(ofType('user_settings')[0]).toMatchObject({
      op: 'update',
      property: 'twenty_four_hour_time',
      value: true,
    });
    // Its reaction handler keeps the reactor's `user_id` among the message's reactions.
    expect(ofType('reaction')[0]).toMatchObject({
      op: 'add',
      message_id: sent,
      emoji_name: 'thumbs_up',
      emoji_code: '1f44d',
      reaction_type: 'unicode_emoji',
      user_id: alice.id,
    });
    expect(ofType('reaction')[0]).not.toHaveProperty('user');
    // poll_for_events keeps the highest ID it saw; every event must carry one.
    for (const event of events) expect(event.id).toEqual(expect.any(Number));
  });
});
