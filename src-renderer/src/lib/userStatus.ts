import type { PersonStatus, SidebarUser, Snapshot, StatusEmoji } from '../../../src-preload/bridge';
import { emojiGlyph } from '../../../src-main/wire/emojiGlyph';
import { t, type MessageKey } from './i18n.svelte';

/** Zulip's limit on a status text, in characters; the bridge and the server hold to it too. */
export const MAX_STATUS_TEXT_LENGTH = 60;

/** How a person's dot shows them: their presence, or unavailable when they chose to be. */
export type ShownPresence = SidebarUser['presence'] | 'away';

const presenceKeys = {
  active: 'window.presence.active',
  idle: 'window.presence.idle',
  offline: 'window.presence.offline',
  away: 'window.presence.away',
} as const satisfies Record<ShownPresence, MessageKey>;

/** How a dot's state is said, in the window's language. */
export const presenceLabel = (presence: ShownPresence): string => t(presenceKeys[presence]);

/** Zulip's buddy_status: someone who set themselves away shows so, whatever their presence. */
export const shownPresence = (user: Pick<SidebarUser, 'presence' | 'away'>): ShownPresence =>
  user.away === true ? 'away' : user.presence;

/** Someone's status from the snapshot: the reader's own or another's; undefined when none. */
export function statusOf(snapshot: Snapshot | null, userId: number): PersonStatus | undefined {
  if (!snapshot) return undefined;
  if (snapshot.user.userId === userId) return snapshot.user.status;
  return snapshot.users.find((user) => user.userId === userId)?.status;
}

/** What a status says to a screen reader and a tooltip: its text, else its emoji's name. */
export const statusWords = (status: PersonStatus): string =>
  status.text !== '' ? status.text : `:${status.emoji?.name ?? ''}:`;

/** The characters of a text as the server counts them (code points, not UTF-16 units). */
export const statusLength = (text: string): number => [...text.trim()].length;

const unicode = (name: string, code: string): StatusEmoji => ({
  name,
  code,
  type: 'unicode_emoji',
  glyph: emojiGlyph(code),
  imageUrl: null,
});

/**
 * Zulip's web app's statuses to choose from, with their emoji, under Zulip's
 * names for them. One chosen is saved in the words it was shown in, as
 * Zulip's web app saves it.
 */
export const statusPresets: readonly { key: MessageKey; emoji: StatusEmoji }[] = [
  { key: 'window.status.busy', emoji: unicode('working_on_it', '1f6e0') },
  { key: 'window.status.meeting', emoji: unicode('calendar', '1f4c6') },
  { key: 'window.status.commuting', emoji: unicode('bus', '1f68c') },
  { key: 'window.status.sick', emoji: unicode('hurt', '1f915') },
  { key: 'window.status.vacationing', emoji: unicode('palm_tree', '1f334') },
  { key: 'window.status.remote', emoji: unicode('house', '1f3e0') },
  { key: 'window.status.office', emoji: unicode('office', '1f3e2') },
];
