import { createHash } from 'node:crypto';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { toWireStream } from '../shape/streams';
import { getRealm, setNotificationsStream } from '../store/realm';
import { deactivateStreamRow, isDefaultStream, type StreamRow } from '../store/streams';
import { deactivateStreamSubscriptions } from '../store/subscriptions';
import { markRecipientReadForEveryone } from '../store/userMessages';
import { policiesForStream, VisibilityPolicy } from '../store/userTopics';
import { activeUserIds, allUsers, userById, type UserRow } from '../store/users';
import { removeDefaultStream } from './defaultStreams';
import { editableStream, seesStream } from './streamAdmin';
import { announceTopicVisibility } from './topicVisibility';
import { MAX_STREAM_NAME_LENGTH } from './validate';

// Zulip 7.0 frees the name for a new stream by prefixing seven hex digits of
// the SHA-512 of the stream's ID and "!DEACTIVATED:".
function archivedName(stream: StreamRow): string {
  const prefix = createHash('sha512').update(String(stream.id)).digest('hex').slice(0, 7);
  return `${prefix}!DEACTIVATED:${stream.name}`.slice(0, MAX_STREAM_NAME_LENGTH);
}

// Zulip keeps a user's topic choices of an archived stream but leaves them out
// of /register; Hearth says so with a user_topic event per choice, so that a
// client's state stays what a fresh /register gives.
function announceForgottenTopics(services: Services, stream: StreamRow, now: number): void {
  for (const row of policiesForStream(services.sql, stream.id)) {
    const user = userById(services.sql, row.user_id);
    if (!user || row.visibility_policy === VisibilityPolicy.inherit) continue;
    announceTopicVisibility(services, user, {
      stream,
      topic: row.topic,
      policy: VisibilityPolicy.inherit,
      lastUpdated: now,
    });
  }
}

/**
 * Zulip 7.0's DELETE /streams/{stream_id} (do_deactivate_stream): an
 * administrator archives a stream. Its subscriptions end, its messages are
 * read for everyone, it stops being a default stream or the notifications
 * stream, and everyone who could see it hears one stream `delete` event under
 * its old name, after which no list shows it.
 */
export function archiveStream(services: Services, user: UserRow, streamId: number): void {
  const { sql } = services;
  const stream = editableStream(services, user, streamId);
  if (stream.deactivated === 1) throw errors.badRequest('Stream is already deactivated');
  const audience = allUsers(sql)
    .filter((person) => person.is_active === 1 && seesStream(services, person, stream))
    .map((person) => person.id);
  const wasNotificationsStream = getRealm(sql)?.notifications_stream_id === stream.id;
  sql.transaction(() => {
    deactivateStreamSubscriptions(sql, stream.recipient_id);
    markRecipientReadForEveryone(sql, stream.recipient_id);
    deactivateStreamRow(sql, stream.id, archivedName(stream));
    if (wasNotificationsStream) setNotificationsStream(sql, null);
  });
  // Zulip's do_remove_default_stream, with its default_streams event.
  if (isDefaultStream(sql, stream.id)) removeDefaultStream(services, stream);
  // Zulip's get_notifications_stream treats an archived stream as none, which
  // /register reports as -1; Hearth tells clients so rather than leave them
  // with a stream they can no longer find.
  if (wasNotificationsStream) {
    services.queues.notify(
      plainNotice('realm', { op: 'update', property: 'notifications_stream_id', value: -1 }),
      activeUserIds(sql),
    );
  }
  announceForgottenTopics(services, stream, Math.floor(Date.now() / 1000));
  services.queues.notify(
    plainNotice('stream', { op: 'delete', streams: [toWireStream(stream)] }),
    audience,
  );
}
