import type { SidebarUser } from '../../../src-preload/bridge';
import { t } from './i18n.svelte';
import { shownPresence } from './userStatus';

/** Whether a person is found by what was typed: the start of their email, name, or a word of it. */
export function matchesPerson(user: { fullName: string; email: string }, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  const name = user.fullName.toLowerCase();
  return (
    wanted === '' ||
    user.email.toLowerCase().startsWith(wanted) ||
    name.startsWith(wanted) ||
    name.split(/\s+/).some((word) => word.startsWith(wanted))
  );
}

/** A name as Zulip writes a guest's where the organization asks it to: "Polonius (guest)". */
export const markedName = (fullName: string, guest: boolean | undefined): string =>
  guest === true ? t('window.people.guestName', { name: fullName }) : fullName;

/**
 * A private conversation's people by name, each guest marked as the
 * organization asks, and a muted person named by `nameOf` ("Muted user").
 */
export const guestMarked = (
  conversation: { names: readonly string[]; userIds: readonly number[] },
  guests: readonly number[],
  nameOf: (userId: number, name: string) => string = (_userId, name) => name,
): string =>
  conversation.names
    .map((name, index) => {
      const userId = conversation.userIds[index] ?? -1;
      return nameOf(userId, markedName(name, guests.includes(userId)));
    })
    .join(', ');

// Zulip's buddy_data level: the unavailable go with the offline.
const rank = { active: 0, idle: 1, offline: 2, away: 2 } as const;

/**
 * The people matching a search (any word of the name, or the email, by its
 * start), the active first, then the idle, then the rest, each by name; bots
 * after people, as Zulip's buddy list orders them.
 */
export function presenceOrder(users: readonly SidebarUser[], query: string): SidebarUser[] {
  return users
    .filter((user) => matchesPerson(user, query))
    .toSorted(
      (a, b) =>
        Number(a.isBot) - Number(b.isBot) ||
        rank[shownPresence(a)] - rank[shownPresence(b)] ||
        a.fullName.localeCompare(b.fullName),
    );
}
