import { realmUserEventSchema, type QueuedEvent } from '../../wire';

// What a batch of events from the queue says to whoever shows the cache:
// which messages changed, and whether the sidebar or every message must be
// drawn again.

// Events that change what the sidebar shows; messages and flags change counts
// too, and settings what the badge counts.
export const sidebarEvents = new Set([
  'user_settings',
  'update_global_notifications',
  'update_display_settings',
  'message',
  'update_message',
  'delete_message',
  'update_message_flags',
  'subscription',
  'stream',
  'realm_user',
  'user_topic',
  'muted_topics',
  // The organization's name and its editing rules are part of the snapshot.
  'realm',
  'default_streams',
  // Pages the window shows follow these through the snapshot it is pushed.
  'alert_words',
  // Whom the reader muted changes the people list, completion and the feed.
  'muted_users',
  'user_group',
  'realm_emoji',
  // Statuses show beside names in the people list, the feed and completion.
  'user_status',
  // The Scheduled messages view lists them from the snapshot.
  'scheduled_messages',
  // The server's drafts are merged into the cache's (actions/draftSync.ts).
  'drafts',
  // Settings lists them, and the feed offers code blocks to the playgrounds.
  'realm_linkifiers',
  'realm_playgrounds',
]);

/** A new name shows on every message of its owner. */
export const renamesSomeone = (event: QueuedEvent): boolean =>
  event.type === 'realm_user' &&
  event.op === 'update' &&
  realmUserEventSchema.safeParse(event).data?.person.full_name !== undefined;

// Zulip sends rendered_content only when an edit changed the text; a move alone has none.
export function contentEdits(events: readonly QueuedEvent[]): number[] {
  return events.flatMap((event) =>
    event.type === 'update_message' &&
    typeof event.message_id === 'number' &&
    typeof event.rendered_content === 'string'
      ? [event.message_id]
      : [],
  );
}

/** What one batch of events changed, gathered as the batch is read. */
interface Collected {
  messageIds: number[];
  /** Of those, the messages new to the reader. */
  newIds: number[];
  deletedIds: number[];
  localIds: string[];
}

/** All the event does is mark messages read: what shows it may wait a moment. */
export const marksRead = (event: QueuedEvent): boolean =>
  event.type === 'update_message_flags' && event.op === 'add' && event.flag === 'read';

/** Adds what `event` changed to the batch's lists. */
export function collectChange(
  event: QueuedEvent,
  { messageIds, newIds, deletedIds, localIds }: Collected,
): void {
  switch (event.type) {
    case 'message': {
      const message = event.message as { id?: unknown };
      if (typeof message.id === 'number') {
        messageIds.push(message.id);
        newIds.push(message.id);
      }
      if (typeof event.local_message_id === 'string') localIds.push(event.local_message_id);
      return;
    }
    case 'update_message': {
      const ids = event.message_ids;
      if (Array.isArray(ids)) for (const id of ids) if (typeof id === 'number') messageIds.push(id);
      return;
    }
    case 'update_message_flags': {
      const ids = event.messages;
      if (Array.isArray(ids)) for (const id of ids) if (typeof id === 'number') messageIds.push(id);
      return;
    }
    case 'reaction':
    case 'submessage':
      if (typeof event.message_id === 'number') messageIds.push(event.message_id);
      return;
    case 'delete_message': {
      const ids = Array.isArray(event.message_ids) ? event.message_ids : [event.message_id];
      for (const id of ids) if (typeof id === 'number') deletedIds.push(id);
      return;
    }
    default:
      return;
  }
}
