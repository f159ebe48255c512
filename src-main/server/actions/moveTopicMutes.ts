import { plainNotice } from '../events/notice';
import { canAccessStreamHistory } from '../narrow/history';
import type { Services } from '../services';
import { deleteMutedTopic, insertMutedTopic, isTopicMuted } from '../store/mutedTopics';
import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';
import { messagesInTopic, messagesInTopicReceivedBy, userIdsMutingTopic } from '../store/topics';
import { userById, type UserRow } from '../store/users';
import { mutedTopicsState } from './muteTopic';

export interface TopicMove {
  stream: StreamRow;
  from: string;
  to: string;
  /** propagate_mode change_all: the whole topic moved, by definition. */
  wholeTopic: boolean;
  now: number;
}

// What is left is judged by what the editor can see, so that the answer says
// nothing of messages hidden from them (Zulip's moved_all_visible_messages).
function editorSeesMessagesLeft(sql: Sql, editor: UserRow, move: TopicMove): boolean {
  const { stream, from } = move;
  const left = canAccessStreamHistory(sql, editor, stream)
    ? messagesInTopic(sql, stream.recipient_id, from)
    : messagesInTopicReceivedBy(sql, editor.id, stream.recipient_id, from);
  return left.length > 0;
}

/**
 * As Zulip 7.0 does when a topic is renamed as a whole: whoever had muted the
 * old topic has the new one muted instead. Returns the users whose mutes moved.
 */
export function moveTopicMutes(services: Services, editor: UserRow, move: TopicMove): number[] {
  const { sql } = services;
  if (!move.wholeTopic && editorSeesMessagesLeft(sql, editor, move)) return [];
  const { stream, from, to, now } = move;
  const userIds = userIdsMutingTopic(sql, stream.id, from);
  for (const userId of userIds) {
    deleteMutedTopic(sql, userId, stream.id, from);
    if (!isTopicMuted(sql, userId, stream.id, to)) {
      insertMutedTopic(sql, { userId, streamId: stream.id, topic: to, dateMuted: now });
    }
  }
  return userIds;
}

/** Each user whose mutes moved gets their new list, as a mute would send it. */
export function announceMovedMutes(services: Services, userIds: readonly number[]): void {
  for (const userId of userIds) {
    const user = userById(services.sql, userId);
    if (!user) continue;
    services.queues.notify(
      plainNotice('muted_topics', { muted_topics: mutedTopicsState(services, user) }),
      [userId],
    );
  }
}
