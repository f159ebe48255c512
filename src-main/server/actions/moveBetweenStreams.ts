import type { DeletionNotice } from '../events/notice';
import type { Services } from '../services';
import type { StreamRow } from '../store/streams';
import { subscriberIds } from '../store/subscriptions';
import { deleteRowsOf, insertReadRows } from '../store/userMessages';
import { Role, userById } from '../store/users';

/** Whose rows of the moved messages change when they go to another stream. */
export interface StreamMoveAccess {
  /** Subscribers of the old stream who are not in the new one: their rows go. */
  losingRows: number[];
  /** Of those, whoever cannot read the new stream's history at all. */
  losingAccess: number[];
  /** New subscribers of a stream that keeps its history from them: read rows. */
  gainingRows: number[];
}

/** Zulip 7.0's do_update_message, for a move between streams: who gains and loses rows. */
export function streamMoveAccess(
  services: Services,
  from: StreamRow,
  to: StreamRow,
): StreamMoveAccess {
  const { sql } = services;
  const before = subscriberIds(sql, from.recipient_id);
  const after = new Set(subscriberIds(sql, to.recipient_id));
  const losingRows = before.filter((id) => !after.has(id));
  const losingAccess = losingRows.filter(
    (id) => to.invite_only === 1 || userById(sql, id)?.role === Role.guest,
  );
  const gainingRows =
    to.history_public_to_subscribers === 1 ? [] : [...after].filter((id) => !before.includes(id));
  return { losingRows, losingAccess, gainingRows };
}

export function applyStreamMoveAccess(
  services: Services,
  access: StreamMoveAccess,
  messageIds: readonly number[],
): void {
  deleteRowsOf(services.sql, access.losingRows, messageIds);
  insertReadRows(services.sql, access.gainingRows, messageIds);
}

/** Those who can no longer read the messages see them deleted from where they were. */
export function announceLostAccess(
  services: Services,
  access: StreamMoveAccess,
  moved: { from: StreamRow; topic: string; messageIds: number[] },
): void {
  if (access.losingAccess.length === 0) return;
  const deletion: DeletionNotice = {
    kind: 'deletion',
    type: 'delete_message',
    // Zulip 11 sorts them (feature level 393).
    messageIds: [...moved.messageIds].sort((a, b) => a - b),
    details: { message_type: 'stream', stream_id: moved.from.id, topic: moved.topic },
  };
  services.queues.notify(deletion, access.losingAccess);
}
