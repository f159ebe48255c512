import type { Message } from '../../wire';

export interface ViewOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
}

/**
 * What an action announces. A message looks different to each queue (HTML or
 * raw markdown, gravatar or not, the reader's own flags), so it is carried as a
 * recipe, and so is a deletion (one event or one per message, by the queue's
 * capabilities); every other event is the same for all queues.
 */
export type Notice = MessageNotice | DeletionNotice | PlainNotice;

export interface MessageNotice {
  kind: 'message';
  type: 'message';
  render(options: ViewOptions): Message;
  /** The reader's flags as a JSON array of names. */
  flagsJson(userId: number): string;
  stream: { id: number; name: string; isPublic: boolean } | null;
  topic: string;
  senderEmail: string;
  localEcho: { queueId: string; localId: string } | null;
}

export interface DeletionNotice {
  kind: 'deletion';
  type: 'delete_message';
  messageIds: readonly number[];
  /** Zulip's `message_type`, and for stream messages `stream_id` and `topic`. */
  details: Readonly<Record<string, unknown>>;
}

export interface PlainNotice {
  kind: 'plain';
  type: string;
  payload: Readonly<Record<string, unknown>>;
  /** Only for the queues that did (true) or did not (false) declare archived_channels. */
  archivedChannels?: boolean;
}

export function plainNotice(type: string, payload: Record<string, unknown>): PlainNotice {
  return { kind: 'plain', type, payload };
}

export type { QueuedEvent } from '../../wire';
