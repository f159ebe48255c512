import { idsWhoCanAccess } from './userAccess';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { avatarChangesWithName, avatarUrl } from '../shape/avatars';
import { setFullName, userById, type UserRow } from '../store/users';
import { checkNameUnique } from './uniqueNames';
import { checkFullName } from './validate';

/**
 * Zulip 7.0's check_change_full_name then do_change_full_name: the name is
 * checked and trimmed; a new one is stored and announced to everyone by a
 * `realm_user` update. Returns the name as stored.
 */
export function changeFullName(services: Services, user: UserRow, wanted: string): string {
  const { sql } = services;
  const fullName = checkFullName(wanted);
  if (fullName === user.full_name) return fullName;
  checkNameUnique(sql, fullName, user.id);
  sql.transaction(() => setFullName(sql, user.id, fullName, avatarChangesWithName(user, fullName)));
  // The authenticated user's row is cached with its name.
  services.authCache.forget(user.id);
  const renamed = userById(sql, user.id) ?? user;
  announceFullName(services, user, renamed);
  return fullName;
}

/**
 * The events of do_change_full_name once the new name is stored: a
 * `realm_user` update to everyone who may see the person, a bot included;
 * since Zulip 12 (feature level 474) its `realm_bots` entry holds neither
 * name nor avatar. Where the drawn avatar changed with the name, the events
 * of Zulip's do_change_avatar_fields follow.
 */
export function announceFullName(services: Services, before: UserRow, after: UserRow): void {
  const { sql, queues } = services;
  // Zulip 8 (feature level 228): only those who may see the person hear of it.
  const everyone = idsWhoCanAccess(sql, after);
  const tell = (person: Record<string, unknown>) =>
    queues.notify(plainNotice('realm_user', { op: 'update', person }), everyone);
  tell({ user_id: after.id, full_name: after.full_name });
  if (after.avatar_version === before.avatar_version) return;
  const url = avatarUrl(after);
  tell({
    user_id: after.id,
    // Register's avatar_source: the host serves the picture, which no client computes.
    avatar_source: 'U',
    avatar_url: url,
    avatar_url_medium: url,
    avatar_version: after.avatar_version,
  });
}
