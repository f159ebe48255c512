import type { PersonStatus, SidebarUser, Snapshot, StatusEmoji } from '../../../src-preload/bridge';
import { emojiGlyph } from '../../../src-main/wire/emojiGlyph';
import { t, type MessageKey } from './i18n.svelte';

/** Zulip's limit on a status text, in characters; the bridge and the server hold to it too. */
export const MAX_STATUS_TEXT_LENGTH = 60;

/** How a person's dot shows them: their presence, or unavailable when they chose to be. */
export type ShownPresence = SidebarUser['presence'] | 'away';

/** How a dot's state is said, read as it is shown, in the language of the moment. */
export const presenceLabels: Readonly<Record<ShownPresence, string>> = {
  get active() {
    return t('window.presence.active');
  },
  get idle() {
    return t('window.presence.idle');
  },
  get offline() {
    return t('window.presence.offline');
  },
  get away() {
    return t('window.presence.away');
  },
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

// A status chosen is saved in the words it was shown in, as Zulip's web app saves it.
const preset = (key: MessageKey, emoji: StatusEmoji) => ({
  get text() {
    return t(key);
  },
  emoji,
});

/** Zulip's web app's statuses to choose from, with their emoji, under Zulip's names for them. */
export const statusPresets: readonly { text: string; emoji: StatusEmoji }[] = [
  preset('window.status.busy', unicode('working_on_it', '1f6e0')),
  preset('window.status.meeting', unicode('calendar', '1f4c6')),
  preset('window.status.commuting', unicode('bus', '1f68c')),
  preset('window.status.sick', unicode('hurt', '1f915')),
  preset('window.status.vacationing', unicode('palm_tree', '1f334')),
  preset('window.status.remote', unicode('house', '1f3e0')),
  preset('window.status.office', unicode('office', '1f3e2')),
];
