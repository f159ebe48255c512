import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimumFeatureLevel, registerParameters } from '../helpers/flutterModels/appRequests';
import { problemsOf } from '../helpers/flutterModels/appView';
import {
  checkAgainst,
  encodedFunctions,
  encodedHandWritten,
} from '../helpers/flutterModels/checkAgainst';
import {
  connectModels,
  connectSequence,
  type ConnectResult,
} from '../helpers/flutterModels/connectSequence';
import type { FlutterModels } from '../helpers/flutterModels/modelTypes';
import { reachFrom } from '../helpers/flutterModels/reach';
import { readFlutterModels } from '../helpers/flutterModels/readModels';
import { hearthHost, modernZulip, type ServerKind, type TestServer } from '../helpers/serverKinds';

// Issue 52, point 6: Zulip's mobile app (zulip-flutter) reads each answer and
// event with its generated fromJson code. Its API layer is kept beside the
// repository as test data (../shared/zulip-flutter-api/); these tests fail,
// never skip, when it is absent.

let models: FlutterModels;
beforeAll(() => {
  models = readFlutterModels();
});

const field = (model: string, key: string) =>
  models.classes.get(model)?.fields.find((candidate) => candidate.key === key);

describe("the reader of zulip-flutter's generated code", () => {
  it('reads User: required and nullable keys, an enum with a fallback, a default, a helper', () => {
    expect(field('User', 'user_id')).toMatchObject({
      type: { kind: 'int' },
      nullable: false,
      defaulted: false,
    });
    expect(field('User', 'avatar_version')).toMatchObject({
      type: { kind: 'int' },
      nullable: false,
    });
    expect(field('User', 'delivery_email')).toMatchObject({
      type: { kind: 'string' },
      nullable: true,
    });
    expect(field('User', 'role')).toMatchObject({
      type: { kind: 'enum', name: 'UserRole', unknownFallback: true },
      nullable: false,
    });
    expect(field('User', 'is_system_bot')).toMatchObject({
      type: { kind: 'bool' },
      defaulted: true,
    });
    expect(field('User', 'profile_data')).toEqual({
      key: 'profile_data',
      readValue: 'User._readProfileData',
      type: {
        kind: 'mapOf',
        intKeys: true,
        value: { kind: 'model', name: 'ProfileFieldUserData' },
      },
      nullable: true,
      defaulted: false,
    });
  });

  it('reads Subscription: its channel keys too, the color through its helper, group-setting values', () => {
    expect(field('Subscription', 'stream_id')).toMatchObject({
      type: { kind: 'int' },
      nullable: false,
    });
    expect(field('Subscription', 'color')).toMatchObject({
      readValue: 'Subscription._readColor',
      type: { kind: 'int' },
      nullable: false,
    });
    expect(field('Subscription', 'pin_to_top')).toMatchObject({
      type: { kind: 'bool' },
      nullable: false,
    });
    expect(field('Subscription', 'desktop_notifications')).toMatchObject({ nullable: true });
    expect(field('Subscription', 'is_archived')).toMatchObject({ defaulted: true });
    expect(field('Subscription', 'can_send_message_group')).toMatchObject({
      type: { kind: 'model', name: 'GroupSettingValue' },
      nullable: true,
    });
    expect(field('Subscription', 'topics_policy')).toMatchObject({
      type: { kind: 'enum', name: 'ChannelTopicsPolicy', unknownFallback: true },
      defaulted: true,
    });
    expect(field('Subscription', 'stream_post_policy')).toMatchObject({
      type: { kind: 'enum', name: 'ChannelPostPolicy', unknownFallback: false },
      nullable: true,
    });
  });

  it('reads StreamMessage: hand-written converters by name, the conversation from the whole message', () => {
    expect(field('StreamMessage', 'reactions')?.type).toEqual({
      kind: 'converter',
      name: 'Message._reactionsFromJson',
      input: { kind: 'any' },
      inputNullable: true,
    });
    expect(field('StreamMessage', 'flags')?.type).toMatchObject({ name: 'Message._flagsFromJson' });
    expect(field('StreamMessage', 'submessages')).toMatchObject({
      readValue: 'Message._readPoll',
      type: { kind: 'model', name: 'Poll' },
    });
    expect(field('StreamMessage', 'conversation')).toMatchObject({
      readValue: 'StreamMessage._readConversation',
      type: { kind: 'model', name: 'StreamConversation' },
      nullable: false,
    });
    expect(field('StreamMessage', 'match_subject')).toMatchObject({
      type: { kind: 'string' },
      nullable: true,
    });
    expect(field('StreamMessage', 'last_edit_timestamp')).toMatchObject({
      type: { kind: 'int' },
      nullable: true,
    });
    // `$checkKeys` insists on it, though the cast says `String?`.
    expect(field('StreamConversation', 'display_recipient')).toMatchObject({
      type: { kind: 'string' },
      nullable: false,
    });
    expect(field('DmMessage', 'display_recipient')?.type).toMatchObject({
      name: 'DmMessage._conversationFromJson',
      input: { kind: 'list' },
      inputNullable: false,
    });
  });

  it('reads the lists and maps of the initial snapshot, with their defaults', () => {
    expect(field('InitialSnapshot', 'presences')?.type).toEqual({
      kind: 'mapOf',
      intKeys: true,
      value: { kind: 'model', name: 'PerUserPresence' },
    });
    expect(field('InitialSnapshot', 'realm_users')).toMatchObject({
      readValue: 'InitialSnapshot._readUsersIsActiveFallbackTrue',
      type: { kind: 'listOf', item: { kind: 'model', name: 'User' } },
      nullable: false,
    });
    expect(field('InitialSnapshot', 'saved_snippets')).toMatchObject({
      type: { kind: 'listOf', item: { kind: 'model', name: 'SavedSnippet' } },
      nullable: true,
    });
    expect(
      field('InitialSnapshot', 'server_typing_started_expiry_period_milliseconds'),
    ).toMatchObject({
      type: { kind: 'int' },
      defaulted: true,
    });
    expect(field('InitialSnapshot', 'realm_icon_url')).toMatchObject({
      type: { kind: 'string' },
      nullable: false,
    });
    expect(field('ServerEmojiData', 'code_to_names')?.type).toEqual({
      kind: 'mapOf',
      intKeys: false,
      value: { kind: 'listOf', item: { kind: 'string' } },
    });
  });

  it('reads enum maps: JSON values, @JsonValue names, unknown placeholders', () => {
    expect(Object.fromEntries(models.enums.get('UserRole')?.values ?? [])).toEqual({
      owner: 100,
      administrator: 200,
      moderator: 300,
      member: 400,
      guest: 600,
      unknown: null,
    });
    expect(models.enums.get('ChannelPropertyName')?.values.get('channelPostPolicy')).toBe(
      'stream_post_policy',
    );
    expect(models.enums.get('Emojiset')?.values.get('googleBlob')).toBe('google-blob');
    expect(models.enums.get('PollVoteOp')?.values.get('remove')).toBe(-1);
    expect(models.enums.get('MessageFlag')?.values.has('unknown')).toBe(true);
  });

  it('reads what the app sends to register, and the oldest server it connects to', () => {
    expect(registerParameters()).toMatchObject({
      apply_markdown: true,
      client_gravatar: false,
      slim_presence: true,
      client_capabilities: { notification_settings_null: true, empty_topic_name: true },
    });
    expect(minimumFeatureLevel()).toBeGreaterThanOrEqual(277);
  });

  it('leaves nothing the connect sequence reaches unencoded: each hand-written fromJson, helper and converter', () => {
    const reach = reachFrom(models, connectModels);
    expect(reach.classes).toContain('TypingEvent');
    expect(reach.classes).toContain('UserStatusChange');
    const unknown = [...reach.classes].filter(
      (name) => !models.classes.has(name) && !encodedHandWritten.has(name),
    );
    const unencoded = [...reach.classes].filter(
      (name) => models.handWritten.has(name) && !encodedHandWritten.has(name),
    );
    const functions = [...reach.functions].filter((name) => !encodedFunctions.has(name));
    expect({ unknown, unencoded, functions }).toEqual({
      unknown: [],
      unencoded: [],
      functions: [],
    });
  });

  it('fails, naming where the folder belongs, when it is absent', () => {
    const nowhere = join(tmpdir(), 'no-zulip-flutter-api-here');
    expect(() => readFlutterModels(nowhere)).toThrow(/\.\.\/shared\/zulip-flutter-api\//);
  });
});

describe('the checker', () => {
  const user = {
    user_id: 10,
    email: 'hamlet@zulip.test',
    full_name: 'King Hamlet',
    date_joined: '2019-10-20T07:50:53.728864+00:00',
    is_active: true,
    is_bot: false,
    role: 400,
    timezone: '',
    avatar_version: 1,
  };

  it('names each required key missing and each value of another type, and lets optional ones be', () => {
    expect(checkAgainst(models, 'User', user, 'user')).toEqual([]);
    const faulty: Record<string, unknown> = { ...user, is_bot: 'no', role: 999 };
    delete faulty.avatar_version;
    expect(checkAgainst(models, 'User', faulty, 'user')).toEqual([
      'user.is_bot: expected bool, got string',
      'user.avatar_version: missing',
    ]);
  });

  it('follows nested models, lists and maps to the value at fault', () => {
    const problems = checkAgainst(
      models,
      'UnreadMessagesSnapshot',
      {
        count: 1,
        pms: [],
        streams: [{ stream_id: 1, topic: 'x', unread_message_ids: [5, '6'] }],
        huddles: [],
        mentions: [],
        old_unreads_missing: false,
      },
      'unread_msgs',
    );
    expect(problems).toEqual([
      'unread_msgs.streams[0].unread_message_ids[1]: expected int, got string',
    ]);
  });

  it('dispatches events as the app does, and refuses enum values it has no fallback for', () => {
    const reaction = {
      id: 3,
      type: 'reaction',
      op: 'add',
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'bogus_emoji',
      user_id: 10,
      message_id: 20,
    };
    expect(checkAgainst(models, 'Event', reaction, 'event')).toEqual([
      'event.reaction_type: "bogus_emoji" is not a value of ReactionType ' +
        '("unicode_emoji", "realm_emoji", "zulip_extra_emoji")',
    ]);
    expect(checkAgainst(models, 'Event', { id: 4, type: 'some_future_event' }, 'event')).toEqual(
      [],
    );
    const typing = {
      id: 5,
      type: 'typing',
      op: 'start',
      message_type: 'direct',
      sender: { user_id: 9 },
    };
    expect(checkAgainst(models, 'Event', typing, 'event')).toEqual([
      'event.recipients: missing, which typing in a direct message needs',
    ]);
  });
});

// Both declare Zulip 12.0: the app connects, and reads every answer and event.
const connecting: { name: string; kind: ServerKind }[] = [
  { name: modernZulip.name, kind: modernZulip },
  { name: hearthHost.name, kind: hearthHost },
];

describe.each(connecting)("Zulip's mobile app connecting to $name", ({ kind }) => {
  let server: TestServer;
  let run: ConnectResult;

  beforeAll(async () => {
    server = await kind.start({ heartbeatMs: 30_000 });
    run = await connectSequence(server.url, {
      me: server.me,
      other: server.other,
      channel: server.channels[0],
    });
  });
  afterAll(() => server?.close());

  it('gets an answer and an event for each step of the sequence', () => {
    const labels = new Set(run.exchanges.map((exchange) => exchange.label));
    expect(run.missingEvents).toEqual([]);
    for (const label of [
      'POST /register',
      'event message',
      'event reaction add',
      'event update_message_flags add',
      'event update_message_flags remove',
      'event update_message',
      'event typing start',
      'event typing stop',
      'event presence',
      'GET /messages (a direct message)',
    ]) {
      expect(labels).toContain(label);
    }
  });

  it('sends nothing the app would refuse or fail to read', () => {
    expect(problemsOf(models, minimumFeatureLevel(), run)).toEqual([]);
  });
});
