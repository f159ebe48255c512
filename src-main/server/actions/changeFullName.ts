import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { botById, type BotRow } from '../store/bots';
import { activeUserIds, setFullName, type UserRow } from '../store/users';
import { botEventRecipients } from './botAccess';
import { checkFullName } from './validate';

/**
 * Zulip 7.0's check_change_full_name then do_change_full_name: the name is
 * checked and trimmed; a new one is stored and announced to everyone by a
 * `realm_user` update, and a bot's also to those who see its `realm_bots`.
 * Returns the name as stored.
 */
export function changeFullName(services: Services, user: UserRow, wanted: string): string {
  const { sql } = services;
  const fullName = checkFullName(wanted);
  if (fullName === user.full_name) return fullName;
  sql.transaction(() => setFullName(sql, user.id, fullName));
  // The authenticated user's row is cached with its name.
  services.authCache.forget(user.id);
  announceFullName(
    services,
    user.id,
    fullName,
    user.is_bot === 1 ? botById(sql, user.id) : undefined,
  );
  return fullName;
}

/**
 * The events of do_change_full_name once the new name is stored: a
 * `realm_user` update to everyone, and for a bot a `realm_bot` update to
 * those who see it.
 */
export function announceFullName(
  services: Services,
  userId: number,
  fullName: string,
  bot: BotRow | undefined,
): void {
  const { sql, queues } = services;
  const person = { user_id: userId, full_name: fullName };
  queues.notify(plainNotice('realm_user', { op: 'update', person }), activeUserIds(sql));
  if (bot) {
    queues.notify(
      plainNotice('realm_bot', { op: 'update', bot: person }),
      botEventRecipients(sql, bot),
    );
  }
}
