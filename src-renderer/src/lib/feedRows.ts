import type { Message } from '../../../src-preload/bridge';
import { t } from './i18n.svelte';
import { markedName } from './people';
import { dayLabel, dayOf } from './time';

/**
 * One row of the feed, as Zulip's message list lays it out: a recipient bar
 * opens each run of messages to one conversation, a date row marks midnight
 * inside a run, and a message repeats its sender only when the sender changes.
 */
export type FeedRow =
  | { kind: 'recipient'; key: string; message: Message; day: string }
  | { kind: 'date'; key: string; day: string }
  | { kind: 'message'; key: string; message: Message; continued: boolean };

/** The conversation a message belongs to: a stream's topic (without regard to case) or a group of people. */
export function conversationKey(message: Message): string {
  if (typeof message.display_recipient === 'string') {
    return `stream:${message.stream_id ?? message.display_recipient}:${message.subject.toLowerCase()}`;
  }
  const ids = message.display_recipient.map((user) => user.id).sort((a, b) => a - b);
  return `dm:${ids.join(',')}`;
}

export function feedRows(messages: readonly Message[], now: number): FeedRow[] {
  const rows: FeedRow[] = [];
  let conversation: string | null = null;
  let day: number | null = null;
  let sender: number | null = null;
  for (const message of messages) {
    const at = message.timestamp * 1000;
    const messageDay = dayOf(at);
    const key = conversationKey(message);
    if (key !== conversation) {
      rows.push({ kind: 'recipient', key: `r${message.id}`, message, day: dayLabel(at, now) });
      conversation = key;
      sender = null;
    } else if (messageDay !== day) {
      rows.push({ kind: 'date', key: `d${message.id}`, day: dayLabel(at, now) });
      sender = null;
    }
    day = messageDay;
    // A /me message reads as an action of its sender, so it always names them.
    const continued = sender === message.sender_id && !message.is_me_message;
    rows.push({ kind: 'message', key: `m${message.id}`, message, continued });
    sender = message.sender_id;
  }
  return rows;
}

function sameRow(a: FeedRow, b: FeedRow): boolean {
  switch (a.kind) {
    case 'recipient':
      return b.kind === 'recipient' && a.message === b.message && a.day === b.day;
    case 'date':
      return b.kind === 'date' && a.day === b.day;
    case 'message':
      return b.kind === 'message' && a.message === b.message && a.continued === b.continued;
  }
}

/**
 * `rows`, with each row that is as it was in `previous` replaced by that very
 * row: the list then redraws only the rows that changed, not every row of
 * the page each time a message arrives.
 */
export function keepUnchangedRows(previous: readonly FeedRow[], rows: FeedRow[]): FeedRow[] {
  const byKey = new Map(previous.map((row) => [row.key, row]));
  return rows.map((row) => {
    const old = byKey.get(row.key);
    return old !== undefined && sameRow(old, row) ? old : row;
  });
}

/**
 * Zulip's marker for a changed message: "edited" once its content changed,
 * "moved" when only its topic or stream did.
 */
export function editMarker(message: Message): 'edited' | 'moved' | null {
  const history = message.edit_history;
  if (!history || history.length === 0) {
    // Without the history to tell, the timestamps do: from feature level 365
    // last_edit_timestamp means the content changed, and a move alone sets
    // only last_moved_timestamp.
    if (message.last_edit_timestamp !== undefined) return 'edited';
    return message.last_moved_timestamp === undefined ? null : 'moved';
  }
  if (history.some((entry) => entry.prev_content !== undefined)) return 'edited';
  return 'moved';
}

/**
 * Who a direct message is between, as its recipient bar names them, guests
 * marked where asked, and a muted person as Zulip names them ("Muted user").
 */
export function participantsLabel(
  message: Message,
  ownUserId: number,
  isMarkedGuest: (userId: number) => boolean = () => false,
  nameOf: (userId: number, fullName: string) => string = (_userId, fullName) => fullName,
): string {
  if (typeof message.display_recipient === 'string') return '';
  const others = message.display_recipient
    .filter((user) => user.id !== ownUserId)
    .map((user) => nameOf(user.id, markedName(user.full_name, isMarkedGuest(user.id))));
  return t('window.feed.participants', { count: others.length, others: others.join(', ') });
}

/** The message hides its link previews (Zulip 12's hide_link_previews flag, feature level 510). */
export const hidesLinkPreviews = (message: Message): boolean =>
  (message.flags ?? []).includes('hide_link_previews');

export const isUnread = (message: Message): boolean => !(message.flags ?? []).includes('read');

export const isStarred = (message: Message): boolean => (message.flags ?? []).includes('starred');

/** The message holds one of the reader's alert words (Zulip's has_alert_word flag). */
export const hasAlertWord = (message: Message): boolean =>
  (message.flags ?? []).includes('has_alert_word');

/** A sender's initials and a hue of their own, for the avatar drawn where no picture is loaded. */
export function avatarOf(fullName: string, userId: number): { initials: string; hue: number } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
  return { initials: initials || '?', hue: (userId * 137) % 360 };
}
