import { deleteClientDevicesOf } from '../store/clientDevices';
import { idsWhoCanAccess } from './userAccess';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { systemGroupIdsForRole } from '../queries/systemGroups';
import type { Services } from '../services';
import { botsOwnedBy } from '../store/bots';
import { revokeInvitesBy } from '../store/invites';
import type { Sql } from '../store/sql';
import {
  activeOwnerIds,
  activeUserIds,
  Role,
  setActive,
  setRole,
  userById,
  type UserRow,
} from '../store/users';
import { activationBefore, announceDeactivation, announceReactivation } from './activationEvents';
import { announceFullName } from './changeFullName';
import { announceDeletion } from './deletedMessages';
import { applyDeactivationActions, type DeactivationActions } from './deactivationActions';
import { roleVisibilityNotices, visibilityOf } from './roleVisibility';
import { requireAdministrator } from './groupPermission';

/** Zulip's UserProfile.ROLE_TYPES. */
export const roleTypes: readonly number[] = [
  Role.owner,
  Role.admin,
  Role.moderator,
  Role.member,
  Role.guest,
];

interface Access {
  allowDeactivated: boolean;
  allowBots: boolean;
}

/**
 * Zulip's access_user_by_id with for_admin: administrators act on anyone,
 * an owner of a bot on that bot; a user who does not exist, or a bot where
 * none is allowed, is "No such user".
 */
export function accessUserForAdmin(
  sql: Sql,
  actor: UserRow,
  userId: number,
  access: Access,
): UserRow {
  const target = userById(sql, userId);
  // Zulip's system bots are outside the organization, beyond any administrator.
  if (!target || target.is_system_bot === 1 || (target.is_bot === 1 && !access.allowBots)) {
    throw errors.badRequest('No such user');
  }
  if (target.is_active !== 1 && !access.allowDeactivated) {
    throw errors.badRequest('User is deactivated');
  }
  if (actor.role > Role.admin && target.bot_owner_id !== actor.id) {
    throw errors.badRequest('Insufficient permission');
  }
  return target;
}

const isLastOwner = (sql: Sql, user: UserRow) =>
  user.role === Role.owner && activeOwnerIds(sql).every((id) => id === user.id);

/**
 * Zulip 7.0's do_change_user_role from PATCH /users/{id}: only owners make
 * or unmake owners, the last owner stays one, and everyone hears of the new
 * role and of the system groups it moves the user between. The user also
 * learns of the streams, default streams and bots the new role shows or
 * hides, which Zulip's own client refetches.
 */
export function changeUserRole(
  services: Services,
  actor: UserRow,
  userId: number,
  role: number,
): void {
  const { sql, queues } = services;
  const result = sql.transaction(() => {
    const target = accessUserForAdmin(sql, actor, userId, {
      allowDeactivated: true,
      allowBots: true,
    });
    if (target.role === role) return null;
    if ((role === Role.owner || target.role === Role.owner) && actor.role !== Role.owner) {
      throw errors.unauthorizedPrincipal('Must be an organization owner');
    }
    requireAdministrator(actor);
    if (isLastOwner(sql, target)) {
      throw errors.badRequest(
        'The owner permission cannot be removed from the only organization owner.',
      );
    }
    const before = visibilityOf(sql, target);
    setRole(sql, target.id, role);
    const changed = userById(sql, target.id);
    if (!changed) throw new Error('user vanished inside its own transaction');
    return { target, changed, followUps: roleVisibilityNotices(sql, before, changed) };
  });
  if (!result) return;
  const { target, changed, followUps } = result;
  services.authCache.forget(target.id);
  const audience = activeUserIds(sql);
  queues.notify(
    plainNotice('realm_user', { op: 'update', person: { user_id: target.id, role } }),
    idsWhoCanAccess(sql, changed),
  );
  // A deactivated user is in no group (feature level 303) until reactivated.
  const active = changed.is_active === 1;
  const oldGroups = active ? systemGroupIdsForRole(target.role) : [];
  const newGroups = active ? systemGroupIdsForRole(role) : [];
  for (const groupId of oldGroups.filter((id) => !newGroups.includes(id))) {
    queues.notify(
      plainNotice('user_group', { op: 'remove_members', group_id: groupId, user_ids: [target.id] }),
      audience,
    );
  }
  for (const groupId of newGroups.filter((id) => !oldGroups.includes(id))) {
    queues.notify(
      plainNotice('user_group', { op: 'add_members', group_id: groupId, user_ids: [target.id] }),
      audience,
    );
  }
  if (active) {
    for (const notice of followUps) queues.notify(notice, [changed.id]);
  }
}

/**
 * Zulip's do_deactivate_user: the account and its bots can no longer sign
 * in or use their keys (at once: the authentication cache forgets them),
 * and everyone hears it as Zulip 12 tells it (announceDeactivation). Its
 * messages stay unless `actions` asks otherwise (feature level 459), which
 * apply to the bots first, as the deactivation does. An account already
 * deactivated is left as it is.
 */
export function deactivateAccount(
  services: Services,
  user: UserRow,
  actions: DeactivationActions = {},
  actorId: number = user.id,
): void {
  const { sql } = services;
  if (user.is_active !== 1) return;
  const gone = sql.transaction(() => {
    const bots =
      user.is_bot === 1 ? [] : botsOwnedBy(sql, user.id).filter((bot) => bot.is_active === 1);
    // Zulip deactivates the bots first, each with its own events.
    const steps = [...bots, user].map((account) => {
      const before = activationBefore(sql, account);
      setActive(sql, account.id, false);
      // Its phones are no longer notified: they sign in again if it is reactivated.
      deleteClientDevicesOf(sql, account.id);
      return { account, before, done: applyDeactivationActions(sql, actorId, account, actions) };
    });
    // Zulip's revoke_invites_generated_by_user.
    revokeInvitesBy(sql, user.id);
    return steps;
  });
  for (const { account, before, done } of gone) {
    services.authCache.forget(account.id);
    const deactivated = { ...(done.renamed?.after ?? account), is_active: 0 };
    if (done.renamed) announceFullName(services, done.renamed.before, deactivated);
    for (const deletion of done.deletions) announceDeletion(services, deletion);
    announceDeactivation(services, deactivated, before);
  }
}

/** Zulip's DELETE /users/{id}: administrators deactivate anyone but the last owner. */
export function deactivateUserByAdmin(
  services: Services,
  actor: UserRow,
  userId: number,
  actions: DeactivationActions = {},
): void {
  const { sql } = services;
  requireAdministrator(actor);
  const target = accessUserForAdmin(sql, actor, userId, {
    allowDeactivated: false,
    allowBots: false,
  });
  if (target.role === Role.owner && actor.role !== Role.owner) {
    throw errors.unauthorizedPrincipal('Must be an organization owner');
  }
  if (isLastOwner(sql, target))
    throw errors.badRequest('Cannot deactivate the only organization owner');
  deactivateAccount(services, target, actions, actor.id);
}

/**
 * Zulip's do_reactivate_user: the account signs in again with its old key,
 * is back in its groups and streams, and everyone who may see it hears so
 * (announceReactivation).
 */
export function reactivateUser(services: Services, actor: UserRow, userId: number): void {
  const { sql } = services;
  requireAdministrator(actor);
  const target = accessUserForAdmin(sql, actor, userId, {
    allowDeactivated: true,
    allowBots: true,
  });
  if (target.is_active === 1) return;
  const before = sql.transaction(() => {
    const taken = activationBefore(sql, target);
    setActive(sql, target.id, true);
    return taken;
  });
  services.authCache.forget(target.id);
  announceReactivation(services, { ...target, is_active: 1 }, before);
}
