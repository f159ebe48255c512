import type { SidebarUser } from '../../../src-preload/bridge';

const rank = { active: 0, idle: 1, offline: 2 } as const;

/**
 * The people matching a search (any word of the name, or the email, by its
 * start), the active first, then the idle, then the rest, each by name; bots
 * after people, as Zulip's buddy list orders them.
 */
export function presenceOrder(users: readonly SidebarUser[], query: string): SidebarUser[] {
  const wanted = query.trim().toLowerCase();
  const matches = (user: SidebarUser): boolean =>
    wanted === '' ||
    user.email.toLowerCase().startsWith(wanted) ||
    user.fullName.toLowerCase().startsWith(wanted) ||
    user.fullName
      .toLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(wanted));
  return users
    .filter(matches)
    .toSorted(
      (a, b) =>
        Number(a.isBot) - Number(b.isBot) ||
        rank[a.presence] - rank[b.presence] ||
        a.fullName.localeCompare(b.fullName),
    );
}
