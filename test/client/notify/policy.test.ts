import { describe, expect, it } from 'vitest';
import {
  catchUpSummary,
  decide,
  decideEdit,
  noticeFor,
  topicPolicies,
  type NotifyContext,
  type NotifySettings,
  type Silenced,
  type StreamNotifySettings,
  type TopicPolicy,
} from '../../../src-main/client/notify/policy';
import { zulipNotificationDefaults } from '../../../src-main/wire';
import type { Message } from '../../../src-main/wire';
import { bob, carol, me, privateMessage, streamMessage } from '../cache/fixtures';

// Issue 14, point 1: the notification policy, one row per rule, following
// Zulip's web app (message_notifications: message_is_notifiable,
// should_send_desktop_notification, should_send_audible_notification).

const dave = { id: 13, email: 'dave@hearth.test', full_name: 'Dave' };

const kitchen: StreamNotifySettings = {
  name: 'kitchen',
  is_muted: false,
  desktop_notifications: null,
  audible_notifications: null,
  wildcard_mentions_notify: null,
};

interface Setup {
  settings?: Partial<NotifySettings>;
  /** The subscription to stream 1; null for none. */
  stream?: Partial<StreamNotifySettings> | null;
  topic?: TopicPolicy;
  onScreen?: boolean;
  /** Whom the reader muted. */
  muted?: number[];
}

function contextFor(setup: Setup = {}): NotifyContext {
  const stream = setup.stream === null ? null : { ...kitchen, ...setup.stream };
  return {
    ownUserId: me.id,
    settings: { ...zulipNotificationDefaults, ...setup.settings },
    stream: (streamId) => (streamId === 1 ? stream : null),
    topicPolicy: () => setup.topic ?? topicPolicies.inherit,
    onScreen: () => setup.onScreen ?? false,
    emptyTopicName: 'chit-chat',
    mutedSender: (userId) => setup.muted?.includes(userId) ?? false,
  };
}

const inKitchen = (
  id = 1,
  options: { topic?: string; content?: string; sender?: typeof bob } = {},
) =>
  streamMessage(id, {
    stream: 'kitchen',
    streamId: 1,
    topic: options.topic ?? 'soup',
    content: options.content ?? '<p>Lunch is ready</p>',
    sender: options.sender ?? bob,
  });
const fromBob = (id = 1, content = '<p>Are you free?</p>') =>
  privateMessage(id, [bob, me], { sender: bob, content });
const groupDm = (participants: (typeof me)[]) =>
  privateMessage(1, participants, { sender: bob, content: '<p>Hello all</p>' });
const mine = inKitchen(1, { sender: me });

interface Row {
  rule: string;
  message: Message;
  flags?: string[];
  setup?: Setup;
  alreadyNotified?: boolean;
  silenced?: Silenced;
  desktop: boolean;
  sound: string | null;
}

const followedOn = {
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
};

const rows: Row[] = [
  // Followed topics (Zulip 8, feature level 189).
  {
    rule: 'a followed topic notifies every message where the user asked it to',
    message: inKitchen(),
    setup: { topic: topicPolicies.followed, settings: followedOn },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'a followed topic notifies nothing more where the server sends no such settings',
    message: inKitchen(),
    setup: { topic: topicPolicies.followed },
    desktop: false,
    sound: null,
  },
  {
    rule: 'a followed topic in a muted stream still notifies',
    message: inKitchen(),
    setup: { topic: topicPolicies.followed, stream: { is_muted: true }, settings: followedOn },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'a wildcard mention in a followed topic follows its own setting',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: {
      topic: topicPolicies.followed,
      settings: {
        enable_followed_topic_wildcard_mentions_notify: true,
        wildcard_mentions_notify: false,
      },
    },
    desktop: true,
    sound: 'zulip',
  },
  // Nothing, whatever the settings say.
  {
    rule: 'own stream message',
    message: mine,
    silenced: 'own message',
    desktop: false,
    sound: null,
  },
  {
    rule: 'own direct message',
    message: privateMessage(1, [me, bob], { sender: me }),
    silenced: 'own message',
    desktop: false,
    sound: null,
  },
  {
    rule: 'own message that mentions oneself',
    message: mine,
    flags: ['mentioned'],
    silenced: 'own message',
    desktop: false,
    sound: null,
  },
  {
    rule: 'own message in a stream set to notify',
    message: mine,
    setup: { stream: { desktop_notifications: true, audible_notifications: true } },
    silenced: 'own message',
    desktop: false,
    sound: null,
  },
  {
    rule: 'direct message from a muted user, unread',
    message: fromBob(),
    setup: { muted: [bob.id] },
    silenced: 'muted sender',
    desktop: false,
    sound: null,
  },
  {
    rule: 'personal mention by a muted user, in a stream set to notify',
    message: inKitchen(),
    flags: ['mentioned'],
    setup: {
      muted: [bob.id],
      stream: { desktop_notifications: true, audible_notifications: true },
    },
    silenced: 'muted sender',
    desktop: false,
    sound: null,
  },
  {
    rule: 'direct message already read',
    message: fromBob(),
    flags: ['read'],
    silenced: 'already read',
    desktop: false,
    sound: null,
  },
  {
    rule: 'personal mention already read',
    message: inKitchen(),
    flags: ['read', 'mentioned'],
    silenced: 'already read',
    desktop: false,
    sound: null,
  },
  {
    rule: 'stream set to notify, message already read',
    message: inKitchen(),
    flags: ['read'],
    setup: { stream: { desktop_notifications: true } },
    silenced: 'already read',
    desktop: false,
    sound: null,
  },
  {
    rule: 'a message notifies once',
    message: fromBob(),
    alreadyNotified: true,
    silenced: 'already notified',
    desktop: false,
    sound: null,
  },
  {
    rule: 'direct message in the conversation on screen',
    message: fromBob(),
    setup: { onScreen: true },
    silenced: 'on screen',
    desktop: false,
    sound: null,
  },
  {
    rule: 'stream message in the conversation on screen',
    message: inKitchen(),
    setup: { onScreen: true, stream: { desktop_notifications: true } },
    silenced: 'on screen',
    desktop: false,
    sound: null,
  },
  {
    rule: 'personal mention in the conversation on screen',
    message: inKitchen(),
    flags: ['mentioned'],
    setup: { onScreen: true },
    silenced: 'on screen',
    desktop: false,
    sound: null,
  },
  {
    rule: 'muted stream silences a stream set to notify',
    message: inKitchen(),
    setup: { stream: { is_muted: true, desktop_notifications: true, audible_notifications: true } },
    silenced: 'muted stream',
    desktop: false,
    sound: null,
  },
  {
    rule: 'muted stream silences a wildcard mention',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: { stream: { is_muted: true } },
    silenced: 'muted stream',
    desktop: false,
    sound: null,
  },
  {
    rule: 'muted topic silences a stream set to notify',
    message: inKitchen(),
    setup: { topic: topicPolicies.muted, stream: { desktop_notifications: true } },
    silenced: 'muted topic',
    desktop: false,
    sound: null,
  },
  {
    rule: 'muted topic silences a wildcard mention',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: { topic: topicPolicies.muted },
    silenced: 'muted topic',
    desktop: false,
    sound: null,
  },
  {
    rule: 'muted topic in a muted stream',
    message: inKitchen(),
    setup: { topic: topicPolicies.muted, stream: { is_muted: true } },
    silenced: 'muted stream',
    desktop: false,
    sound: null,
  },
  {
    rule: 'muted stream silences its global stream setting',
    message: inKitchen(),
    setup: { stream: { is_muted: true }, settings: { enable_stream_desktop_notifications: true } },
    silenced: 'muted stream',
    desktop: false,
    sound: null,
  },

  // Muting gives way.
  {
    rule: 'unmuted topic in a muted stream follows the stream setting',
    message: inKitchen(),
    setup: {
      topic: topicPolicies.unmuted,
      stream: { is_muted: true, desktop_notifications: true },
    },
    desktop: true,
    sound: null,
  },
  {
    rule: 'unmuted topic in a muted stream, nothing set to notify',
    message: inKitchen(),
    setup: { topic: topicPolicies.unmuted, stream: { is_muted: true } },
    desktop: false,
    sound: null,
  },
  {
    rule: 'followed topic in a muted stream follows the stream setting',
    message: inKitchen(),
    setup: {
      topic: topicPolicies.followed,
      stream: { is_muted: true, audible_notifications: true },
    },
    desktop: false,
    sound: 'zulip',
  },
  {
    rule: 'personal mention in a muted stream',
    message: inKitchen(),
    flags: ['mentioned'],
    setup: { stream: { is_muted: true } },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'personal mention in a muted topic',
    message: inKitchen(),
    flags: ['mentioned'],
    setup: { topic: topicPolicies.muted },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'group mention (flag mentioned) in a muted topic',
    message: inKitchen(1, { content: '<p>@*cooks* taste this</p>' }),
    flags: ['mentioned'],
    setup: { topic: topicPolicies.muted },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'wildcard mention in an unmuted topic of a muted stream',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: { topic: topicPolicies.unmuted, stream: { is_muted: true } },
    desktop: true,
    sound: 'zulip',
  },

  // Direct messages follow the personal settings.
  { rule: 'direct message with the defaults', message: fromBob(), desktop: true, sound: 'zulip' },
  {
    rule: 'group direct message with the defaults',
    message: groupDm([bob, carol, me]),
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'direct message, desktop notifications off',
    message: fromBob(),
    setup: { settings: { enable_desktop_notifications: false } },
    desktop: false,
    sound: 'zulip',
  },
  {
    rule: 'direct message, sounds off',
    message: fromBob(),
    setup: { settings: { enable_sounds: false } },
    desktop: true,
    sound: null,
  },
  {
    rule: 'direct message, both off',
    message: fromBob(),
    setup: { settings: { enable_desktop_notifications: false, enable_sounds: false } },
    desktop: false,
    sound: null,
  },
  {
    rule: 'notification_sound "none" plays nothing',
    message: fromBob(),
    setup: { settings: { notification_sound: 'none' } },
    desktop: true,
    sound: null,
  },
  {
    rule: 'the chosen sound plays',
    message: fromBob(),
    setup: { settings: { notification_sound: 'chime' } },
    desktop: true,
    sound: 'chime',
  },
  {
    rule: 'direct message with a wildcard mention',
    message: fromBob(),
    flags: ['wildcard_mentioned'],
    setup: { settings: { wildcard_mentions_notify: false } },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'direct message ignores the global stream settings',
    message: fromBob(),
    setup: {
      settings: { enable_desktop_notifications: false, enable_stream_desktop_notifications: true },
    },
    desktop: false,
    sound: 'zulip',
  },
  {
    rule: 'direct message while a stream message is on screen elsewhere',
    message: fromBob(),
    setup: { onScreen: false },
    desktop: true,
    sound: 'zulip',
  },

  // Stream messages without a mention follow the stream, or the global stream setting.
  {
    rule: 'stream inherits global stream desktop off',
    message: inKitchen(),
    desktop: false,
    sound: null,
  },
  {
    rule: 'stream inherits global stream desktop on',
    message: inKitchen(),
    setup: { settings: { enable_stream_desktop_notifications: true } },
    desktop: true,
    sound: null,
  },
  {
    rule: 'stream desktop on over global off',
    message: inKitchen(),
    setup: { stream: { desktop_notifications: true } },
    desktop: true,
    sound: null,
  },
  {
    rule: 'stream desktop off over global on',
    message: inKitchen(),
    setup: {
      stream: { desktop_notifications: false },
      settings: { enable_stream_desktop_notifications: true },
    },
    desktop: false,
    sound: null,
  },
  {
    rule: 'stream inherits global stream audible on',
    message: inKitchen(),
    setup: { settings: { enable_stream_audible_notifications: true } },
    desktop: false,
    sound: 'zulip',
  },
  {
    rule: 'stream audible on over global off',
    message: inKitchen(),
    setup: { stream: { audible_notifications: true } },
    desktop: false,
    sound: 'zulip',
  },
  {
    rule: 'stream audible off over global on',
    message: inKitchen(),
    setup: {
      stream: { audible_notifications: false },
      settings: { enable_stream_audible_notifications: true },
    },
    desktop: false,
    sound: null,
  },
  {
    rule: 'stream desktop on holds with personal desktop notifications off',
    message: inKitchen(),
    setup: {
      stream: { desktop_notifications: true },
      settings: { enable_desktop_notifications: false },
    },
    desktop: true,
    sound: null,
  },
  {
    rule: 'stream audible on holds with personal sounds off',
    message: inKitchen(),
    setup: { stream: { audible_notifications: true }, settings: { enable_sounds: false } },
    desktop: false,
    sound: 'zulip',
  },
  {
    rule: 'stream audible on, notification_sound "none"',
    message: inKitchen(),
    setup: { stream: { audible_notifications: true }, settings: { notification_sound: 'none' } },
    desktop: false,
    sound: null,
  },
  {
    rule: 'stream both on',
    message: inKitchen(),
    setup: { stream: { desktop_notifications: true, audible_notifications: true } },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'stream not subscribed ignores the global stream settings',
    message: inKitchen(),
    setup: {
      stream: null,
      settings: {
        enable_stream_desktop_notifications: true,
        enable_stream_audible_notifications: true,
      },
    },
    desktop: false,
    sound: null,
  },
  {
    rule: 'unmuted topic in an unmuted stream follows the stream setting',
    message: inKitchen(),
    setup: { topic: topicPolicies.unmuted, stream: { desktop_notifications: true } },
    desktop: true,
    sound: null,
  },
  {
    rule: 'ordinary stream message with personal settings on gets nothing',
    message: inKitchen(),
    desktop: false,
    sound: null,
  },

  // Mentions in streams follow the personal settings.
  {
    rule: 'personal mention with the defaults',
    message: inKitchen(),
    flags: ['mentioned'],
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'personal mention, desktop notifications off',
    message: inKitchen(),
    flags: ['mentioned'],
    setup: { settings: { enable_desktop_notifications: false } },
    desktop: false,
    sound: 'zulip',
  },
  {
    rule: 'personal mention, sounds off',
    message: inKitchen(),
    flags: ['mentioned'],
    setup: { settings: { enable_sounds: false } },
    desktop: true,
    sound: null,
  },
  {
    rule: 'personal mention, personal settings off',
    message: inKitchen(),
    flags: ['mentioned'],
    setup: { settings: { enable_desktop_notifications: false, enable_sounds: false } },
    desktop: false,
    sound: null,
  },
  {
    rule: 'personal mention, personal off but the stream notifies',
    message: inKitchen(),
    flags: ['mentioned'],
    setup: {
      stream: { desktop_notifications: true },
      settings: { enable_desktop_notifications: false, enable_sounds: false },
    },
    desktop: true,
    sound: null,
  },
  {
    rule: 'personal mention in an unsubscribed stream',
    message: inKitchen(),
    flags: ['mentioned'],
    setup: { stream: null },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'wildcard mention, global wildcard setting on',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'wildcard mention, global wildcard setting off',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: { settings: { wildcard_mentions_notify: false } },
    desktop: false,
    sound: null,
  },
  {
    rule: 'wildcard mention, stream wildcard on over global off',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: {
      stream: { wildcard_mentions_notify: true },
      settings: { wildcard_mentions_notify: false },
    },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'wildcard mention, stream wildcard off over global on',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: { stream: { wildcard_mentions_notify: false } },
    desktop: false,
    sound: null,
  },
  {
    rule: 'wildcard mention, desktop notifications off',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: { settings: { enable_desktop_notifications: false } },
    desktop: false,
    sound: 'zulip',
  },
  {
    rule: 'wildcard mention, sounds off',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: { settings: { enable_sounds: false } },
    desktop: true,
    sound: null,
  },
  {
    rule: 'wildcard and personal mention, wildcard setting off',
    message: inKitchen(),
    flags: ['mentioned', 'wildcard_mentioned'],
    setup: { settings: { wildcard_mentions_notify: false } },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'wildcard mention in an unsubscribed stream follows the global setting',
    message: inKitchen(),
    flags: ['wildcard_mentioned'],
    setup: { stream: null },
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'starred, not mentioned, is an ordinary stream message',
    message: inKitchen(),
    flags: ['starred'],
    desktop: false,
    sound: null,
  },
  {
    rule: 'one of the user’s alert words notifies and sounds, as a mention does',
    message: inKitchen(),
    flags: ['has_alert_word'],
    desktop: true,
    sound: 'zulip',
  },
  {
    rule: 'an alert word follows the personal settings',
    message: inKitchen(),
    flags: ['has_alert_word'],
    setup: { settings: { enable_desktop_notifications: false, enable_sounds: false } },
    desktop: false,
    sound: null,
  },
  {
    rule: 'an alert word in a muted stream stays silent, unlike a mention',
    message: inKitchen(),
    flags: ['has_alert_word'],
    setup: { stream: { is_muted: true } },
    silenced: 'muted stream',
    desktop: false,
    sound: null,
  },
  {
    rule: 'an alert word in an already read message stays silent',
    message: inKitchen(),
    flags: ['read', 'has_alert_word'],
    silenced: 'already read',
    desktop: false,
    sound: null,
  },
];

describe('the notification policy', () => {
  it.each(rows)('$rule', (row) => {
    const decision = decide(
      row.message,
      row.flags ?? [],
      contextFor(row.setup),
      row.alreadyNotified ?? false,
    );
    expect({
      silenced: decision.silenced,
      desktop: decision.notice !== null,
      sound: decision.sound,
    }).toEqual({ silenced: row.silenced ?? null, desktop: row.desktop, sound: row.sound });
  });
});

interface NoticeRow {
  rule: string;
  message: Message;
  setup?: Setup;
  title: string;
  body: string;
}

const long = 'word '.repeat(40).trim();

const noticeRows: NoticeRow[] = [
  {
    rule: 'a stream message names its stream and topic',
    message: inKitchen(),
    title: 'Bob (to #kitchen > soup)',
    body: 'Lunch is ready',
  },
  {
    rule: 'a message to the empty topic names it as the organization does',
    message: inKitchen(1, { topic: '' }),
    title: 'Bob (to #kitchen > chit-chat)',
    body: 'Lunch is ready',
  },
  {
    rule: 'a one-to-one direct message names its sender',
    message: fromBob(),
    title: 'Bob',
    body: 'Are you free?',
  },
  {
    rule: 'a group direct message counts the one other',
    message: groupDm([bob, carol, me]),
    title: 'Bob (to you and 1 other)',
    body: 'Hello all',
  },
  {
    rule: 'a group direct message counts the others',
    message: groupDm([bob, carol, dave, me]),
    title: 'Bob (to you and 2 others)',
    body: 'Hello all',
  },
  {
    rule: 'the body is the text of the HTML, entities decoded',
    message: inKitchen(1, { content: '<p>Soup &amp; <strong>bread</strong></p>' }),
    title: 'Bob (to #kitchen > soup)',
    body: 'Soup & bread',
  },
  {
    rule: 'paragraphs join with one space',
    message: fromBob(1, '<p>One</p>\n<p>Two</p>'),
    title: 'Bob',
    body: 'One Two',
  },
  {
    rule: 'a long body stops at 150 characters',
    message: fromBob(1, `<p>${long}</p>`),
    title: 'Bob',
    body: `${long.slice(0, 150)}…`,
  },
  {
    rule: 'pm_content_in_desktop_notifications off hides a direct message',
    message: fromBob(),
    setup: { settings: { pm_content_in_desktop_notifications: false } },
    title: 'Bob',
    body: 'New direct message from Bob',
  },
  {
    rule: 'pm_content_in_desktop_notifications off leaves a stream mention',
    message: inKitchen(),
    setup: { settings: { pm_content_in_desktop_notifications: false } },
    title: 'Bob (to #kitchen > soup)',
    body: 'Lunch is ready',
  },
];

describe('what a notification says', () => {
  it.each(noticeRows)('$rule', (row) => {
    expect(noticeFor(row.message, contextFor(row.setup))).toEqual({
      title: row.title,
      body: row.body,
    });
  });
});

interface EditRow {
  rule: string;
  message: Message;
  before: string[];
  after: string[];
  setup?: Setup;
  alreadyNotified?: boolean;
  /** Null: the edit is not a reason to notify at all. */
  result: { silenced: Silenced; desktop: boolean } | null;
}

const editRows: EditRow[] = [
  {
    rule: 'an edit that newly mentions the user notifies',
    message: inKitchen(),
    before: [],
    after: ['mentioned'],
    result: { silenced: null, desktop: true },
  },
  {
    rule: 'an edit of a message that already mentioned the user does not',
    message: inKitchen(),
    before: ['mentioned'],
    after: ['mentioned'],
    result: null,
  },
  {
    rule: 'an edit that removes a mention does not',
    message: inKitchen(),
    before: ['mentioned'],
    after: [],
    result: null,
  },
  {
    rule: 'an edit without a mention does not',
    message: inKitchen(),
    before: [],
    after: [],
    result: null,
  },
  {
    rule: 'an edit that newly wildcard-mentions notifies as wildcard mentions do',
    message: inKitchen(),
    before: [],
    after: ['wildcard_mentioned'],
    result: { silenced: null, desktop: true },
  },
  {
    rule: 'an edit that newly wildcard-mentions, wildcard setting off',
    message: inKitchen(),
    before: [],
    after: ['wildcard_mentioned'],
    setup: { settings: { wildcard_mentions_notify: false } },
    result: { silenced: null, desktop: false },
  },
  {
    rule: 'an edit newly mentioning a message that already notified',
    message: fromBob(),
    before: [],
    after: ['mentioned'],
    alreadyNotified: true,
    result: { silenced: 'already notified', desktop: false },
  },
  {
    rule: 'an edit newly mentioning a message already read',
    message: inKitchen(),
    before: ['read'],
    after: ['read', 'mentioned'],
    result: { silenced: 'already read', desktop: false },
  },
  {
    rule: 'an edit newly mentioning in a muted topic still notifies',
    message: inKitchen(),
    before: [],
    after: ['mentioned'],
    setup: { topic: topicPolicies.muted },
    result: { silenced: null, desktop: true },
  },
  {
    rule: 'an edit that newly holds one of the user’s alert words notifies',
    message: inKitchen(),
    before: [],
    after: ['has_alert_word'],
    result: { silenced: null, desktop: true },
  },
  {
    rule: 'an edit of a mentioning message that adds an alert word does not notify again',
    message: inKitchen(),
    before: ['mentioned'],
    after: ['mentioned', 'has_alert_word'],
    result: null,
  },
  {
    rule: 'an edit by a muted user newly mentioning a message marked unread does not notify',
    message: fromBob(),
    before: [],
    after: ['mentioned'],
    setup: { muted: [bob.id] },
    result: { silenced: 'muted sender', desktop: false },
  },
  {
    rule: 'an edit of an own message never notifies',
    message: mine,
    before: [],
    after: ['mentioned'],
    result: { silenced: 'own message', desktop: false },
  },
];

describe('edits', () => {
  it.each(editRows)('$rule', (row) => {
    const decision = decideEdit(
      row.message,
      row.before,
      row.after,
      contextFor(row.setup),
      row.alreadyNotified ?? false,
    );
    expect(
      decision === null ? null : { silenced: decision.silenced, desktop: decision.notice !== null },
    ).toEqual(row.result);
  });
});

interface SummaryRow {
  rule: string;
  caughtUp: { message: Message; flags?: string[] }[];
  setup?: Setup;
  body: string | null;
}

const dms = (count: number, from = bob) =>
  Array.from({ length: count }, (_, index) => ({
    message: privateMessage(100 + index, [from, me], { sender: from }),
  }));
const topicMessages = (topics: string[]) =>
  topics.map((topic, index) => ({ message: inKitchen(200 + index, { topic }) }));

const summaryRows: SummaryRow[] = [
  {
    rule: 'more than three notifiable messages make one summary',
    caughtUp: [...dms(2), ...dms(2, carol)],
    body: '4 new messages in 2 conversations',
  },
  { rule: 'three notifiable messages make none', caughtUp: dms(3), body: null },
  {
    rule: 'read messages do not count',
    caughtUp: [
      ...dms(3),
      { message: fromBob(300), flags: ['read'] },
      { message: fromBob(301), flags: ['read'] },
    ],
    body: null,
  },
  {
    rule: 'one conversation is named in the singular',
    caughtUp: dms(5),
    body: '5 new messages in 1 conversation',
  },
  {
    rule: 'topics differing in case are one conversation',
    caughtUp: topicMessages(['Soup', 'soup', 'SOUP', 'soup']),
    setup: { stream: { desktop_notifications: true } },
    body: '4 new messages in 1 conversation',
  },
  {
    rule: 'messages of a muted stream do not count',
    caughtUp: [...dms(3), ...topicMessages(['a', 'b'])],
    setup: { stream: { is_muted: true, desktop_notifications: true } },
    body: null,
  },
  {
    rule: 'own messages do not count',
    caughtUp: [...dms(3), { message: privateMessage(400, [me, bob], { sender: me }) }],
    body: null,
  },
  {
    rule: 'stream messages count when the stream notifies',
    caughtUp: topicMessages(['a', 'b', 'a', 'b']),
    setup: { stream: { desktop_notifications: true } },
    body: '4 new messages in 2 conversations',
  },
  {
    rule: 'stream messages that would not notify do not count',
    caughtUp: topicMessages(['a', 'b', 'c', 'd']),
    body: null,
  },
];

describe('after catching up', () => {
  it.each(summaryRows)('$rule', (row) => {
    const summary = catchUpSummary(
      row.caughtUp.map(({ message, flags }) => ({ message, flags: flags ?? [] })),
      contextFor(row.setup),
    );
    expect(summary?.body ?? null).toBe(row.body);
  });
});
