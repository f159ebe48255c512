import type { Services } from '../services';
import type { UserRow } from '../store/users';
import {
  announceAll,
  silentMention,
  stageBotDirectMessage,
  type Announcements,
} from './systemBotMessages';

/**
 * Zulip's notify_referrer_on_join (feature level 267): Notification Bot tells
 * whoever invited a newcomer that they joined, if the inviter is still here.
 * Stored in the caller's transaction.
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

/** The same, in a transaction of its own, announced once it commits. */
export function tellReferrerOfJoin(services: Services, referrer: UserRow, newcomer: UserRow): void {
  const announcements: Announcements = [];
  services.sql.transaction(() => stageReferrerNotice(services, referrer, newcomer, announcements));
  announceAll(announcements);
}
