import { Role, type UserRow } from '../store/users';

/** Zulip's Realm.POLICY_* values: who in the organization may do something. */
export const Policy = {
  members: 1,
  admins: 2,
  fullMembers: 3,
  moderators: 4,
  everyone: 5,
  nobody: 6,
  owners: 7,
} as const;

// Zulip's UserProfile.has_permission. Hearth has no waiting period before a
// member counts as a full member, as Zulip's default of 0 days has none.
export function hasPolicyPermission(user: UserRow, policy: number): boolean {
  if (policy === Policy.nobody) return false;
  if (policy === Policy.everyone) return true;
  if (user.role === Role.owner) return true;
  if (policy === Policy.owners) return false;
  if (user.role <= Role.admin) return true;
  if (policy === Policy.admins) return false;
  if (user.role <= Role.moderator) return true;
  if (policy === Policy.moderators) return false;
  return user.role !== Role.guest;
}
