import { topicDisplayName } from '../../permissions/topicsPolicy';
import { streamNotifies } from '../../registerReads/streamNotificationFlags';
import { topicPolicies, type TopicPolicyValue } from '../../registerReads/topicMuting';
import type { Message, Subscription } from '../../wire';
import { dmKey } from '../cache/narrow';
import { plainText } from '../cache/plainText';
import { mt, productName } from '../../i18n/mainText';

export { topicPolicies };
export type TopicPolicy = TopicPolicyValue;

/** The user's settings the policy reads, from the register state and `user_settings` events. */
export interface NotifySettings {
  enable_desktop_notifications: boolean;
  enable_sounds: boolean;
  enable_stream_desktop_notifications: boolean;
  enable_stream_audible_notifications: boolean;
  wildcard_mentions_notify: boolean;
  /** A sound's name, or "none". */
  notification_sound: string;
  pm_content_in_desktop_notifications: boolean;
  /** Zulip 8 (feature level 189): messages in followed topics; left out by servers without them. */
  enable_followed_topic_desktop_notifications?: boolean;
  enable_followed_topic_audible_notifications?: boolean;
  enable_followed_topic_wildcard_mentions_notify?: boolean;
}

/**
 * What of a subscription the policy reads. Null flags follow the user's global
 * setting, as Zulip 7.0 sends them; a server following the interface spec
 * sends booleans.
 */
export type StreamNotifySettings = Pick<
  Subscription,
  | 'name'
  | 'is_muted'
  | 'desktop_notifications'
  | 'audible_notifications'
  | 'wildcard_mentions_notify'
>;

export interface NotifyContext {
  ownUserId: number;
  settings: NotifySettings;
  /** Null for a stream the user is not subscribed to. */
  stream(streamId: number): StreamNotifySettings | null;
  topicPolicy(streamId: number, topic: string): TopicPolicy;
  /** The message belongs to the conversation on screen, and the window has focus. */
  onScreen(message: Message): boolean;
  /** What the organization calls the empty topic, which the title names by it. */
  emptyTopicName: string;
  /** The reader muted this user (Zulip's muted users). */
  mutedSender(userId: number): boolean;
}

/** Why a message gets nothing whatever the settings say; null when the settings decide. */
export type Silenced =
  | 'own message'
  | 'muted sender'
  | 'already read'
  | 'already notified'
  | 'on screen'
  | 'muted stream'
  | 'muted topic'
  | null;

export interface Notice {
  title: string;
  body: string;
}

export interface Decision {
  silenced: Silenced;
  /** What the desktop notification says; null for none. */
  notice: Notice | null;
  /** The sound to play, or null for none. */
  sound: string | null;
}

const bodyLength = 150;

const directlyMentioned = (flags: readonly string[]) => flags.includes('mentioned');
const wildcardMentioned = (flags: readonly string[]) => flags.includes('wildcard_mentioned');
const alerted = (flags: readonly string[]) => flags.includes('has_alert_word');

// Zulip's message_is_notifiable: what no setting can turn on. A personal
// mention beats muting a stream or topic, never muting the sender (whose
// messages Zulip never notifies of, even edited to mention the reader); an
// unmuted or followed topic beats a muted stream.
function silencedBy(
  message: Message,
  flags: readonly string[],
  context: NotifyContext,
  alreadyNotified: boolean,
): Silenced {
  if (message.sender_id === context.ownUserId) return 'own message';
  if (context.mutedSender(message.sender_id)) return 'muted sender';
  if (flags.includes('read')) return 'already read';
  if (alreadyNotified) return 'already notified';
  if (context.onScreen(message)) return 'on screen';
  if (directlyMentioned(flags) || message.type !== 'stream' || message.stream_id === undefined) {
    return null;
  }
  const policy = context.topicPolicy(message.stream_id, message.subject);
  if (policy === topicPolicies.unmuted || policy === topicPolicies.followed) return null;
  if (context.stream(message.stream_id)?.is_muted === true) return 'muted stream';
  if (policy === topicPolicies.muted) return 'muted topic';
  return null;
}

type Channel = 'desktop' | 'audible';

const streamFlag = { desktop: 'desktop_notifications', audible: 'audible_notifications' } as const;
const personalGlobal = {
  desktop: 'enable_desktop_notifications',
  audible: 'enable_sounds',
} as const;
const followedTopic = {
  desktop: 'enable_followed_topic_desktop_notifications',
  audible: 'enable_followed_topic_audible_notifications',
} as const;

// Zulip's should_send_desktop_notification and should_send_audible_notification:
// a stream set to notify notifies for every message; otherwise direct
// messages, mentions and alert words follow the personal setting.
function channelOn(
  channel: Channel,
  message: Message,
  flags: readonly string[],
  context: NotifyContext,
): boolean {
  const { settings } = context;
  const stream =
    message.type === 'stream' && message.stream_id !== undefined
      ? context.stream(message.stream_id)
      : null;
  if (stream && streamNotifies(stream, streamFlag[channel], settings)) return true;
  // A followed topic notifies for every message where the user asked it to.
  const followed =
    message.type === 'stream' &&
    message.stream_id !== undefined &&
    context.topicPolicy(message.stream_id, message.subject) === topicPolicies.followed;
  if (followed && settings[followedTopic[channel]] === true) return true;
  if (!settings[personalGlobal[channel]]) return false;
  if (message.type === 'private' || directlyMentioned(flags) || alerted(flags)) return true;
  if (!wildcardMentioned(flags)) return false;
  if (followed && settings.enable_followed_topic_wildcard_mentions_notify === true) return true;
  return stream?.wildcard_mentions_notify ?? settings.wildcard_mentions_notify;
}

function othersIn(message: Message, ownUserId: number): number {
  if (!Array.isArray(message.display_recipient)) return 0;
  return message.display_recipient.filter(
    (user) => user.id !== ownUserId && user.id !== message.sender_id,
  ).length;
}

/** Zulip's notification text: who wrote, where, and the start of what they wrote. */
export function noticeFor(message: Message, context: NotifyContext): Notice {
  const sender = message.sender_full_name;
  let title = sender;
  if (message.type === 'stream') {
    const stream =
      typeof message.display_recipient === 'string'
        ? message.display_recipient
        : (context.stream(message.stream_id ?? 0)?.name ?? '');
    const topic = topicDisplayName(message.subject, context.emptyTopicName);
    title = mt('main.notification.channelTitle', { sender, channel: stream, topic });
  } else {
    const others = othersIn(message, context.ownUserId);
    if (others > 0) title = mt('main.notification.groupTitle', { sender, others });
  }
  if (message.type === 'private' && !context.settings.pm_content_in_desktop_notifications) {
    return { title, body: mt('main.notification.hiddenBody', { sender }) };
  }
  const text = plainText(message.content).replace(/\s+/g, ' ').trim();
  const body = text.length > bodyLength ? `${text.slice(0, bodyLength)}…` : text;
  return { title, body };
}

/**
 * What a live message, or an edit, earns: a desktop notification, a sound,
 * both or neither. `alreadyNotified` is for edits: a message notifies once.
 */
export function decide(
  message: Message,
  flags: readonly string[],
  context: NotifyContext,
  alreadyNotified = false,
): Decision {
  const silenced = silencedBy(message, flags, context, alreadyNotified);
  if (silenced) return { silenced, notice: null, sound: null };
  const sound = context.settings.notification_sound;
  // Only a notification that shows needs its text: a catch-up decides thousands.
  return {
    silenced,
    notice: channelOn('desktop', message, flags, context) ? noticeFor(message, context) : null,
    sound: channelOn('audible', message, flags, context) && sound !== 'none' ? sound : null,
  };
}

const callsForAttention = (flags: readonly string[]) =>
  directlyMentioned(flags) || wildcardMentioned(flags) || alerted(flags);

/**
 * An edit notifies only when it newly calls for the user's attention: the
 * flags before the edit had no mention or alert word, the flags after have one.
 */
export function decideEdit(
  message: Message,
  flagsBefore: readonly string[],
  flagsAfter: readonly string[],
  context: NotifyContext,
  alreadyNotified: boolean,
): Decision | null {
  if (callsForAttention(flagsBefore) || !callsForAttention(flagsAfter)) return null;
  return decide(message, flagsAfter, context, alreadyNotified);
}

const summaryThreshold = 3;

// A topic matches without regard to case; a private conversation is its participants.
function conversationOf(message: Message): string {
  if (Array.isArray(message.display_recipient)) {
    return `dm:${dmKey(message.display_recipient.map((user) => user.id))}`;
  }
  return `stream:${message.stream_id ?? ''}:${message.subject.toLowerCase()}`;
}

/** The one notice after a catch-up, and the messages it stands for. */
export interface Summary extends Notice {
  messages: Message[];
}

/**
 * After catching up, one notice for what would have notified one by one,
 * when there are more than three such messages; nothing otherwise.
 */
export function catchUpSummary(
  caughtUp: readonly { message: Message; flags: readonly string[] }[],
  context: NotifyContext,
): Summary | null {
  const notifiable = caughtUp.filter(
    ({ message, flags }) => decide(message, flags, context).notice !== null,
  );
  if (notifiable.length <= summaryThreshold) return null;
  const conversations = new Set(notifiable.map(({ message }) => conversationOf(message)));
  return {
    title: productName,
    body: mt('main.notification.summary', {
      messages: notifiable.length,
      conversations: conversations.size,
    }),
    messages: notifiable.map(({ message }) => message),
  };
}
