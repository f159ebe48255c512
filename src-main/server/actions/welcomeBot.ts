import type { Services } from '../services';
import { getRealm } from '../store/realm';
import { Role, type UserRow } from '../store/users';
import { announceAll, stageBotDirectMessage, type Announcements } from './systemBotMessages';

// Zulip's send_initial_direct_message, for an organization on a Hearth host:
// no onboarding conversations, no demo organization, no tour video.
function greeting(newcomer: UserRow): string {
  const guide =
    'To learn more, check out our [getting started guide](/help/getting-started-with-zulip)!';
  const setup =
    newcomer.role <= Role.admin
      ? ' We also have a guide for [moving your organization to Zulip](/help/moving-to-zulip).'
      : '';
  return `Hello, and welcome to Zulip!👋\n\n${guide}${setup}`;
}

/**
 * Zulip 11's Welcome Bot (feature level 416): its greeting to a newcomer, and
 * then the organization's welcome_message_custom_text, or the invitation's
 * own text where it gives one (`customText`), stored in the caller's
 * transaction.
 */
export function stageWelcomeMessages(
  services: Services,
  newcomer: UserRow,
  announcements: Announcements,
  customText?: string,
): void {
  stageBotDirectMessage(services, 'welcome', newcomer, greeting(newcomer), announcements);
  const text = customText ?? getRealm(services.sql)?.welcome_message_custom_text ?? '';
  if (text.trim() === '') return;
  stageBotDirectMessage(services, 'welcome', newcomer, text, announcements);
}

/** Welcome Bot's messages to someone who has just joined, each with its events. */
export function welcomeNewcomer(services: Services, newcomer: UserRow, customText?: string): void {
  const announcements: Announcements = [];
  services.sql.transaction(() =>
    stageWelcomeMessages(services, newcomer, announcements, customText),
  );
  announceAll(announcements);
}
