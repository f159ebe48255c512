import type { InitialState } from '../wire/registerState';

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

/** Zulip's UserProfile roles; a smaller number may do more. */
export const RoleNumber = {
  owner: 100,
  admin: 200,
  moderator: 300,
  member: 400,
  guest: 600,
} as const;

// Zulip's UserProfile.has_permission. Hearth has no waiting period before a
// member counts as a full member, as Zulip's default of 0 days has none.
export function rolePermits(role: number, policy: unknown): boolean {
  if (policy === Policy.nobody) return false;
  if (policy === Policy.everyone) return true;
  if (role === RoleNumber.owner) return true;
  if (policy === Policy.owners) return false;
  if (role <= RoleNumber.admin) return true;
  if (policy === Policy.admins) return false;
  if (role <= RoleNumber.moderator) return true;
  if (policy === Policy.moderators) return false;
  return role !== RoleNumber.guest;
}

/** The reader's role, from the register state's is_owner, is_admin, is_moderator and is_guest. */
export function roleNumberOf(state: InitialState): number {
  if (state['is_owner'] === true) return RoleNumber.owner;
  if (state.is_admin === true) return RoleNumber.admin;
  if (state['is_moderator'] === true) return RoleNumber.moderator;
  return state.is_guest === true ? RoleNumber.guest : RoleNumber.member;
}

/** Zulip 7.0's feature level: what Hearth hosts speak, and the oldest the client does. */
export const zulip7FeatureLevel = 185;

/** The feature level the state came from; Hearth hosts and saved states without one speak 7.0's. */
export function featureLevelOf(state: InitialState): number {
  const level = state['zulip_feature_level'];
  return typeof level === 'number' ? level : zulip7FeatureLevel;
}
