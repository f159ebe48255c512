/** Zulip's desktop_icon_count_display: what the dock, taskbar and tray count. */
export const iconCountDisplay = { allUnread: 1, dmsAndMentions: 2, none: 3 } as const;

export interface AccountUnread {
  /** Unread messages outside muted streams and topics, as Zulip's unread_msgs.count. */
  total: number;
  /** Unread direct messages and mentions, each message once. */
  dmsAndMentions: number;
  /** The account's desktop_icon_count_display; Zulip's default is 1. */
  display: number;
}

/** One account's share of the badge. */
export function accountBadge({ total, dmsAndMentions, display }: AccountUnread): number {
  if (display === iconCountDisplay.dmsAndMentions) return dmsAndMentions;
  if (display === iconCountDisplay.none) return 0;
  return total;
}

/** The number on the dock, taskbar and tray icon: each account by its own setting, summed. */
export function badgeCount(accounts: readonly AccountUnread[]): number {
  return accounts.reduce((sum, account) => sum + accountBadge(account), 0);
}
