import { errors } from '../errors';
import type { Services } from '../services';
import { getRealm } from '../store/realm';
import { Role, type UserRow } from '../store/users';
import { requireAdministrator } from './groupPermission';
import { announceAll, stageBotDirectMessage, type Announcements } from './systemBotMessages';

// Zulip's Realm.MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH (feature level 416).
const MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH = 8000;

/** Zulip's length limit on welcome_message_custom_text, as its request checks word it. */
export function checkWelcomeMessageCustomText(text: string): void {
  if ([...text].length > MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH) {
    throw errors.badRequest(
      `welcome_message_custom_text is too long (limit: ${MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH} characters)`,
    );
  }
}

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

/**
 * Zulip 11's POST /realm/test_welcome_bot_custom_message (feature level
 * 416): Welcome Bot sends the administrator the custom text alone, as a
 * newcomer would get it; the answer is that message's ID.
 */
export function testWelcomeBotCustomMessage(
  services: Services,
  admin: UserRow,
  text: string,
): number {
  requireAdministrator(admin);
  checkWelcomeMessageCustomText(text);
  if (text.length === 0) throw errors.badRequest('Message must not be empty');
  const announcements: Announcements = [];
  const sent = services.sql.transaction(() =>
    stageBotDirectMessage(services, 'welcome', admin, text, announcements),
  );
  announceAll(announcements);
  if (sent === null) throw new Error('Welcome Bot is missing');
  return sent;
}
