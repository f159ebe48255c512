import { zulip7FeatureLevel } from '../../permissions/rolePolicies';

/** What the dock, taskbar and tray count, as Zulip's desktop_icon_count_display chooses. */
export type IconCount = 'allUnread' | 'dmsMentionsAndFollowed' | 'dmsAndMentions' | 'none';

// Zulip 7.0's numbers for desktop_icon_count_display, which Hearth hosts keep.
const zulip7IconCountDisplay = { allUnread: 1, dmsAndMentions: 2, none: 3 } as const;

// Zulip 8 (feature level 227) put "DMs, mentions, and followed topics" second
// and numbered the choices after it one higher.
const followedTopicsCountSince = 227;
const zulip8IconCountDisplay = {
  allUnread: 1,
  dmsMentionsAndFollowed: 2,
  dmsAndMentions: 3,
  none: 4,
} as const;

/** The choices of desktop_icon_count_display a server at this feature level takes, by its numbers. */
export function iconCountChoices(
  featureLevel: number,
): readonly { value: number; counts: IconCount }[] {
  const numbers: Partial<Record<IconCount, number>> =
    featureLevel >= followedTopicsCountSince ? zulip8IconCountDisplay : zulip7IconCountDisplay;
  return Object.entries(numbers).map(([counts, value]) => ({ value, counts: counts as IconCount }));
}

/** What a desktop_icon_count_display counts on a server at this feature level; an unknown number counts all. */
export function iconCountOf(display: number, featureLevel: number): IconCount {
  return (
    iconCountChoices(featureLevel).find((choice) => choice.value === display)?.counts ?? 'allUnread'
  );
}

export interface AccountUnread {
  /** Unread messages outside muted streams and topics, as Zulip's unread_msgs.count. */
  total: number;
  /** Unread direct messages and mentions, each message once. */
  dmsAndMentions: number;
  /** Those and the unread messages of followed topics, each once; none before Zulip 8. */
  dmsMentionsAndFollowed?: number;
  /** The account's desktop_icon_count_display; Zulip's default is 1. */
  display: number;
  /** The server's feature level, which numbers `display`; Zulip 7.0's when left out. */
  featureLevel?: number;
}

/** One account's share of the badge. */
export function accountBadge(unread: AccountUnread): number {
  const { total, dmsAndMentions, dmsMentionsAndFollowed, display, featureLevel } = unread;
  switch (iconCountOf(display, featureLevel ?? zulip7FeatureLevel)) {
    case 'dmsMentionsAndFollowed':
      return dmsMentionsAndFollowed ?? dmsAndMentions;
    case 'dmsAndMentions':
      return dmsAndMentions;
    case 'none':
      return 0;
    case 'allUnread':
      return total;
  }
}

/** The number on the dock, taskbar and tray icon: each account by its own setting, summed. */
export function badgeCount(accounts: readonly AccountUnread[]): number {
  return accounts.reduce((sum, account) => sum + accountBadge(account), 0);
}
