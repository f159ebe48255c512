import type { Message, MessageRules } from '../../../src-preload/bridge';
import { t } from './i18n.svelte';

/** What the message menu offers for one message, by the organization's rules. */
export interface OfferedActions {
  editContent: boolean;
  editTopic: boolean;
  /** Moving the message to another stream. */
  move: boolean;
  /** Marking its topic resolved, or no longer. */
  resolve: boolean;
  delete: boolean;
  history: boolean;
  /** Reacting to it, and taking a reaction back. */
  react: boolean;
  /** Replying in its conversation, quoting it or not. */
  reply: boolean;
}

const within = (message: Message, limit: number | null, now: number): boolean =>
  limit === null || now / 1000 - message.timestamp < limit;

/**
 * Zulip's web app offers an edit, a move or a deletion only where its server
 * would take it: the sender edits content within the limit, whoever the
 * organization or the message's channel lets move topics moves a channel
 * message's topic, and those it lets delete any message delete it, others
 * their own if they may. A message in an archived channel is only read:
 * Zulip refuses any change to it, a reaction included, and any reply there.
 */
export function offeredActions(
  message: Message,
  rules: MessageRules,
  ownUserId: number,
  now: number,
): OfferedActions {
  const own = message.sender_id === ownUserId;
  const inChannel = message.type === 'stream';
  const channel =
    message.stream_id === undefined ? undefined : rules.channels[String(message.stream_id)];
  const history =
    rules.editHistory &&
    (message.last_edit_timestamp !== undefined || message.last_moved_timestamp !== undefined);
  if (channel?.archived) {
    return {
      editContent: false,
      editTopic: false,
      move: false,
      resolve: false,
      delete: false,
      history,
      react: false,
      reply: false,
    };
  }
  const granted = channel ?? rules;
  return {
    // Zulip: a poll's or to-do list's text, where its widget came from, stays as sent.
    editContent:
      own &&
      rules.editContent &&
      message.submessages.length === 0 &&
      within(message, rules.editContentLimit, now),
    editTopic: inChannel && granted.editTopic && within(message, rules.editTopicLimit, now),
    move:
      inChannel &&
      granted.moveBetweenStreams &&
      within(message, rules.moveBetweenStreamsLimit, now),
    resolve: inChannel && granted.resolveTopic && within(message, rules.resolveTopicLimit, now),
    delete:
      granted.deleteAny || (own && granted.deleteOwn && within(message, rules.deleteOwnLimit, now)),
    history,
    react: true,
    reply: true,
  };
}

// Zulip's RESOLVED_TOPIC_PREFIX: a resolved topic's name starts with it.
const resolvedPrefix = '✔ ';

export const isResolved = (topic: string): boolean => topic.startsWith(resolvedPrefix);

/**
 * The topic marked resolved, or no longer: Zulip's web app adds the prefix,
 * and takes off every leading ✔ and space, so that "✔ ✔ x" unresolves to "x".
 */
export function toggledResolution(topic: string): string {
  return isResolved(topic) ? topic.replace(/^[✔ ]+/u, '') : `${resolvedPrefix}${topic}`;
}

/** A fence that the quoted text cannot close: longer than any run of backticks in it. */
function fenceFor(source: string): string {
  const longest = Math.max(0, ...[...source.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * A quote of the message for the compose box, as Zulip writes one: a silent
 * mention of the sender linking "said", in the writer's language, to the
 * message, then its source in a quote block.
 */
export function quoteOf(message: Message, source: string, link: string): string {
  const fence = fenceFor(source);
  const mention = `@_**${message.sender_full_name}|${message.sender_id}**`;
  return `${t('window.quote.said', { mention, link })}\n${fence}quote\n${source}\n${fence}\n`;
}
