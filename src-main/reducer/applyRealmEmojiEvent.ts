import type { QueuedEvent } from '../wire';

type EmojiDict = Record<string, Record<string, unknown>>;

/**
 * A `realm_emoji` event: the whole dict, deactivated emoji too (`update`),
 * or, for clients with individual_emoji_changes (Zulip 12, feature level
 * 491), one emoji added or the properties of one that changed.
 */
export function applyRealmEmojiEvent(current: unknown, event: QueuedEvent): unknown {
  const dict = current as EmojiDict;
  switch (event.op) {
    case 'add': {
      const emoji = event.emoji as { id: string };
      return { ...dict, [emoji.id]: emoji };
    }
    case 'update_one': {
      const id = String(event.emoji_id);
      const emoji = dict[id];
      return emoji ? { ...dict, [id]: { ...emoji, ...(event.data as object) } } : dict;
    }
    default:
      return event.realm_emoji;
  }
}
