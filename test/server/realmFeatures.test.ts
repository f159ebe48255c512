import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// The organization settings Zulip 8.0 to 12.0 added or renamed, as a Hearth
// host answers them: register's `realm` keys, PATCH /realm with Zulip's
// checks and events, and what a client sees of calls, GIFs and AI.

type Events = Record<string, unknown>[];

describe('organization settings Zulip added after 7.0', () => {
  let org: Org;
  let alice: TestUser;
  let publicId: number;
  let privateId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'lobby');
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'moderators' }],
      invite_only: true,
    });
    const idOf = async (stream: string): Promise<number> =>
      (await org.api(org.owner)('GET', '/get_stream_id', { stream })).json.stream_id;
    publicId = await idOf('lobby');
    privateId = await idOf('moderators');
  });
  afterAll(() => org.close());

  const realm = async (user: TestUser = alice) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['realm'] })).json as Record<
      string,
      unknown
    >;
  const queueOf = async (user: TestUser): Promise<string> =>
    (await org.api(user)('POST', '/register', { event_types: ['realm'] })).json.queue_id;
  const eventsOf = async (user: TestUser, queueId: string): Promise<Events> =>
    (
      (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
        .events as Events
    ).map(({ id: _id, ...event }) => event);
  const patch = (params: Record<string, unknown>) => org.api(org.owner)('PATCH', '/realm', params);

  it("registers Zulip 12's settings at a new organization's values", async () => {
    expect(await realm()).toMatchObject({
      realm_new_stream_announcements_stream_id: expect.any(Number),
      realm_signup_announcements_stream_id: -1,
      realm_moderation_request_channel_id: -1,
      realm_send_channel_events_messages: true,
      realm_media_preview_size: 100,
      realm_gif_rating_policy: 2,
      gif_rating_policy_options: {
        disabled: { name: 'GIPHY integration disabled', id: 0 },
        g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
        r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
      },
      realm_jitsi_server_url: null,
      server_jitsi_server_url: 'https://meet.jit.si',
      jitsi_server_url: 'https://meet.jit.si',
      realm_video_chat_provider: 0,
      realm_available_video_chat_providers: {
        disabled: { name: 'None', id: 0 },
        jitsi_meet: { name: 'Jitsi Meet', id: 1 },
      },
      realm_authentication_methods: { Email: { enabled: true, available: true } },
      server_can_summarize_topics: false,
      server_min_deactivated_realm_deletion_days: 14,
      server_max_deactivated_realm_deletion_days: null,
      max_bulk_new_subscription_messages: 100,
    });
  });

  it("gives Zulip 12's names alone, not 7.0's (feature levels 241, 453)", async () => {
    const state = await realm();
    for (const gone of [
      'realm_notifications_stream_id',
      'realm_signup_notifications_stream_id',
      'realm_giphy_rating',
      'giphy_rating_options',
    ]) {
      expect(state).not.toHaveProperty(gone);
    }
    expect(state.realm_signup_announcements_stream_id).toBe(-1);
  });

  it('offers no Zoom, BigBlueButton or other provider needing credentials', async () => {
    const available = Object.keys((await realm()).realm_available_video_chat_providers as object);
    expect(available).toEqual(['disabled', 'jitsi_meet']);
  });

  it("sets the announcement channels under Zulip 12's names, announcing them so", async () => {
    const queue = await queueOf(alice);
    const set = await patch({ new_stream_announcements_stream_id: publicId });
    expect(set.json).toEqual({
      result: 'success',
      msg: '',
      new_stream_announcements_stream_id: publicId,
    });
    const signups = await patch({ signup_announcements_stream_id: publicId });
    expect(signups.json).toMatchObject({ signup_announcements_stream_id: publicId });
    expect(await eventsOf(alice, queue)).toEqual([
      {
        type: 'realm',
        op: 'update',
        property: 'new_stream_announcements_stream_id',
        value: publicId,
      },
      { type: 'realm', op: 'update', property: 'signup_announcements_stream_id', value: publicId },
    ]);
    expect(await realm()).toMatchObject({
      realm_new_stream_announcements_stream_id: publicId,
      realm_signup_announcements_stream_id: publicId,
    });
  });

  it('takes only a private channel for moderation requests', async () => {
    const refused = await patch({ moderation_request_channel_id: publicId });
    expect(refused.json).toEqual({
      result: 'error',
      msg: 'Moderation request channel must be private.',
      code: 'BAD_REQUEST',
    });
    const queue = await queueOf(alice);
    expect((await patch({ moderation_request_channel_id: privateId })).json).toMatchObject({
      moderation_request_channel_id: privateId,
    });
    expect(await eventsOf(alice, queue)).toEqual([
      { type: 'realm', op: 'update', property: 'moderation_request_channel_id', value: privateId },
    ]);
    expect((await realm()).realm_moderation_request_channel_id).toBe(privateId);
    // Nor may the channel become public while it takes them.
    const madePublic = await org.api(org.owner)('PATCH', `/streams/${privateId}`, {
      is_private: false,
    });
    expect(madePublic.json).toEqual({
      result: 'error',
      msg: 'Moderation request channel must be private.',
      code: 'BAD_REQUEST',
    });
  });

  it('sets channel event messages, media previews and the GIF rating', async () => {
    const queue = await queueOf(alice);
    const answer = await patch({
      send_channel_events_messages: false,
      media_preview_size: 150,
      gif_rating_policy: 4,
    });
    expect(answer.json).toEqual({
      result: 'success',
      msg: '',
      send_channel_events_messages: false,
      media_preview_size: 150,
      gif_rating_policy: 4,
    });
    expect(await eventsOf(alice, queue)).toEqual([
      { type: 'realm', op: 'update', property: 'send_channel_events_messages', value: false },
      { type: 'realm', op: 'update', property: 'media_preview_size', value: 150 },
      { type: 'realm', op: 'update', property: 'gif_rating_policy', value: 4 },
    ]);
    expect(await realm()).toMatchObject({
      realm_send_channel_events_messages: false,
      realm_media_preview_size: 150,
      realm_gif_rating_policy: 4,
    });
  });

  it("refuses values Zulip refuses, in Zulip's words, and applies none of the request", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { media_preview_size: 120 },
        'Invalid media_preview_size: Value error, Not in the list of possible values',
      ],
      [{ gif_rating_policy: 6 }, 'Invalid gif_rating_policy 6'],
      [{ video_chat_provider: 3 }, 'Invalid video_chat_provider 3'],
      [{ video_chat_provider: 5 }, 'Invalid video_chat_provider 5'],
      [{ video_chat_provider: 7 }, 'Invalid video_chat_provider 7'],
      [
        { jitsi_server_url: JSON.stringify('not a url') },
        'jitsi_server_url is not an allowed_type',
      ],
      [
        { jitsi_server_url: JSON.stringify(`https://jitsi.example.com/${'x'.repeat(200)}`) },
        'jitsi_server_url is not an allowed_type',
      ],
    ];
    for (const [params, msg] of cases) {
      const answer = await patch({ name: 'Must not be applied', ...params });
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.json.msg, JSON.stringify(params)).toBe(msg);
    }
    expect((await realm()).realm_name).not.toBe('Must not be applied');
  });

  it("names the organization's own Jitsi server, and goes back to the server's", async () => {
    const queue = await queueOf(alice);
    const own = 'https://jitsi.example.com';
    expect((await patch({ video_chat_provider: 1 })).json).toMatchObject({
      video_chat_provider: 1,
    });
    expect((await patch({ jitsi_server_url: JSON.stringify(own) })).json).toMatchObject({
      jitsi_server_url: 'updated',
    });
    expect(await realm()).toMatchObject({
      realm_video_chat_provider: 1,
      realm_jitsi_server_url: own,
      server_jitsi_server_url: 'https://meet.jit.si',
      jitsi_server_url: own,
    });
    expect((await patch({ jitsi_server_url: JSON.stringify('default') })).json).toMatchObject({
      jitsi_server_url: null,
    });
    expect(await eventsOf(alice, queue)).toEqual([
      { type: 'realm', op: 'update', property: 'video_chat_provider', value: 1 },
      { type: 'realm', op: 'update', property: 'jitsi_server_url', value: own },
      { type: 'realm', op: 'update', property: 'jitsi_server_url', value: null },
    ]);
    expect((await realm()).jitsi_server_url).toBe('https://meet.jit.si');
  });

  it('tells a change of description with its HTML, as Zulip 12 does', async () => {
    const queue = await queueOf(alice);
    await patch({ description: 'Where **we** meet' });
    expect(await eventsOf(alice, queue)).toEqual([
      {
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: {
          description: 'Where **we** meet',
          rendered_description: '<p>Where <strong>we</strong> meet</p>',
        },
      },
    ]);
  });

  it('refuses to create a call with a provider it has no credentials for, as Zulip does', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      // Feature levels 206 and 353.
      ['/calls/zoom/create', { is_video_call: false }, 'Zoom credentials have not been configured'],
      // Feature level 493.
      ['/calls/webex/create', {}, 'Webex credentials have not been configured'],
      // Feature level 460.
      ['/calls/constructorgroups/create', {}, 'Failed to create Constructor Groups call'],
      // Feature level 465.
      ['/calls/nextcloud_talk/create', { room_name: 'Sync' }, 'Nextcloud Talk is not configured'],
    ];
    for (const [path, params, msg] of cases) {
      const refused = await org.api(alice)('POST', path, params);
      expect(refused.status, path).toBe(400);
      expect(refused.json, path).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    }
    const malformed = await org.api(alice)('POST', '/calls/zoom/create', { is_video_call: 'yes' });
    expect(malformed.json).toMatchObject({ code: 'BAD_REQUEST', var_name: 'is_video_call' });
    const unnamed = await org.api(alice)('POST', '/calls/nextcloud_talk/create', {});
    expect(unnamed.json).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'room_name' });
  });

  it('makes a voice-only BigBlueButton link, whose joining says BigBlueButton is not configured', async () => {
    const created = await org.api(alice)('GET', '/calls/bigbluebutton/create', {
      meeting_name: 'Stand-up',
      voice_only: true,
    });
    expect(created.json).toEqual({
      result: 'success',
      msg: '',
      url: expect.stringMatching(/^\/calls\/bigbluebutton\/join\?bigbluebutton=[\w-]+%3A[\w-]+$/),
    });
    const joined = await fetch(`${org.url}${created.json.url as string}`);
    expect(joined.status).toBe(400);
    expect(await joined.json()).toEqual({
      result: 'error',
      msg: 'BigBlueButton is not configured.',
      code: 'BAD_REQUEST',
    });
    const unnamed = await org.api(alice)('GET', '/calls/bigbluebutton/create', {});
    expect(unnamed.json).toMatchObject({ var_name: 'meeting_name' });
  });

  it('gives the GIF pickers and Zoom nothing to work with', async () => {
    const state = (
      await org.api(alice)('POST', '/register', {
        fetch_event_types: ['giphy', 'tenor', 'klipy', 'video_calls'],
      })
    ).json;
    expect(state).toMatchObject({
      giphy_api_key: '',
      tenor_api_key: '',
      klipy_api_key: '',
      has_zoom_token: false,
    });
  });

  it('keeps a user’s hide_ai_features setting', async () => {
    const settings = async () =>
      (await org.api(alice)('POST', '/register', { fetch_event_types: ['user_settings'] })).json
        .user_settings as Record<string, unknown>;
    expect((await settings()).hide_ai_features).toBe(false);
    expect((await org.api(alice)('PATCH', '/settings', { hide_ai_features: true })).json).toEqual({
      result: 'success',
      msg: '',
    });
    expect((await settings()).hide_ai_features).toBe(true);
  });

  it('says whether Notification Bot told those subscribed, when asked or by default', async () => {
    const bob = await org.user('bob');
    const asked = await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'lobby' }],
      principals: [bob.email],
      send_new_subscription_messages: true,
    });
    expect(asked.json).toMatchObject({ result: 'success', new_subscription_messages_sent: true });
    const byDefault = await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'lobby' }],
      principals: [bob.email],
    });
    expect(byDefault.json).toMatchObject({ new_subscription_messages_sent: true });
    const unasked = await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'lobby' }],
      principals: [bob.email],
      send_new_subscription_messages: false,
    });
    expect(unasked.json).not.toHaveProperty('new_subscription_messages_sent');
  });

  it('stops naming an archived channel in any setting', async () => {
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'going' }],
      invite_only: true,
    });
    const goingId = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'going' })).json
      .stream_id as number;
    await patch({
      signup_announcements_stream_id: goingId,
      moderation_request_channel_id: goingId,
    });
    const queue = await queueOf(alice);
    expect((await org.api(org.owner)('DELETE', `/streams/${goingId}`)).json.result).toBe('success');
    expect(await eventsOf(alice, queue)).toEqual([
      { type: 'realm', op: 'update', property: 'signup_announcements_stream_id', value: -1 },
      { type: 'realm', op: 'update', property: 'moderation_request_channel_id', value: -1 },
    ]);
    expect(await realm()).toMatchObject({
      realm_signup_announcements_stream_id: -1,
      realm_moderation_request_channel_id: -1,
    });
  });

  it('keeps the settings across a restart', async () => {
    await patch({
      signup_announcements_stream_id: publicId,
      moderation_request_channel_id: privateId,
      media_preview_size: 200,
      jitsi_server_url: JSON.stringify('https://meet.example.org'),
    });
    await org.restart();
    expect(await realm()).toMatchObject({
      realm_signup_announcements_stream_id: publicId,
      realm_moderation_request_channel_id: privateId,
      realm_media_preview_size: 200,
      realm_jitsi_server_url: 'https://meet.example.org',
      realm_video_chat_provider: 1,
      realm_gif_rating_policy: 4,
      realm_send_channel_events_messages: false,
    });
  });
});
