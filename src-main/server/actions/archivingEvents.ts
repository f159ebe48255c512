import { plainNotice, type NoticeCapabilities } from '../events/notice';
import type { Services } from '../services';
import { toWireStream } from '../shape/streams';
import type { StreamRow } from '../store/streams';
import { policiesForStream, VisibilityPolicy } from '../store/userTopics';
import { userById } from '../store/users';
import { announceTopicVisibility } from './topicVisibility';

/** Whether a queue hears of archived channels: its client declared archived_channels. */
export const keepsArchived = (queue: NoticeCapabilities) => queue.archivedChannels === true;
const dropsArchived = (queue: NoticeCapabilities) => !keepsArchived(queue);

// Zulip leaves an archived channel's topic choices out of /register and
// brings them back when it is unarchived; Hearth says so with a user_topic
// event per choice, so that a client's state stays what a fresh /register
// gives: on unarchiving, each choice as it was stored, its time included.
function announceTopicChoices(services: Services, stream: StreamRow, archived: boolean): void {
  const now = Math.floor(Date.now() / 1000);
  for (const row of policiesForStream(services.sql, stream.id)) {
    const user = userById(services.sql, row.user_id);
    if (!user || row.visibility_policy === VisibilityPolicy.inherit) continue;
    announceTopicVisibility(services, user, {
      stream,
      topic: row.topic,
      policy: archived ? VisibilityPolicy.inherit : row.visibility_policy,
      lastUpdated: archived ? now : row.last_updated,
    });
  }
}

/**
 * Tells `audience` (whoever sees the channel) that it was archived or
 * unarchived, as its row now says: since Zulip 11 (feature level 378) a
 * `stream` `update` of is_archived to clients with the archived_channels
 * capability; to the others a `delete` on archiving and a `create` on
 * unarchiving, as the channel leaves or rejoins what they list.
 */
export function announceArchiving(
  services: Services,
  stream: StreamRow,
  audience: readonly number[],
): void {
  const archived = stream.deactivated === 1;
  const update = plainNotice(
    'stream',
    {
      op: 'update',
      stream_id: stream.id,
      name: stream.name,
      property: 'is_archived',
      value: archived,
    },
    keepsArchived,
  );
  services.queues.notify(update, audience);
  const forOthers = archived
    ? plainNotice(
        'stream',
        { op: 'delete', streams: [{ stream_id: stream.id }], stream_ids: [stream.id] },
        dropsArchived,
      )
    : plainNotice(
        'stream',
        { op: 'create', streams: [toWireStream(services.sql, stream)] },
        dropsArchived,
      );
  services.queues.notify(forOthers, audience);
  announceTopicChoices(services, stream, archived);
}
