import { canAccessStreamHistory } from '../narrow/history';
import type { Services } from '../services';
import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';
import { messagesInTopic, messagesInTopicReceivedBy } from '../store/topics';
import { policiesForTopic, setTopicVisibility, VisibilityPolicy } from '../store/userTopics';
import { userById, type UserRow } from '../store/users';
import { announceTopicVisibility } from './topicVisibility';

export interface TopicMove {
  stream: StreamRow;
  /** The stream the topic moves to, when it is another. */
  toStream?: StreamRow;
  from: string;
  to: string;
  /** propagate_mode change_all: the whole topic moved, by definition. */
  wholeTopic: boolean;
  now: number;
}

export interface MovedUserTopics {
  move: TopicMove;
  policies: { userId: number; policy: number }[];
}

// What is left is judged by what the editor can see, so that the answer says
// nothing of messages hidden from them (Zulip's moved_all_visible_messages).
export function editorSeesMessagesLeft(
  sql: Sql,
  editor: UserRow,
  move: Pick<TopicMove, 'stream' | 'from'>,
): boolean {
  const { stream, from } = move;
  const left = canAccessStreamHistory(sql, editor, stream)
    ? messagesInTopic(sql, stream.recipient_id, from)
    : messagesInTopicReceivedBy(sql, editor.id, stream.recipient_id, from);
  return left.length > 0;
}

/**
 * Whether the editor sees messages in `topic` besides `moved` (Zulip's
 * visible_preexisting_messages, which a move notice's words depend on).
 */
export function editorSeesOtherMessages(
  sql: Sql,
  editor: UserRow,
  place: { stream: StreamRow; topic: string },
  moved: readonly number[],
): boolean {
  const { stream, topic } = place;
  const there = canAccessStreamHistory(sql, editor, stream)
    ? messagesInTopic(sql, stream.recipient_id, topic)
    : messagesInTopicReceivedBy(sql, editor.id, stream.recipient_id, topic);
  const movedIds = new Set(moved);
  return there.some((row) => !movedIds.has(row.id));
}

/**
 * As Zulip 7.0 does when a topic is renamed or moved to another stream as a
 * whole: whatever each user had chosen for the old topic (muted, unmuted,
 * followed) now holds for the new one.
 */
export function moveUserTopics(
  services: Services,
  editor: UserRow,
  move: TopicMove,
): MovedUserTopics {
  const { sql } = services;
  if (!move.wholeTopic && editorSeesMessagesLeft(sql, editor, move)) return { move, policies: [] };
  const { stream, from, to, now } = move;
  const policies = policiesForTopic(sql, stream.id, from).map((row) => ({
    userId: row.user_id,
    policy: row.visibility_policy,
  }));
  const target = move.toStream ?? stream;
  for (const { userId, policy } of policies) {
    const row = { userId, lastUpdated: now };
    setTopicVisibility(sql, {
      ...row,
      streamId: stream.id,
      topic: from,
      policy: VisibilityPolicy.inherit,
    });
    setTopicVisibility(sql, { ...row, streamId: target.id, topic: to, policy });
  }
  return { move, policies };
}

/** Each user whose topic policy moved hears of the old topic's end and the new one's policy. */
export function announceMovedUserTopics(services: Services, moved: MovedUserTopics): void {
  const { stream, from, to, now } = moved.move;
  for (const { userId, policy } of moved.policies) {
    const user = userById(services.sql, userId);
    if (!user) continue;
    announceTopicVisibility(services, user, {
      stream,
      lastUpdated: now,
      topic: from,
      policy: VisibilityPolicy.inherit,
    });
    const target = moved.move.toStream ?? stream;
    announceTopicVisibility(services, user, {
      stream: target,
      lastUpdated: now,
      topic: to,
      policy,
    });
  }
}
