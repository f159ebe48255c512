import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { silentMention, stageBotDirectMessage, type Announcements } from './systemBotMessages';

/**
 * Zulip's notify_referrer_on_join (feature level 267): Notification Bot tells
 * whoever invited a newcomer that they joined, if the inviter is still here.
 * Stored in the caller's transaction, which announces it.
 */
export function stageReferrerNotice(
  services: Services,
  referrer: UserRow,
  newcomer: UserRow,
  announcements: Announcements,
): void {
  if (referrer.is_active !== 1) return;
  const content = `${silentMention(newcomer)} accepted your invitation to join Zulip!`;
  stageBotDirectMessage(services, 'notification', referrer, content, announcements);
}
