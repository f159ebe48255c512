import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureRecord } from '../../../scripts/todaysDatabase/fixtureRecord';
import { caller, startOrg, type ApiCall, type Org } from '../../helpers/org';
import {
  ADAM_DIRECT,
  ALICE_DIRECT,
  ALICE_SETTINGS,
  ALICE_SUBSCRIPTIONS,
  ALICE_UNREAD,
  ANNOUNCEMENTS,
  BOB_DRAFTS,
  CHANNELS,
  DESIGN,
  DESIGN_TOPICS,
  EDIT_HISTORIES,
  EMOJI_SHA256,
  ENGINEERING,
  FLAGS,
  GENERAL,
  ICON_SHA256,
  INVITES,
  LEADERSHIP,
  MESSAGE_IDS,
  MONA_DIRECT,
  PEOPLE,
  PERSONAL,
  PRESENCE,
  PROFILE_DATA,
  PROFILE_FIELDS,
  QUEUED_EVENTS,
  REACTIONS,
  SCHEDULED,
  STATUSES,
  SUBMESSAGES,
  UPLOADS,
  WATERCOOLER,
} from './todaysDatabaseContents';

// A linkifier's Zulip 12 fields (feature levels 471 and 478), none before the move.
const noLinkifierExtras = {
  example_input: null,
  reverse_template: null,
  alternative_url_templates: [],
};

// A data folder written by the host before its move to Zulip 12 (issue 52,
// point 5): whatever version starts on it must show everyone what they saw
// then. Each `it` reads one kind of data through the API and expects the
// values scripts/make-todays-database.ts gave it (todaysDatabaseContents.ts),
// so that the migration can add beside them what Zulip 12 shows of the same.

const fixtureDir = join(import.meta.dirname, '../../fixtures/todays-database');
const databaseFile = join(fixtureDir, 'hearth.sqlite3');
const fixture = JSON.parse(readFileSync(join(fixtureDir, 'fixture.json'), 'utf8')) as FixtureRecord;

// The schema the fixture was written at; anything else means later code regenerated it.
const SCHEMA_VERSION = 27;

const sha256 = (data: ArrayBuffer | Buffer) =>
  createHash('sha256')
    .update(Buffer.from(data as ArrayBuffer))
    .digest('hex');

// The ID of a person or bot of the fixture.
const id = (name: string) => (fixture.people[name] ?? fixture.bots[name])?.id;

describe("a database written by the host before Zulip 12's", () => {
  let org: Org;
  const as = (name: string): ApiCall => {
    const account = fixture.people[name] ?? fixture.bots[name];
    if (!account) throw new Error(`the fixture has no ${name}`);
    return org.api({
      id: account.id,
      email: account.email,
      fullName: name,
      apiKey: account.apiKey,
    });
  };
  const ok = async (answer: Promise<{ status: number; json: unknown }>) => {
    const { status, json } = await answer;
    expect(status, JSON.stringify(json)).toBe(200);
    // The answers are checked against literal values below; a loose shape keeps that short.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return json as any;
  };
  const register = (name: string, params: Record<string, unknown>) =>
    ok(as(name)('POST', '/register', params));
  // role:nobody, which the migration made, taking the ID after the groups people had made.
  const nobodyId = async (): Promise<number> => {
    const { user_groups } = await ok(as('gus')('GET', '/user_groups'));
    const found = (user_groups as { id: number; name: string }[]).find(
      (group) => group.name === 'role:nobody',
    );
    expect(found?.id).toBe(10);
    return found?.id ?? 0;
  };
  const download = async (name: string, path: string) => {
    const account = fixture.people[name];
    const token = Buffer.from(`${account?.email}:${account?.apiKey}`).toString('base64');
    const response = await fetch(`${org.url}/user_uploads/${path}`, {
      headers: { Authorization: `Basic ${token}` },
    });
    expect(response.status).toBe(200);
    return {
      type: response.headers.get('content-type'),
      data: Buffer.from(await response.arrayBuffer()),
    };
  };
  // Each message as [id, sender, where, Markdown, timestamp]; uploads' random paths elided.
  const conversation = async (name: string, narrow: object[]) => {
    const { messages } = await ok(
      as(name)('GET', '/messages', {
        anchor: 'oldest',
        num_before: 0,
        num_after: 1000,
        narrow,
        apply_markdown: false,
      }),
    );
    return messages.map((message: Record<string, unknown>) => [
      message.id,
      message.sender_id,
      message.type === 'stream'
        ? `#${message.display_recipient} > ${message.subject}`
        : `to ${(message.display_recipient as { id: number }[]).map((to) => to.id).join(',')}`,
      (message.content as string).replace(
        /\/user_uploads\/1\/[0-9a-f]{2}\/[\w-]+\//g,
        '/user_uploads/…/',
      ),
      message.timestamp,
    ]);
  };
  const channel = (name: string) => [{ operator: 'stream', operand: name }];

  beforeAll(async () => {
    org = await startOrg({
      database: databaseFile,
      // Alice's queue is as old as the fixture and must still be there.
      queueTimeouts: { idleMs: 1000 * 365 * 24 * 60 * 60_000 },
    });
  });
  afterAll(() => org?.close());

  it('was written at schema version 27, as its README says', () => {
    // SQLite's header keeps PRAGMA user_version at offset 60, big-endian.
    expect(readFileSync(databaseFile).readUInt32BE(60)).toBe(SCHEMA_VERSION);
    const readme = readFileSync(join(fixtureDir, 'README.md'), 'utf8');
    expect(readme).toContain(`Schema version: **${SCHEMA_VERSION}**`);
    expect(fixture.schemaVersion).toBe(SCHEMA_VERSION);
  });

  it('keeps the organization, every setting it changed and its icon', async () => {
    const state = await register('olive', { fetch_event_types: ['realm'] });
    expect(state).toMatchObject({
      realm_name: 'Lamplighters Co-op',
      realm_description: 'Where the **lamps** are lit',
      realm_allow_message_editing: false,
      realm_message_content_edit_limit_seconds: 1800,
      realm_edit_topic_policy: 4,
      realm_move_messages_within_stream_limit_seconds: null,
      realm_allow_edit_history: false,
      realm_delete_own_message_policy: 1,
      realm_message_content_delete_limit_seconds: null,
      realm_invite_to_realm_policy: 2,
      realm_move_messages_between_streams_policy: 4,
      realm_move_messages_between_streams_limit_seconds: 86_400,
      realm_new_stream_announcements_stream_id: 5,
      realm_enable_read_receipts: false,
      realm_bot_creation_policy: 2,
      realm_default_language: 'de',
      realm_icon_source: 'U',
    });
    // Each role policy became the system group Zulip's own migrations chose:
    // moderators 3, administrators 2, members 5.
    expect(state).toMatchObject({
      realm_can_move_messages_between_topics_group: 3,
      realm_can_resolve_topics_group: 3,
      realm_can_delete_own_message_group: 5,
      realm_can_invite_users_group: 2,
      realm_can_move_messages_between_channels_group: 3,
      realm_can_create_bots_group: 2,
      realm_can_create_write_only_bots_group: 5,
      // allow_edit_history off became the visibility policy of no history (FL 358).
      realm_message_edit_history_visibility_policy: 'none',
    });
    const icon = await fetch(new URL(state.realm_icon_url, org.url));
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(sha256(await icon.arrayBuffer())).toBe(ICON_SHA256);
  });

  it('keeps everyone with their role, name and time zone, the deactivated and the bots too', async () => {
    const { members } = await ok(as('olive')('GET', '/users'));
    expect(
      members.map((user: Record<string, unknown>) => [
        user.user_id,
        user.email,
        user.full_name,
        user.role,
        user.is_active,
        user.bot_type,
        user.bot_owner_id ?? null,
        user.timezone,
        user.date_joined,
      ]),
    ).toEqual(PEOPLE);
  });

  it("keeps each person's password and API key", async () => {
    const anonymous = caller(() => org.url, undefined);
    for (const [name, account] of Object.entries(fixture.people)) {
      const me = await as(name)('GET', '/users/me');
      const signIn = await anonymous('POST', '/fetch_api_key', {
        username: account.email,
        password: fixture.password,
      });
      if (account.active) {
        expect(me.json.user_id, name).toBe(account.id);
        expect(signIn.json.api_key, name).toBe(account.apiKey);
      } else {
        expect([me.json.code, signIn.json.code], name).toEqual([
          'USER_DEACTIVATED',
          'USER_DEACTIVATED',
        ]);
      }
    }
  });

  it('keeps the bots with their owners, defaults, keys and service', async () => {
    const state = await register('adam', { fetch_event_types: ['realm_bot'] });
    const noDefaults = {
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
    };
    const botId = (name: string) => fixture.bots[name]?.id;
    // Zulip 12's bot object (feature level 474): the rest is the bot's user's.
    expect(state.realm_bots).toEqual([
      {
        user_id: botId('build'),
        default_sending_stream: 'design',
        default_events_register_stream: 'design',
        default_all_public_streams: true,
        services: [],
      },
      { user_id: botId('alerts'), ...noDefaults, services: [] },
      {
        user_id: botId('triage'),
        ...noDefaults,
        services: [
          { base_url: 'https://bots.example.com/triage', interface: 2, token: fixture.triageToken },
        ],
      },
      { user_id: botId('old'), ...noDefaults, services: [] },
    ]);
    const { members } = await ok(as('adam')('GET', '/users'));
    const expected: [string, string, number, boolean, string][] = [
      ['build', 'Build bot', 1, true, 'alice'],
      ['alerts', 'Alerts bot', 2, true, 'adam'],
      ['triage', 'Triage bot', 3, true, 'adam'],
      ['old', 'Old bot', 1, false, 'alice'],
    ];
    for (const [name, fullName, botType, isActive, owner] of expected) {
      expect(
        members.find((user: { user_id: number }) => user.user_id === botId(name)),
      ).toMatchObject({
        email: fixture.bots[name]?.email,
        full_name: fullName,
        bot_type: botType,
        is_active: isActive,
        bot_owner_id: id(owner),
        avatar_url: `/avatar/${botId(name)}?version=1`,
      });
      const key = await ok(as('adam')('GET', `/bots/${botId(name)}/api_key`));
      expect(key.api_key).toBe(fixture.bots[name]?.apiKey);
    }
    for (const name of ['build', 'triage']) {
      expect((await ok(as(name)('GET', '/users/me'))).user_id).toBe(id(name));
    }
    // A key the host did not know would be refused otherwise.
    expect((await as('alerts')('GET', '/users/me')).json.msg).toBe(
      'This API is not available to incoming webhook bots.',
    );
  });

  it("gains Zulip's system bots after everyone it had, outside the people (migration 051)", async () => {
    const state = await register('alice', { fetch_event_types: ['realm_user'] });
    const bots = state.cross_realm_bots as { user_id: number; email: string }[];
    expect(bots.map((bot) => bot.email)).toEqual([
      'notification-bot@zulip.com',
      'welcome-bot@zulip.com',
    ]);
    const known = [...Object.values(fixture.people), ...Object.values(fixture.bots)];
    const highest = Math.max(...known.map((account) => account.id));
    expect(bots.every((bot) => bot.user_id > highest)).toBe(true);
    const people = [...state.realm_users, ...state.realm_non_active_users] as { user_id: number }[];
    expect(people.map((person) => person.user_id).sort((a, b) => a - b)).toEqual(
      known.map((account) => account.id).sort((a, b) => a - b),
    );
  });

  it('keeps the channels with their descriptions and policies, the archived one out of sight', async () => {
    const { streams } = await ok(
      as('olive')('GET', '/streams', { include_all_active: true, include_default: true }),
    );
    expect(streams).toEqual(
      CHANNELS.map((expected) =>
        expect.objectContaining({
          ...expected,
          is_web_public: false,
          message_retention_days: null,
        }),
      ),
    );
    // Who may post became can_send_message_group as Zulip's migration made
    // it (administrators 2, full members 4, moderators 3, everyone 6); who made
    // a channel was never kept, and nobody but administrators administers one.
    const groupOfPolicy: Record<number, number> = { 1: 6, 2: 2, 3: 4, 4: 3 };
    const nobody = await nobodyId();
    for (const stream of streams as Record<string, unknown>[]) {
      expect(stream, String(stream.name)).toMatchObject({
        can_send_message_group: groupOfPolicy[stream.stream_post_policy as number],
        creator_id: null,
        can_administer_channel_group: nobody,
        can_remove_subscribers_group: 2,
      });
    }
    const archived = await as('adam')('GET', '/get_stream_id', { stream: 'old-projects' });
    expect(archived.json.msg).toBe("Invalid channel name 'old-projects'");
  });

  it("keeps every property of Alice's subscriptions, whom each channel has, and who left one", async () => {
    const state = await register('alice', {
      fetch_event_types: ['subscription'],
      include_subscribers: true,
    });
    expect(
      state.subscriptions.map((subscription: Record<string, unknown>) => [
        subscription.name,
        subscription.color,
        subscription.pin_to_top,
        subscription.is_muted,
        subscription.desktop_notifications,
        subscription.audible_notifications,
        subscription.push_notifications,
        subscription.email_notifications,
        subscription.wildcard_mentions_notify,
        subscription.subscribers,
      ]),
    ).toEqual(ALICE_SUBSCRIPTIONS);
    expect(state.unsubscribed).toEqual([]);
    const mona = await register('mona', { fetch_event_types: ['subscription'] });
    expect(mona.unsubscribed.map((left: { name: string }) => left.name)).toEqual(['watercooler']);
  });

  it('keeps every message with its sender, channel, topic and time', async () => {
    expect(await conversation('alice', channel('design'))).toEqual(DESIGN);
    expect(await conversation('adam', channel('engineering'))).toEqual(ENGINEERING);
    expect(await conversation('mona', channel('leadership'))).toEqual(LEADERSHIP);
    expect(await conversation('olive', channel('announcements'))).toEqual(ANNOUNCEMENTS);
    expect(await conversation('olive', channel('general'))).toEqual(GENERAL);
    expect(await conversation('bob', channel('watercooler'))).toEqual(WATERCOOLER);
    const archived = await ok(as('adam')('GET', `/messages/${MESSAGE_IDS.archived}`));
    expect(archived.message).toMatchObject({
      subject: '2019 lamps',
      sender_id: id('adam'),
      content: '<p>Archive me</p>',
    });
  });

  it('keeps direct messages: one to one, in a group, to oneself, from a bot', async () => {
    const direct = [{ operator: 'is', operand: 'private' }];
    expect(await conversation('alice', direct)).toEqual(ALICE_DIRECT);
    expect(await conversation('mona', direct)).toEqual(MONA_DIRECT);
    expect(await conversation('adam', direct)).toEqual(ADAM_DIRECT);
  });

  it("keeps each channel's topics, and no trace of deleted messages", async () => {
    const { topics } = await ok(as('alice')('GET', '/users/me/2/topics'));
    expect(
      topics.map((topic: { name: string; max_id: number }) => [topic.name, topic.max_id]),
    ).toEqual(DESIGN_TOPICS);
    for (const deleted of MESSAGE_IDS.deleted) {
      expect((await as('adam')('GET', `/messages/${deleted}`)).json.msg).toBe('Invalid message(s)');
    }
  });

  it('renders messages with the linkifiers and custom emoji', async () => {
    const { message } = await ok(as('alice')('GET', `/messages/${MESSAGE_IDS.links}`));
    expect(message.content).toContain('href="https://tracker.example.com/issues/42"');
    expect(message.content).toContain('href="https://lamps.example.com/browse/LAMP-7"');
    expect(message.content).toMatch(/<img[^>]*class="emoji"[^>]*title="shipit"/);
  });

  it('keeps the edit history of edited, renamed, resolved and moved messages', async () => {
    // The organization hides edit history; its owner shows it again to read it.
    await ok(as('olive')('PATCH', '/realm', { allow_edit_history: true }));
    try {
      for (const [messageId, expected] of Object.entries(EDIT_HISTORIES)) {
        const { message_history } = await ok(as('alice')('GET', `/messages/${messageId}/history`));
        expect(message_history, `message ${messageId}`).toEqual(expected);
      }
    } finally {
      await ok(as('olive')('PATCH', '/realm', { allow_edit_history: false }));
    }
  });

  it("keeps each person's flags on each of their messages, and Alice's unread counts", async () => {
    for (const [name, expected] of Object.entries(FLAGS)) {
      const { messages } = await ok(
        as(name)('GET', '/messages', {
          anchor: 'oldest',
          num_before: 0,
          num_after: 1000,
          narrow: [],
        }),
      );
      const held = messages as { id: number; flags: string[] }[];
      const withFlag = (flag: string) =>
        held.filter((message) => message.flags.includes(flag)).map((message) => message.id);
      const flags = [...new Set(held.flatMap((message) => message.flags))];
      expect(
        {
          messages: held.map((message) => message.id),
          ...Object.fromEntries(flags.map((flag) => [flag, withFlag(flag)])),
        },
        name,
      ).toEqual(expected);
    }
    const state = await register('alice', {
      fetch_event_types: ['message', 'update_message_flags'],
    });
    expect(state.unread_msgs).toEqual(ALICE_UNREAD);
  });

  it('keeps reactions of every kind, in the order they were made', async () => {
    for (const [messageId, expected] of Object.entries(REACTIONS)) {
      const { message } = await ok(as('alice')('GET', `/messages/${messageId}`));
      expect(
        message.reactions.map((reaction: Record<string, unknown>) => [
          reaction.emoji_name,
          reaction.emoji_code,
          reaction.reaction_type,
          reaction.user_id,
        ]),
        `message ${messageId}`,
      ).toEqual(expected);
    }
  });

  it('keeps the poll and the to-do list with every vote, option, task and strike', async () => {
    for (const [messageId, expected] of Object.entries(SUBMESSAGES)) {
      const { message } = await ok(as('bob')('GET', `/messages/${messageId}`));
      expect(
        message.submessages.map((submessage: Record<string, unknown>) => [
          submessage.sender_id,
          submessage.msg_type,
          submessage.content,
        ]),
        `message ${messageId}`,
      ).toEqual(expected);
    }
  });

  it('keeps the uploaded files, each downloadable with the same bytes', async () => {
    for (const [name, expected] of Object.entries(UPLOADS)) {
      const { attachments } = await ok(as(name)('GET', '/attachments'));
      const listed = attachments as {
        name: string;
        size: number;
        create_time: number;
        path_id: string;
        message_ids: number[];
      }[];
      expect(
        listed.map((attachment) => [
          attachment.name,
          attachment.size,
          attachment.create_time,
          attachment.message_ids,
        ]),
        name,
      ).toEqual(expected.map((upload) => upload.listed));
      for (const [index, attachment] of listed.entries()) {
        const file = await download(name, attachment.path_id);
        expect(file.type).toContain(expected[index]?.type);
        expect(sha256(file.data), attachment.name).toBe(expected[index]?.sha256);
      }
    }
    const [notes] = (await ok(as('bob')('GET', '/attachments'))).attachments;
    expect((await download('alice', notes.path_id)).data.toString()).toBe(
      'Wicks: 24\nOil: 3 litres\nGlass: handle with care\n',
    );
  });

  it('keeps the custom emoji, the retired one too, with their images', async () => {
    const { emoji } = await ok(as('alice')('GET', '/realm/emoji'));
    const rows = Object.values(emoji as Record<string, Record<string, unknown>>);
    expect(rows.map((row) => [row.id, row.name, row.deactivated, row.author_id])).toEqual([
      ['1', 'shipit', false, id('alice')],
      ['2', 'retired', true, id('alice')],
    ]);
    for (const [index, row] of rows.entries()) {
      const image = await fetch(new URL(String(row.source_url), org.url));
      expect(sha256(await image.arrayBuffer()), String(row.name)).toBe(EMOJI_SHA256[index]);
    }
  });

  it('keeps the linkifiers in their order and the code playground', async () => {
    const { linkifiers } = await ok(as('bob')('GET', '/realm/linkifiers'));
    expect(linkifiers).toEqual([
      {
        id: 1,
        pattern: '#(?P<id>[0-9]+)',
        url_template: 'https://tracker.example.com/issues/{id}',
        ...noLinkifierExtras,
      },
      {
        id: 2,
        pattern: 'LAMP-(?P<id>[0-9]+)',
        url_template: 'https://lamps.example.com/browse/LAMP-{id}',
        ...noLinkifierExtras,
      },
    ]);
    const state = await register('bob', { fetch_event_types: ['realm_playgrounds'] });
    expect(state.realm_playgrounds).toEqual([
      {
        id: 1,
        name: 'Rust playground',
        pygments_language: 'Rust',
        // Migrated as Zulip's own migration did at feature level 196.
        url_template: 'https://play.rust-lang.org/?code={code}',
      },
    ]);
  });

  it("keeps the custom profile fields in their order, and people's values", async () => {
    const { custom_fields } = await ok(as('bob')('GET', '/realm/profile_fields'));
    // Migrated fields are optional and editable by their owners (feature levels 244 and 296).
    expect(custom_fields).toEqual(
      PROFILE_FIELDS.map((field) => ({ ...field, required: false, editable_by_user: true })),
    );
    for (const [name, expected] of Object.entries(PROFILE_DATA)) {
      const { user } = await ok(
        as('bob')('GET', `/users/${id(name)}`, { include_custom_profile_fields: true }),
      );
      expect(user.profile_data, name).toEqual(expected);
    }
  });

  it('keeps the user groups, one inside another with a role group', async () => {
    const { user_groups } = await ok(as('gus')('GET', '/user_groups'));
    // Made before Hearth kept who made a group; the organization's
    // can_manage_all_groups went on deciding who changes them.
    const nobody = await nobodyId();
    const ownSettings = {
      creator_id: null,
      date_created: null,
      can_add_members_group: nobody,
      can_join_group: nobody,
      can_leave_group: 6,
      can_manage_group: nobody,
      can_mention_group: 6,
      can_remove_members_group: nobody,
      deactivated: false,
    };
    expect(
      user_groups.filter((group: { is_system_group: boolean }) => !group.is_system_group),
    ).toEqual([
      {
        id: 8,
        name: 'designers',
        description: 'People who pick colours',
        members: [id('alice'), id('bob')],
        direct_subgroup_ids: [],
        is_system_group: false,
        ...ownSettings,
      },
      {
        id: 9,
        name: 'leads',
        description: 'Leads of the lamplighters',
        members: [id('adam'), id('mona')],
        // 3 is role:moderators.
        direct_subgroup_ids: [3, 8],
        is_system_group: false,
        ...ownSettings,
      },
    ]);
  });

  it('keeps alert words, muted people and topic visibility', async () => {
    for (const [name, expected] of Object.entries(PERSONAL)) {
      const state = await register(name, {
        fetch_event_types: ['alert_words', 'muted_users', 'user_topic'],
      });
      expect(
        {
          alert_words: state.alert_words,
          muted_users: state.muted_users,
          user_topics: state.user_topics,
        },
        name,
      ).toEqual(expected);
    }
  });

  it("keeps each person's status and last presence", async () => {
    const state = await register('gus', { fetch_event_types: ['user_status'] });
    expect(state.user_status).toEqual(STATUSES);
    for (const [name, expected] of Object.entries(PRESENCE)) {
      const { presence } = await ok(as('gus')('GET', `/users/${id(name)}/presence`));
      expect(presence.website, name).toEqual(expected);
    }
  });

  it('keeps every setting Alice changed, and the few Bob and Nina did', async () => {
    const settings = async (name: string) =>
      (
        await register(name, {
          fetch_event_types: ['user_settings'],
          client_capabilities: { user_settings_object: true },
        })
      ).user_settings;
    // Zulip 12 renamed these, and replaced dense_mode by the sizes below (feature level 364).
    const renamed = new Set(['default_view', 'escape_navigates_to_default_view', 'dense_mode']);
    const unrenamed = Object.fromEntries(
      Object.entries(ALICE_SETTINGS).filter(([name]) => !renamed.has(name)),
    );
    expect(await settings('alice')).toMatchObject({
      ...unrenamed,
      // Under Zulip 12's names and numbers; dense mode off is its normal size.
      web_home_view: ALICE_SETTINGS.default_view,
      web_escape_navigates_to_home_view: ALICE_SETTINGS.escape_navigates_to_default_view,
      desktop_icon_count_display: 3,
      web_font_size_px: 16,
      web_line_height_percent: 140,
    });
    expect(await settings('alice')).not.toHaveProperty('dense_mode');
    // Bob kept dense mode on, as it was by default: Zulip 12's compact size.
    expect(await settings('bob')).toMatchObject({
      twenty_four_hour_time: true,
      emojiset: 'google-blob',
      default_language: 'en',
      web_font_size_px: 14,
      web_line_height_percent: 122,
    });
    // Nina joined after the organization's language became German.
    expect(await settings('nina')).toMatchObject({ default_language: 'de' });
  });

  it("keeps Bob's drafts", async () => {
    const { drafts } = await ok(as('bob')('GET', '/drafts'));
    expect(drafts).toEqual(BOB_DRAFTS);
  });

  it('keeps the scheduled messages still waiting and the one that failed', async () => {
    for (const [name, expected] of Object.entries(SCHEDULED)) {
      const { scheduled_messages } = await ok(as(name)('GET', '/scheduled_messages'));
      expect(scheduled_messages, name).toEqual(expected);
    }
  });

  it('keeps the event queue Alice left, with the events she had not acknowledged', async () => {
    const { queueId, lastEventId } = fixture.eventQueue;
    const { events } = await ok(
      as('alice')('GET', '/events', {
        queue_id: queueId,
        last_event_id: lastEventId,
        dont_block: true,
      }),
    );
    expect(
      events.map((event: Record<string, unknown>) => [
        event.id,
        event.type,
        event.type === 'message'
          ? (event.message as { content: string }).content
          : (event as { emoji_name?: string }).emoji_name,
      ]),
    ).toEqual(QUEUED_EVENTS);
  });

  it('counts each setting people changed before as their own choice (FL 444)', async () => {
    // The owner sets three settings for Alice, Bob and Nina, but for those who chose them.
    await ok(
      as('olive')('PATCH', '/settings', {
        target_users: {
          user_ids: [id('alice'), id('bob'), id('nina')],
          skip_if_already_edited: true,
        },
        twenty_four_hour_time: false,
        web_font_size_px: 20,
        default_language: 'es',
      }),
    );
    const settings = async (name: string) =>
      (await register(name, { fetch_event_types: ['user_settings'] })).user_settings;
    // Alice and Bob chose the 24-hour clock, Alice her language; Bob's compact
    // font size came from the migration, and Nina's language from the organization.
    expect(await settings('alice')).toMatchObject({
      twenty_four_hour_time: true,
      web_font_size_px: 20,
      default_language: 'fr',
    });
    expect(await settings('bob')).toMatchObject({
      twenty_four_hour_time: true,
      web_font_size_px: 20,
      default_language: 'es',
    });
    expect(await settings('nina')).toMatchObject({
      twenty_four_hour_time: false,
      web_font_size_px: 20,
      default_language: 'es',
    });
  });

  // Last, since joining adds a person.
  it('keeps the open invitation links, each joining with its role and channels', async () => {
    const { invites } = await ok(as('olive')('GET', '/invites'));
    expect(
      invites.map((invite: Record<string, unknown>) => [
        invite.id,
        invite.invited_by_user_id,
        invite.invited,
        invite.expiry_date,
        invite.invited_as,
      ]),
    ).toEqual(INVITES);
    const nina = await ok(as('nina')('GET', '/users/me/subscriptions'));
    expect(nina.subscriptions.map((subscription: { name: string }) => subscription.name)).toEqual([
      'design',
    ]);
    const century = invites.find((invite: { invited_as: number }) => invite.invited_as === 300);
    const key = /\/join\/([a-z0-9]+)\//.exec(century.link_url)?.[1];
    const joined = await ok(
      caller(() => org.url, undefined)('POST', '/hearth/join', {
        key,
        email: 'quinn@hearth.test',
        full_name: 'Quinn',
        password: fixture.password,
      }),
    );
    const { user } = await ok(as('olive')('GET', `/users/${joined.user_id}`));
    expect(user.role).toBe(300);
  });
});
