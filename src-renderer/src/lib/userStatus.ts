import type { PersonStatus, SidebarUser, Snapshot, StatusEmoji } from '../../../src-preload/bridge';
import { emojiGlyph } from '../../../src-main/wire/emojiGlyph';

/** Zulip's limit on a status text, in characters; the bridge and the server hold to it too. */
export const MAX_STATUS_TEXT_LENGTH = 60;

/** How a person's dot shows them: their presence, or unavailable when they chose to be. */
export type ShownPresence = SidebarUser['presence'] | 'away';

export const presenceLabels: Readonly<Record<ShownPresence, string>> = {
  active: 'Active',
  idle: 'Idle',
  offline: 'Offline',
  away: 'Unavailable',
};

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

/** Zulip's web app's statuses to choose from, with their emoji, under Zulip's names for them. */
export const statusPresets: readonly { text: string; emoji: StatusEmoji }[] = [
  { text: 'Busy', emoji: unicode('working_on_it', '1f6e0') },
  { text: 'In a meeting', emoji: unicode('calendar', '1f4c6') },
  { text: 'Commuting', emoji: unicode('bus', '1f68c') },
  { text: 'Out sick', emoji: unicode('hurt', '1f915') },
  { text: 'Vacationing', emoji: unicode('palm_tree', '1f334') },
  { text: 'Working remotely', emoji: unicode('house', '1f3e0') },
  { text: 'At the office', emoji: unicode('office', '1f3e2') },
];
