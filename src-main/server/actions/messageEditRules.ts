import { ApiError, errors } from '../errors';
import { canAccessStreamHistory } from '../narrow/history';
import type { ViewedMessageRow } from '../store/messages';
import type { RealmRow } from '../store/realm';
import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';
import { messagesInTopic, messagesInTopicReceivedBy } from '../store/topics';
import { Role, type UserRow } from '../store/users';
import { mayInRealmOrChannel } from './channelPermission';
import { isResolveToggle } from '../resolvedTopics';

// Zulip allows 20 seconds past each limit: its web app offers an edit until
// 15 seconds past it, and the request may take a while to arrive.
const LIMIT_BUFFER_SECONDS = 20;

const pastLimit = (sentAt: number, limit: number | null, now: number) =>
  limit !== null && now - sentAt > limit + LIMIT_BUFFER_SECONDS;

const isModeratorOrAbove = (user: UserRow) => user.role <= Role.moderator;

/**
 * Zulip's validate_user_can_edit_message: only the sender edits content, and
 * only for a while; an edit is allowed `bufferSeconds` past the limit, typing
 * notices while editing none (Zulip's edit_limit_buffer=0).
 */
export function checkMayEditContent(
  realm: RealmRow,
  editor: UserRow,
  message: ViewedMessageRow,
  now: number,
  bufferSeconds = LIMIT_BUFFER_SECONDS,
): void {
  if (realm.allow_message_editing !== 1) {
    throw errors.badRequest('Your organization has turned off message editing');
  }
  if (message.sender_id !== editor.id) {
    throw errors.badRequest("You don't have permission to edit this message");
  }
  const limit = realm.message_content_edit_limit_seconds;
  if (limit !== null && now - message.date_sent > limit + bufferSeconds) {
    throw errors.badRequest('The time limit for editing this message has passed');
  }
}

// Since Zulip 7.0 (feature levels 159 and 162) the topic is governed by the
// organization's setting alone, for the sender too and whether or not editing
// is allowed, and only moderators and administrators are free of the time
// limit. Marking a topic resolved or unresolved is can_resolve_topics_group's
// (feature level 367); any other new name, can_move_messages_between_topics_group's;
// the channel's own settings (levels 396 and 402) grant either too, and its
// administrators may rename its topics.
export function checkMayEditTopic(
  sql: Sql,
  realm: RealmRow,
  editor: UserRow,
  message: ViewedMessageRow,
  where: { stream: StreamRow | null; topic: string },
  now: number,
): void {
  const { stream, topic } = where;
  const action = isResolveToggle(message.subject, topic) ? 'resolveTopics' : 'renameTopics';
  const allowed = mayInRealmOrChannel(sql, editor, stream, action);
  if (!allowed) {
    throw errors.badRequest("You don't have permission to edit this message");
  }
  const limit = realm.move_messages_within_stream_limit_seconds;
  if (!isModeratorOrAbove(editor) && pastLimit(message.date_sent, limit, now)) {
    throw errors.badRequest("The time limit for editing this message's topic has passed.");
  }
}

// As Zulip 7.0: the limit of what changes, the shorter one when both do.
function moveLimit(realm: RealmRow, changes: MoveChanges): number | null {
  const limits = [
    changes.topic ? realm.move_messages_within_stream_limit_seconds : null,
    changes.stream ? realm.move_messages_between_streams_limit_seconds : null,
  ].filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}

interface MoveChanges {
  topic: boolean;
  stream: boolean;
}

/**
 * Zulip 7.0's checks for a move to another stream (feature level 162): the
 * organization's can_move_messages_between_channels_group, or the channel's
 * administrators and can_move_messages_out_of_channel_group (feature level
 * 396); access to the stream the message is in; and, for all but
 * moderators, the time limit.
 */
export function checkMayMoveBetweenStreams(
  sql: Sql,
  realm: RealmRow,
  editor: UserRow,
  message: ViewedMessageRow,
  from: { stream: StreamRow; canAccess: boolean },
  now: number,
): void {
  if (!mayInRealmOrChannel(sql, editor, from.stream, 'moveOut')) {
    throw errors.badRequest("You don't have permission to move this message");
  }
  if (!from.canAccess) {
    throw errors.badRequest(
      "You don't have permission to move this message due to missing access to its stream",
    );
  }
  const limit = realm.move_messages_between_streams_limit_seconds;
  if (!isModeratorOrAbove(editor) && pastLimit(message.date_sent, limit, now)) {
    throw errors.badRequest("The time limit for editing this message's channel has passed");
  }
}

/**
 * Zulip's check_time_limit_for_change_all_propagate_mode (feature level 172):
 * renaming a whole topic fails when some of its messages (of those the editor
 * can see) are past the limit, and says how many recent ones could move.
 */
export function checkMayMoveWholeTopic(
  sql: Sql,
  realm: RealmRow,
  editor: UserRow,
  move: { stream: StreamRow; topic: string; changes: MoveChanges },
  now: number,
): void {
  const { stream, topic } = move;
  const limit = moveLimit(realm, move.changes);
  if (limit === null || isModeratorOrAbove(editor)) return;
  const inTopic = canAccessStreamHistory(sql, editor, stream)
    ? messagesInTopic(sql, stream.recipient_id, topic)
    : messagesInTopicReceivedBy(sql, editor.id, stream.recipient_id, topic);
  const movable = inTopic.filter((row) => !pastLimit(row.date_sent, limit, now));
  if (movable.length === inTopic.length) return;
  throw new ApiError(
    `You only have permission to move the ${movable.length}/${inTopic.length} most recent messages in this topic.`,
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    400,
    {
      first_message_id_allowed_to_move: movable[0]?.id ?? null,
      total_messages_in_topic: inTopic.length,
      total_messages_allowed_to_move: movable.length,
    },
  );
}
