import { canAccessStreamHistory } from '../narrow/history';
import { accessStreamById } from '../queries/streamAccess';
import type { Services } from '../services';
import { newestInTopic } from '../store/topicDeletion';
import type { UserRow } from '../store/users';
import { announceDeletion, deleteConversationMessages } from './deletedMessages';
import { requireAdministrator } from './groupPermission';

// Zulip's retention STREAM_MESSAGE_BATCH_SIZE, which delete_in_topic deletes by.
export const TOPIC_DELETION_BATCH = 100;

/**
 * Zulip 7.0's delete_in_topic, for organization administrators: checks the
 * caller and the stream at once, and hands back the deletion of the next
 * batch, which answers how many messages went (none once the topic is
 * empty). Each batch is the newest messages of the topic left, deleted in a
 * transaction of its own and announced by one delete_message event, so a
 * topic too large for one request is deleted further by the next. An
 * administrator deletes only the messages they may read: all of a stream
 * whose history they may read, else those they received.
 */
export function topicDeletion(
  services: Services,
  user: UserRow,
  target: { streamId: number; topic: string },
): () => number {
  const { sql } = services;
  requireAdministrator(user);
  const stream = accessStreamById(sql, user, target.streamId);
  const receivedBy = canAccessStreamHistory(sql, user, stream) ? null : user.id;
  return () => {
    const deletion = sql.transaction(() => {
      const batch = newestInTopic(sql, {
        recipientId: stream.recipient_id,
        name: target.topic,
        limit: TOPIC_DELETION_BATCH,
        receivedBy,
      });
      const [newest] = batch;
      if (!newest) return null;
      return deleteConversationMessages(
        sql,
        user.id,
        batch.map((row) => row.id),
        // Zulip names the topic as the batch's messages spell it.
        {
          kind: 'stream',
          streamId: stream.id,
          recipientId: stream.recipient_id,
          topic: newest.subject,
        },
      );
    });
    if (!deletion) return 0;
    announceDeletion(services, deletion);
    return deletion.notice.messageIds.length;
  };
}
