import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, testPassword, type Org, type TestUser } from '../helpers/org';

// The user and organization settings Zulip added or changed between 7.0 and
// 12.0, and the server's values register gives beside them.

const notInList = (name: string) =>
  `Invalid ${name}: Value error, Not in the list of possible values`;

// Zulip 12's defaults for a new account.
const zulip12Defaults = {
  twenty_four_hour_time: false,
  web_home_view: 'inbox',
  web_escape_navigates_to_home_view: true,
  web_stream_unreads_count_display_policy: 2,
  web_font_size_px: 16,
  web_line_height_percent: 140,
  receives_typing_notifications: true,
  web_navigate_to_sent_message: true,
  web_channel_default_view: 1,
  web_animate_image_previews: 'on_hover',
  allow_private_data_export: false,
  web_suggest_update_timezone: true,
  web_left_sidebar_unreads_count_summary: true,
  web_left_sidebar_show_channel_folders: true,
  web_inbox_show_channel_folders: true,
  desktop_icon_count_display: 1,
  resolved_topic_notice_auto_read_policy: 'except_followed',
};

// A value of each, other than its default, as a client sends it.
const chosen: Record<string, unknown> = {
  web_home_view: 'recent',
  web_escape_navigates_to_home_view: false,
  web_stream_unreads_count_display_policy: 3,
  web_font_size_px: 14,
  web_line_height_percent: 122,
  web_navigate_to_sent_message: false,
  web_channel_default_view: 4,
  web_animate_image_previews: 'never',
  allow_private_data_export: true,
  web_suggest_update_timezone: false,
  web_left_sidebar_unreads_count_summary: false,
  web_left_sidebar_show_channel_folders: false,
  web_inbox_show_channel_folders: false,
  desktop_icon_count_display: 4,
  resolved_topic_notice_auto_read_policy: 'always',
};

type Events = Record<string, unknown>[];

describe('user settings Zulip added after 7.0', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  const register = async (user: TestUser, params: Record<string, unknown> = {}) =>
    (await org.api(user)('POST', '/register', params)).json;
  const eventsOf = async (user: TestUser, queueId: string): Promise<Events> =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json.events;
  const patch = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('PATCH', '/settings', params);

  it("starts at Zulip 12's defaults, under Zulip 12's names", async () => {
    const { user_settings: settings } = await register(alice, {
      fetch_event_types: ['user_settings'],
    });
    expect(settings).toMatchObject(zulip12Defaults);
    for (const gone of ['default_view', 'escape_navigates_to_default_view']) {
      expect(settings).not.toHaveProperty(gone);
    }
    // Zulip 10 dropped dense_mode (feature level 364).
    expect(settings).not.toHaveProperty('dense_mode');
    // Zulip 12 gives no settings at the top level, whatever the client declares (439).
    const legacy = await register(alice, { fetch_event_types: ['update_display_settings'] });
    expect(legacy).not.toHaveProperty('web_home_view');
    expect(legacy).not.toHaveProperty('twenty_four_hour_time');
  });

  it('stores each, announces it as a user_settings update, and keeps it after a restart', async () => {
    const carol = await org.user('carol');
    const { queue_id: queueId } = await register(carol, { event_types: ['user_settings'] });
    expect((await patch(carol, chosen)).json).toEqual({ result: 'success', msg: '' });
    const events = (await eventsOf(carol, queueId)).map(({ id: _id, ...event }) => event);
    const announced = Object.entries(chosen).map(([property, value]) => ({
      type: 'user_settings',
      op: 'update',
      property,
      value,
    }));
    expect(events).toHaveLength(announced.length);
    expect(events).toEqual(expect.arrayContaining(announced));
    await org.restart();
    const { user_settings: settings } = await register(carol, {
      fetch_event_types: ['user_settings'],
    });
    expect(settings).toMatchObject(chosen);
  });

  it("refuses a value outside Zulip 12's choices in its words, and changes nothing", async () => {
    const cases: Record<string, unknown>[] = [
      { web_home_view: 'recent_topics' },
      { web_stream_unreads_count_display_policy: 4 },
      { web_channel_default_view: 5 },
      { web_animate_image_previews: 'sometimes' },
      { desktop_icon_count_display: 5 },
    ];
    for (const params of cases) {
      const [name] = Object.keys(params) as [string];
      const response = await patch(alice, { ...params, allow_private_data_export: true });
      expect(response.status, name).toBe(400);
      expect(response.json, name).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: notInList(name),
      });
    }
    const { user_settings: settings } = await register(alice, {
      fetch_event_types: ['user_settings'],
    });
    expect(settings).toMatchObject(zulip12Defaults);
  });

  it('no longer takes default_view: it changes nothing', async () => {
    const { queue_id: queueId } = await register(alice, { event_types: ['user_settings'] });
    const response = await patch(alice, { default_view: 'all_messages' });
    expect(response.json.result).toBe('success');
    expect(await eventsOf(alice, queueId)).toEqual([]);
    const { user_settings: settings } = await register(alice, {
      fetch_event_types: ['user_settings'],
    });
    expect(settings).toMatchObject({ web_home_view: 'inbox' });
  });

  it('tells no one who turned receives_typing_notifications off that someone is typing', async () => {
    const bob = await org.user('bob');
    const dave = await org.user('dave');
    await patch(dave, { receives_typing_notifications: false });
    const bobQueue = (await register(bob, { event_types: ['typing'] })).queue_id;
    const daveQueue = (await register(dave, { event_types: ['typing'] })).queue_id;
    await org.api(alice)('POST', '/typing', { op: 'start', to: [bob.id, dave.id] });
    expect(await eventsOf(bob, bobQueue)).toMatchObject([{ type: 'typing', op: 'start' }]);
    expect(await eventsOf(dave, daveQueue)).toEqual([]);
  });
});

describe('organization settings Zulip added after 7.0', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'design');
  });
  afterAll(() => org.close());

  const realm = async (user: TestUser = alice) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['realm'] })).json;
  const eventsOf = async (user: TestUser, queueId: string): Promise<Events> =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json.events;

  it("gives Zulip 12's values of a new organization and of the server", async () => {
    const state = await realm();
    expect(state).toMatchObject({
      realm_date_created: expect.any(Number),
      realm_enable_guest_user_indicator: true,
      realm_enable_guest_user_dm_warning: true,
      realm_require_unique_names: false,
      realm_zulip_update_announcements_stream_id: -1,
      server_typing_started_expiry_period_milliseconds: 45000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_wait_period_milliseconds: 30000,
      password_min_length: 6,
      password_max_length: 100,
      server_report_message_types: [
        { key: 'spam', name: 'Spam' },
        { key: 'harassment', name: 'Harassment' },
        { key: 'inappropriate', name: 'Inappropriate content' },
        { key: 'norms', name: 'Violates community norms' },
        { key: 'other', name: 'Other reason' },
      ],
      realm_default_code_block_language: '',
      realm_upload_quota_mib: null,
      realm_url: org.url,
      realm_uri: org.url,
    });
    expect(Math.abs(state.realm_date_created - Date.now() / 1000)).toBeLessThan(600);
    expect(state).not.toHaveProperty('realm_is_zephyr_mirror_realm');
  });

  it('has no navigation tour video, nor the onboarding step that shows it', async () => {
    const state = (
      await org.api(alice)('POST', '/register', { fetch_event_types: ['onboarding_steps'] })
    ).json;
    expect(state.navigation_tour_video_url).toBeNull();
    expect(state.onboarding_steps).not.toContainEqual(
      expect.objectContaining({ name: 'navigation_tour_video' }),
    );
  });

  it('lets administrators change each, announced to everyone as a realm update', async () => {
    const designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json
      .stream_id as number;
    const { queue_id: queueId } = (
      await org.api(alice)('POST', '/register', { event_types: ['realm'] })
    ).json;
    const changes = {
      enable_guest_user_indicator: false,
      enable_guest_user_dm_warning: false,
      zulip_update_announcements_stream_id: designId,
    };
    const response = await org.api(org.owner)('PATCH', '/realm', changes);
    expect(response.json).toEqual({ result: 'success', msg: '', ...changes });
    const events = (await eventsOf(alice, queueId)).map(({ id: _id, ...event }) => event);
    expect(events).toEqual(
      Object.entries(changes).map(([property, value]) => ({
        type: 'realm',
        op: 'update',
        property,
        value,
      })),
    );
    expect(await realm()).toMatchObject({
      realm_enable_guest_user_indicator: false,
      realm_enable_guest_user_dm_warning: false,
      realm_zulip_update_announcements_stream_id: designId,
    });
    const none = await org.api(org.owner)('PATCH', '/realm', {
      zulip_update_announcements_stream_id: -1,
    });
    expect(none.json).toMatchObject({ zulip_update_announcements_stream_id: -1 });
    expect((await realm()).realm_zulip_update_announcements_stream_id).toBe(-1);
  });

  it('refuses them to members and an unknown channel, changing nothing', async () => {
    const member = await org.api(alice)('PATCH', '/realm', { require_unique_names: true });
    expect(member.json).toMatchObject({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL' });
    const unknown = await org.api(org.owner)('PATCH', '/realm', {
      require_unique_names: true,
      zulip_update_announcements_stream_id: 99999,
    });
    expect(unknown.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect((await realm()).realm_require_unique_names).toBe(false);
  });

  it('with require_unique_names, refuses a name someone has, as Zulip compares names', async () => {
    const taken = await org.user('erin');
    const frank = await org.user('frank');
    expect(
      (await org.api(org.owner)('PATCH', '/realm', { require_unique_names: true })).json,
    ).toMatchObject({ result: 'success', require_unique_names: true });
    const unique = 'Unique names required in this organization.';
    // Case and compatibility forms (fullwidth letters) count as the same name.
    const rename = await org.api(frank)('PATCH', '/settings', {
      full_name: taken.fullName.toUpperCase(),
    });
    expect(rename.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: unique });
    // Fullwidth letters, which NFKC folds back to the plain ones.
    const fullwidth = taken.fullName.replace(/[a-z]/gi, (c) =>
      String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0),
    );
    expect((await org.api(frank)('PATCH', '/settings', { full_name: fullwidth })).json.msg).toBe(
      unique,
    );
    const signup = await org.api(org.owner)('POST', '/users', {
      email: 'erin2@hearth.test',
      password: 'long enough password',
      full_name: taken.fullName,
    });
    expect(signup.json).toMatchObject({ result: 'error', msg: unique });
    const bot = await org.api(org.owner)('POST', '/bots', {
      full_name: taken.fullName,
      short_name: 'erinbot',
    });
    expect(bot.json).toMatchObject({ result: 'error', msg: unique });
    // One's own name, in another case, is no one else's.
    const own = await org.api(frank)('PATCH', '/settings', {
      full_name: frank.fullName.toLowerCase(),
    });
    expect(own.json.result).toBe('success');
  });
});

describe('a password change (password_max_length)', () => {
  it('refuses a new password longer than 100 characters as too weak', async () => {
    const org = await startOrg();
    try {
      const response = await org.api(await org.user('gina'))('PATCH', '/settings', {
        old_password: testPassword,
        new_password: 'x'.repeat(101),
      });
      expect(response.json).toMatchObject({ result: 'error', msg: 'New password is too weak!' });
    } finally {
      await org.close();
    }
  });
});
