import type { Message } from '../../wire';
import { cached } from '../cached';
import { messageWithEmptyTopicShown, namesTopics, withEmptyTopicShown } from './emptyTopicName';
import type { Notice, ViewOptions } from './notice';

/**
 * A notice as queues keep it, in memory and in the store: plain JSON, the same
 * for every queue it reaches. What differs per queue travels beside it as the
 * event's `part`.
 */
export type NoticeRecord =
  | {
      kind: 'message';
      /** One rendering per view a receiving queue asked for, by `viewKey`. */
      renderings: Record<string, Message>;
      localEcho: { queueId: string; localId: string } | null;
    }
  | {
      kind: 'deletion';
      type: string;
      messageIds: number[];
      details: Record<string, unknown>;
    }
  | { kind: 'plain'; event: { type: string } & Record<string, unknown> }
  | { kind: 'heartbeat' };

/** What of a queue decides how its events look. */
export interface EventViewer {
  id: string;
  settings: ViewOptions & { bulkMessageDeletion: boolean; emptyTopicName?: boolean | undefined };
}

// Stored in records, so these names last; looked up per queue and per answer,
// so they are constants rather than strings built each time.
export function viewKey(view: ViewOptions): string {
  if (view.applyMarkdown) return view.clientGravatar ? 'html/client-gravatar' : 'html/avatar-url';
  return view.clientGravatar ? 'markdown/client-gravatar' : 'markdown/avatar-url';
}

/** The record of `notice` for the queues it is about to reach. */
export function recordOf(notice: Notice, viewers: readonly EventViewer[]): NoticeRecord {
  switch (notice.kind) {
    case 'plain':
      return { kind: 'plain', event: { type: notice.type, ...notice.payload } };
    case 'deletion':
      return {
        kind: 'deletion',
        type: notice.type,
        messageIds: [...notice.messageIds],
        details: { ...notice.details },
      };
    case 'message': {
      const renderings: Record<string, Message> = {};
      for (const { settings } of viewers) {
        const { applyMarkdown, clientGravatar } = settings;
        renderings[viewKey(settings)] ??= notice.render({ applyMarkdown, clientGravatar });
      }
      return { kind: 'message', renderings, localEcho: notice.localEcho };
    }
  }
}

// Shared by every queue that gets one event without a part of its own.
const onePlainEvent: readonly null[] = [null];

/**
 * The parts of the events one queue gets from a record other than a message
 * (whose part is the reader's flags, see EventQueues.notify): Zulip's
 * process_deletion_event splits a deletion into one event per message for
 * clients without bulk_message_deletion.
 */
export function partsFor(
  record: Exclude<NoticeRecord, { kind: 'message' }>,
  viewer: EventViewer,
): readonly (string | null)[] {
  if (record.kind === 'deletion' && !viewer.settings.bulkMessageDeletion) {
    return record.messageIds.map(String);
  }
  return onePlainEvent;
}

// Every queue with the same view gets the same message, so it is written as
// JSON once for all of them; only the flags and the ID differ per queue.
const messageJson = new WeakMap<Message, string>();

const jsonOf = (message: Message): string => cached(messageJson, message, JSON.stringify);

// The same message as clients without the empty_topic_name capability read it, written once too.
const shownMessageJson = new WeakMap<Message, string>();

const shownJsonOf = (message: Message): string =>
  cached(shownMessageJson, message, (each) => JSON.stringify(messageWithEmptyTopicShown(each)));

/** One queued event as Zulip shows it, as JSON text. */
export function eventJson(
  id: number,
  record: NoticeRecord,
  part: string | null,
  viewer: EventViewer,
): string {
  switch (record.kind) {
    case 'heartbeat':
      return `{"type":"heartbeat","id":${id}}`;
    case 'plain': {
      const event =
        viewer.settings.emptyTopicName !== true && namesTopics(record.event.type)
          ? withEmptyTopicShown(record.event)
          : record.event;
      return JSON.stringify({ ...event, id });
    }
    case 'deletion': {
      const details =
        viewer.settings.emptyTopicName === true
          ? record.details
          : withEmptyTopicShown({ type: record.type, ...record.details });
      return JSON.stringify(
        part === null
          ? { type: record.type, message_ids: record.messageIds, ...details, id }
          : { type: record.type, message_id: Number(part), ...details, id },
      );
    }
    case 'message': {
      const message = record.renderings[viewKey(viewer.settings)];
      if (!message) throw new Error(`queue ${viewer.id} has no rendering of its message`);
      const echo = record.localEcho?.queueId === viewer.id ? record.localEcho : null;
      const localId = echo ? `,"local_message_id":${JSON.stringify(echo.localId)}` : '';
      // The part is the reader's flags, already JSON (see EventQueues.notify).
      const json = viewer.settings.emptyTopicName === true ? jsonOf(message) : shownJsonOf(message);
      return `{"type":"message","message":${json},"flags":${part ?? '[]'}${localId},"id":${id}}`;
    }
  }
}
