import { z } from 'zod';
import type { Context } from './context';
import {
  badRequest,
  insufficientPermission,
  invalidArgument,
  mustBeOwner,
  noSuchUser,
} from './errors';
import type { Org } from './org';
import { int, parseParams, type RawParams } from './params';
import { changeRole, roles } from './roleGroups';
import { announceUserChange, checkFullName } from './updateSettings';

const updateUserSchema = z.object({
  full_name: z.string().optional(),
  role: int.optional(),
});

const owners = (org: Org) => org.allUserIds().filter((id) => org.user(id)?.role === 100);

/** The user an administrator acts on, refused as Zulip's access_user_by_id(for_admin) refuses. */
export function userForAdmin(org: Org, actorId: number, userId: number) {
  const target = org.users.get(userId);
  if (!target) throw noSuchUser();
  if (!org.isAdmin(actorId)) throw insufficientPermission();
  return target;
}

/**
 * PATCH /users/{user_id}, for administrators: another user's name and role.
 * Only owners give or take the owner role, and the only owner keeps it.
 */
export function updateUser(context: Context, actorId: number, userId: number, raw: RawParams) {
  const { org } = context;
  const target = userForAdmin(org, actorId, userId);
  const params = parseParams(updateUserSchema, raw);
  if (params.role !== undefined) {
    if (!roles.includes(params.role)) throw invalidArgument('role');
    const touchesOwner = params.role === 100 || target.role === 100;
    if (touchesOwner && org.user(actorId)?.role !== 100) throw mustBeOwner();
    const lastOwner = target.role === 100 && owners(org).length === 1 && target.is_active;
    if (lastOwner && params.role !== 100) {
      throw badRequest('The owner permission cannot be removed from the only organization owner.');
    }
  }
  const fullName =
    params.full_name === undefined ? undefined : checkFullName(org, userId, params.full_name, true);
  if (fullName !== undefined && fullName !== target.full_name) {
    target.full_name = fullName;
    announceUserChange(context, { user_id: userId, full_name: fullName });
  }
  if (params.role !== undefined) changeRole(context, userId, params.role);
}
