import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import type { Sql } from '../store/sql';
import { Role, setEmail, userByEmail, userById, type UserRow } from '../store/users';
import { idsWhoCanAccess } from './userAccess';

/**
 * Zulip 9's new_email of PATCH /users/{id} (feature level 313) is for an
 * administrator with can_change_user_emails, a permission the server's
 * operator grants. A Hearth host's operator is its organization's, and it
 * grants administrators this as it grants them creating users.
 */
export function checkMayChangeEmails(actor: UserRow): void {
  if (actor.role > Role.admin) throw errors.badRequest('User not authorized to change user emails');
}

/**
 * Zulip's checks of update_user_backend on a new email, made before anything
 * of the request is written: a well-formed address no account holds.
 */
export function checkNewEmail(sql: Sql, target: UserRow, newEmail: string): void {
  if (target.email === newEmail) return;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(newEmail)) {
    throw errors.badRequest('Invalid new email address.');
  }
  const holder = userByEmail(sql, newEmail);
  if (holder) {
    const why =
      holder.is_active === 1 ? 'Already has an account.' : 'Account has been deactivated.';
    throw errors.badRequest(`New email value error: ${why}`);
  }
}

/**
 * Zulip's do_change_user_delivery_email, where every email is visible:
 * those who may see the user hear the new delivery_email and the new
 * Zulip API email (`new_email`); a bot's `realm_bots` entry holds no email
 * since Zulip 12 (feature level 474), so no realm_bot event. The old email
 * no longer signs in.
 */
export function changeUserEmail(services: Services, target: UserRow, newEmail: string): void {
  if (target.email === newEmail) return;
  const { sql, queues } = services;
  sql.transaction(() => {
    checkNewEmail(sql, target, newEmail);
    setEmail(sql, target.id, newEmail);
  });
  services.authCache.forget(target.id);
  const changed = userById(sql, target.id);
  if (!changed) return;
  const hearers = idsWhoCanAccess(sql, changed);
  queues.notify(
    plainNotice('realm_user', {
      op: 'update',
      person: { user_id: target.id, delivery_email: newEmail },
    }),
    hearers,
  );
  queues.notify(
    plainNotice('realm_user', {
      op: 'update',
      person: { user_id: target.id, new_email: newEmail },
    }),
    hearers,
  );
}
