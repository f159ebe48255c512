import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's POST /register: the keys each fetch type adds, their shapes,
// and how the register arguments change the events that follow.

const anyNumber = expect.any(Number);
const anyString = expect.any(String);
const anyBoolean = expect.any(Boolean);
const anyArray = expect.any(Array);
const anyObject = expect.any(Object);

const keysByType: Record<string, Record<string, unknown>> = {
  message: { max_message_id: anyNumber },
  starred_messages: { starred_messages: anyArray },
  subscription: { subscriptions: anyArray, unsubscribed: anyArray, never_subscribed: anyArray },
  stream: { streams: anyArray },
  default_streams: { realm_default_streams: anyArray },
  muted_topics: { muted_topics: anyArray },
  user_topic: { user_topics: anyArray },
  presence: { presences: anyObject, server_timestamp: anyNumber },
  realm_emoji: { realm_emoji: {} },
  user_status: { user_status: {} },
  realm_linkifiers: { realm_linkifiers: [] },
  realm_filters: { realm_filters: [] },
  realm_playgrounds: { realm_playgrounds: [] },
  navigation_views: { navigation_views: [] },
  giphy: { giphy_api_key: '' },
  tenor: { tenor_api_key: '' },
  klipy: { klipy_api_key: '' },
  video_calls: { has_zoom_token: false },
  realm_incoming_webhook_bots: { realm_incoming_webhook_bots: anyArray },
  drafts: { drafts: anyArray },
  realm_user_groups: { realm_user_groups: anyArray },
  // Zulip 12 gives the settings in user_settings alone (feature level 439).
  update_global_notifications: {},
  update_display_settings: {},
  user_settings: { user_settings: anyObject },
  custom_profile_fields: { custom_profile_fields: anyArray, custom_profile_field_types: anyObject },
  onboarding_steps: { onboarding_steps: anyArray, navigation_tour_video_url: null },
  realm_user: {
    realm_users: anyArray,
    realm_non_active_users: anyArray,
    cross_realm_bots: anyArray,
    user_id: anyNumber,
    email: anyString,
    full_name: anyString,
    is_admin: anyBoolean,
    is_guest: anyBoolean,
    avatar_url: anyString,
    can_create_streams: anyBoolean,
  },
  realm: {
    realm_name: anyString,
    realm_uri: anyString,
    realm_uuid: anyString,
    realm_description: anyString,
    realm_allow_message_editing: anyBoolean,
    realm_edit_topic_policy: anyNumber,
    realm_message_content_edit_limit_seconds: expect.toBeOneOf([null, anyNumber]),
    realm_message_retention_days: -1,
    realm_new_stream_announcements_stream_id: anyNumber,
    realm_video_chat_provider: anyNumber,
    realm_presence_disabled: false,
    max_message_length: 10_000,
    max_topic_length: 60,
    max_stream_name_length: 60,
    server_presence_ping_interval_seconds: 60,
    server_presence_offline_threshold_seconds: 140,
    server_emoji_data_url: anyString,
    server_thumbnail_formats: [],
    // Feature level 358, with the boolean it replaced kept beside it, as Zulip 12 keeps it.
    realm_message_edit_history_visibility_policy: 'all',
    realm_allow_edit_history: true,
    // Feature level 438.
    realm_owner_full_content_access: false,
  },
};

describe('the keys POST /register returns', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
  });
  afterAll(() => org.close());

  const register = async (user: TestUser, params: Record<string, unknown>) => {
    const response = await org.api(user)('POST', '/register', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json as Record<string, unknown> & { queue_id: string };
  };
  const always = ['queue_id', 'last_event_id', 'zulip_version', 'zulip_feature_level'];

  it.each(Object.entries(keysByType))('fetches the %s state', async (type, keys) => {
    const state = await register(alice, { fetch_event_types: [type] });
    expect(state).toMatchObject(keys);
    const expected = new Set([
      ...always,
      'zulip_merge_base',
      'result',
      'msg',
      ...Object.keys(keys),
    ]);
    const others = Object.keys(state).filter((key) => !expected.has(key));
    // Every other key must belong to the same type: none of another type's keys leak in.
    const foreign = Object.entries(keysByType)
      .filter(([name]) => name !== type)
      .flatMap(([, other]) => Object.keys(other))
      .filter((key) => !(key in keys));
    expect(others.filter((key) => foreign.includes(key))).toEqual([]);
  });

  it("reports Zulip 12.0's version and feature level whatever was asked", async () => {
    const state = await register(alice, { fetch_event_types: ['message'] });
    expect(state).toMatchObject({
      zulip_version: '12.0',
      zulip_merge_base: '12.0',
      zulip_feature_level: 498,
    });
  });

  it('fetches unread_msgs only for a client that follows messages and their flags', async () => {
    const both = await register(alice, { fetch_event_types: ['message', 'update_message_flags'] });
    expect(both.unread_msgs).toEqual({
      pms: anyArray,
      streams: anyArray,
      huddles: anyArray,
      mentions: anyArray,
      count: anyNumber,
      old_unreads_missing: false,
    });
    const flagsOnly = await register(alice, { fetch_event_types: ['update_message_flags'] });
    expect(flagsOnly).not.toHaveProperty('unread_msgs');
  });

  it('leaves muted_topics out for a client that names user_topic too', async () => {
    const both = await register(alice, { fetch_event_types: ['muted_topics', 'user_topic'] });
    expect(both).toHaveProperty('user_topics');
    expect(both).not.toHaveProperty('muted_topics');
    expect(await register(alice, {})).toHaveProperty('muted_topics');
  });

  it('lists the role-based system groups with their direct members', async () => {
    const { realm_user_groups: groups } = (await register(alice, {
      fetch_event_types: ['realm_user_groups'],
    })) as unknown as {
      realm_user_groups: {
        id: number;
        name: string;
        members: number[];
        direct_subgroup_ids: number[];
      }[];
    };
    expect(groups.map((group) => group.name)).toEqual([
      'role:owners',
      'role:administrators',
      'role:moderators',
      'role:fullmembers',
      'role:members',
      'role:everyone',
      'role:internet',
      'role:nobody',
    ]);
    const byName = new Map(groups.map((group) => [group.name, group]));
    expect(byName.get('role:owners')?.members).toEqual([org.owner.id]);
    expect(byName.get('role:members')?.members).toEqual([alice.id, bob.id]);
    expect(byName.get('role:administrators')?.direct_subgroup_ids).toEqual([
      byName.get('role:owners')?.id,
    ]);
    expect(groups.every((group) => (group as { is_system_group?: boolean }).is_system_group)).toBe(
      true,
    );
  });

  it('sorts streams left and never joined by name, with subscribers only where visible', async () => {
    await org.subscribe(alice, 'zebra');
    await org.api(alice)('DELETE', '/users/me/subscriptions', { subscriptions: ['zebra'] });
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      invite_only: true,
    });
    await org.subscribe(bob, 'attic');
    const state = (await register(alice, {
      fetch_event_types: ['subscription'],
      include_subscribers: true,
    })) as unknown as Record<string, { name: string; subscribers?: number[] }[]>;
    expect(state.unsubscribed?.map((sub) => sub.name)).toEqual(['zebra']);
    expect(state.unsubscribed?.[0]?.subscribers).toEqual([]);
    // A member never sees a private stream they are not in.
    expect(state.never_subscribed?.map((sub) => sub.name)).toEqual(['attic']);
    expect(state.never_subscribed?.[0]).toMatchObject({
      subscribers: [bob.id],
      stream_weekly_traffic: null,
      invite_only: false,
    });
    const owners = (await register(org.owner, {
      fetch_event_types: ['subscription'],
      include_subscribers: true,
    })) as unknown as Record<string, { name: string; subscribers?: number[] }[]>;
    expect(owners.never_subscribed?.map((sub) => sub.name)).toEqual(['attic', 'design', 'zebra']);
  });

  it('gives subscriptions the fields zulip-terminal reads', async () => {
    const { subscriptions } = (await register(alice, {
      fetch_event_types: ['subscription'],
    })) as unknown as { subscriptions: Record<string, unknown>[] };
    expect(subscriptions.find((sub) => sub.name === 'design')).toMatchObject({
      stream_id: anyNumber,
      name: 'design',
      color: anyString,
      pin_to_top: false,
      is_muted: false,
      in_home_view: true,
      invite_only: false,
      description: anyString,
      message_retention_days: null,
      stream_weekly_traffic: null,
    });
  });
});

describe('what the register arguments do to the events that follow', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    await org.subscribe(bob, 'kitchen');
  });
  afterAll(() => org.close());

  const queue = async (user: TestUser, params: Record<string, unknown>) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: [], ...params })).json
      .queue_id as string;
  const events = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as { type: string; message?: Record<string, unknown> }[];
  const send = (stream: string, content: string) =>
    org.api(bob)('POST', '/messages', { type: 'stream', to: stream, topic: 't', content });

  it('renders content as HTML only with apply_markdown', async () => {
    const html = await queue(alice, { event_types: ['message'], apply_markdown: true });
    const raw = await queue(alice, { event_types: ['message'] });
    await send('design', '**bold**');
    expect((await events(alice, html))[0]?.message).toMatchObject({
      content: '<p><strong>bold</strong></p>',
      content_type: 'text/html',
    });
    expect((await events(alice, raw))[0]?.message).toMatchObject({
      content: '**bold**',
      content_type: 'text/x-markdown',
    });
  });

  it('narrows message events only, and all_public_streams adds streams one is not in', async () => {
    const narrowed = await queue(alice, { narrow: [['stream', 'kitchen']] });
    const everything = await queue(alice, { all_public_streams: true, event_types: ['message'] });
    await send('design', 'in design');
    await send('kitchen', 'in kitchen');
    await org.subscribe(alice, `other-${Date.now()}`);
    const narrowedTypes = (await events(alice, narrowed)).map((event) => event.type);
    // The narrow keeps out design's message (and kitchen's, which alice does not receive) but no other event.
    expect(narrowedTypes).not.toContain('message');
    expect(narrowedTypes).toContain('subscription');
    const contents = (await events(alice, everything)).map((event) => event.message?.content);
    expect(contents).toEqual(['in design', 'in kitchen']);
  });
});
