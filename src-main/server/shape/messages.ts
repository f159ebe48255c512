import type { EditHistoryEntry, Message, Reaction, RecipientUser, Submessage } from '../../wire';
import type { TopicLink } from '../../wire/linkifiers';
import { cached } from '../cached';
import { topicLinker } from '../queries/topicLinks';
import type { ViewOptions } from '../events/notice';
import { flagsToNames, WILDCARD_MENTIONED } from '../store/flags';
import type { ViewedMessageRow } from '../store/messages';
import { huddleKey, huddleRecipientIdByKey } from '../store/huddles';
import { getRealm, type EditHistoryVisibility } from '../store/realm';
import { reactionsOfMessages } from '../store/reactions';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { streamById } from '../store/streams';
import { submessagesOfMessages } from '../store/submessages';
import { subscriberIds } from '../store/subscriptions';
import { usersByIds, type UserRow } from '../store/users';
import { avatarUrl } from './avatars';
import { visibleEditHistory } from './editHistoryVisibility';
import { editTimestamps } from './editTimestamps';
import { messageReaction } from './reactions';
import { shortName } from './shortName';

/** Everything needed to show one message to any reader. */
export interface MessageSource {
  row: Omit<ViewedMessageRow, 'flags'>;
  sender: UserRow;
  displayRecipient: string | RecipientUser[];
  /** Zulip 12's `recipient_id`: a direct message's is its group's, one-to-one too. */
  recipientId: number;
  streamId: number | null;
  realmStr: string;
  /** Newest first, as Zulip sends it; null when never edited or the realm hides edit history. */
  editHistory: EditHistoryEntry[] | null;
  /** In the order they were added, as Zulip sends them. */
  reactions: Reaction[];
  /** Oldest first, as Zulip sends them. */
  submessages: Submessage[];
  /** Zulip's topic_links, sent as subject_links too. */
  topicLinks: TopicLink[];
}

export function renderMessage(source: MessageSource, options: ViewOptions): Message {
  const { row, sender } = source;
  return {
    id: row.id,
    type: source.streamId === null ? 'private' : 'stream',
    content: options.applyMarkdown ? row.rendered_content : row.content,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    display_recipient: source.displayRecipient,
    recipient_id: source.recipientId,
    sender_id: sender.id,
    sender_email: sender.email,
    sender_full_name: sender.full_name,
    sender_short_name: shortName(sender.email),
    sender_realm_str: source.realmStr,
    avatar_url: avatarUrl(sender),
    client: row.client_name,
    // Zulip's test: a bare `/me` is an ordinary message.
    is_me_message: row.content.startsWith('/me '),
    reactions: source.reactions,
    ...(source.streamId === null ? {} : { stream_id: source.streamId }),
    subject: row.subject,
    subject_links: source.topicLinks,
    topic_links: source.topicLinks,
    submessages: source.submessages,
    timestamp: row.date_sent,
    ...editTimestamps(row.edit_history),
    ...(source.editHistory ? { edit_history: source.editHistory } : {}),
  };
}

// Zulip's messages_for_ids drops edit_history where the realm disallows it.
// Edits saved before Zulip 9's feature level 284 kept the Markdown version,
// which clients no longer see.
function editHistoryOf(
  row: Omit<ViewedMessageRow, 'flags'>,
  policy: EditHistoryVisibility,
): EditHistoryEntry[] | null {
  if (policy === 'none' || row.edit_history === null) return null;
  const stored = JSON.parse(row.edit_history) as (EditHistoryEntry & {
    prev_rendered_content_version?: number;
  })[];
  const entries = stored
    .reverse()
    .map(({ prev_rendered_content_version: _version, ...entry }) => entry);
  return visibleEditHistory(policy, entries);
}

// A reader with no user_messages row sees a public stream's history, which
// Zulip marks `historical` and, since it never arrived as unread, `read`.
// Messages and message events also name either wildcard mention
// `wildcard_mentioned`, as Zulip keeps doing for clients older than feature
// level 224; update_message events name the flags alone, as in Zulip.
export function readerFlags(flags: number | null): string[] {
  if (flags === null) return ['read', 'historical'];
  const names = flagsToNames(flags);
  if ((flags & WILDCARD_MENTIONED) !== 0) names.push('wildcard_mentioned');
  return names;
}

const toRecipientUser = (user: UserRow): RecipientUser => ({
  id: user.id,
  email: user.email,
  full_name: user.full_name,
  short_name: shortName(user.email),
  is_mirror_dummy: false,
});

/** Resolves senders, streams and private-message participants for many rows at once. */
export function loadMessageSources(
  sql: Sql,
  realmStr: string,
  rows: readonly Omit<ViewedMessageRow, 'flags'>[],
): MessageSource[] {
  const participants = new Map<number, number[]>();
  // By the pair's lower ID, then its higher: a page of one conversation
  // asks once, and makes no key for each of its messages.
  const groupRecipients = new Map<number, Map<number, number>>();
  // Zulip 12 (feature level 482): both people of a one-to-one conversation,
  // whoever wrote, see its group's recipient; sendMessage and migration 053
  // make one for every such conversation.
  const groupRecipientOf = (row: Omit<ViewedMessageRow, 'flags'>) => {
    const low = Math.min(row.sender_id, row.recipient_type_id);
    const high = Math.max(row.sender_id, row.recipient_type_id);
    const withLow = cached(groupRecipients, low, () => new Map<number, number>());
    return cached(withLow, high, () => {
      const id = huddleRecipientIdByKey(sql, huddleKey([low, high]));
      if (id === undefined) throw new Error(`message ${row.id} has no direct message group`);
      return id;
    });
  };
  for (const row of rows) {
    if (row.recipient_type === RecipientType.stream || participants.has(row.recipient_id)) continue;
    const others =
      row.recipient_type === RecipientType.personal
        ? [row.recipient_type_id]
        : subscriberIds(sql, row.recipient_id);
    participants.set(row.recipient_id, others);
  }
  const userIds = new Set(rows.map((row) => row.sender_id));
  for (const ids of participants.values()) ids.forEach((id) => userIds.add(id));
  const users = new Map(usersByIds(sql, [...userIds]).map((user) => [user.id, user]));
  const streamNames = new Map<number, string>();
  const editHistoryPolicy = getRealm(sql)?.message_edit_history_visibility_policy ?? 'all';
  const reactions = reactionsOfMessages(
    sql,
    rows.map((row) => row.id),
  );
  const reactionsOf = (id: number) => (reactions.get(id) ?? []).map(messageReaction);
  const linksOf = topicLinker(sql);
  const submessages = submessagesOfMessages(
    sql,
    rows.map((row) => row.id),
  );

  return rows.map((row) => {
    const sender = users.get(row.sender_id);
    if (!sender) throw new Error(`message ${row.id} has no sender ${row.sender_id}`);
    if (row.recipient_type === RecipientType.stream) {
      const name = cached(
        streamNames,
        row.recipient_type_id,
        (id) => streamById(sql, id)?.name ?? '',
      );
      return {
        row,
        sender,
        displayRecipient: name,
        recipientId: row.recipient_id,
        streamId: row.recipient_type_id,
        realmStr,
        editHistory: editHistoryOf(row, editHistoryPolicy),
        reactions: reactionsOf(row.id),
        submessages: submessages.get(row.id) ?? [],
        topicLinks: linksOf(row.subject),
      };
    }
    const ids = new Set([row.sender_id, ...(participants.get(row.recipient_id) ?? [])]);
    const displayRecipient = [...ids]
      .sort((a, b) => a - b)
      .flatMap((id) => {
        const user = users.get(id);
        return user ? [toRecipientUser(user)] : [];
      });
    return {
      row,
      sender,
      displayRecipient,
      recipientId:
        row.recipient_type === RecipientType.personal ? groupRecipientOf(row) : row.recipient_id,
      streamId: null,
      realmStr,
      editHistory: editHistoryOf(row, editHistoryPolicy),
      reactions: reactionsOf(row.id),
      submessages: submessages.get(row.id) ?? [],
      topicLinks: [],
    };
  });
}
