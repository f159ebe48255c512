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

/** The client capabilities under which Zulip tells one change differently. */
export interface NoticeCapabilities {
  /**
   * archived_channels (Zulip 10, feature level 315): such a client keeps
   * archived channels, and hears of archiving as an update.
   */
  archivedChannels?: boolean;
  /**
   * include_deactivated_groups (feature level 294): without it a deactivated
   * group is removed, and its later changes are not told.
   */
  includeDeactivatedGroups?: boolean;
  /**
   * individual_emoji_changes (Zulip 12, feature level 491): such a client
   * hears of each custom emoji added or changed, not the whole set again.
   */
  individualEmojiChanges?: boolean;
  /**
   * simplified_presence_events (Zulip 11, feature level 419): such a client
   * hears of presence in the modern form, by user ID, in `presences`.
   */
  simplifiedPresenceEvents?: boolean;
}

export interface PlainNotice {
  kind: 'plain';
  type: string;
  payload: Readonly<Record<string, unknown>>;
  /**
   * The queues it is for, where a client capability decides (Zulip sends
   * one change as different events to clients with and without it).
   */
  reaches?: (queue: NoticeCapabilities) => boolean;
}

export function plainNotice(
  type: string,
  payload: Record<string, unknown>,
  reaches?: PlainNotice['reaches'],
): PlainNotice {
  return reaches ? { kind: 'plain', type, payload, reaches } : { kind: 'plain', type, payload };
}

export type { QueuedEvent } from '../../wire';
