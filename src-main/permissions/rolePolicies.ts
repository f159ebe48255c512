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

/**
 * The register's `is_moderator` for the reader's role. From Zulip 11
 * (feature level 380) it is true for administrators and owners too, as
 * `is_admin` is for owners; before, for moderators alone.
 */
export function isModeratorFlag(role: number, featureLevel: number): boolean {
  return featureLevel >= 380 ? role <= RoleNumber.moderator : role === RoleNumber.moderator;
}

/** Zulip's STREAM_POST_POLICY_* values: who may post in a channel. */
export const StreamPostPolicy = { everyone: 1, admins: 2, fullMembers: 3, moderators: 4 } as const;

// Zulip's migration from each stream_post_policy to the system group of
// can_send_message_group (IDs as every Hearth organization numbers them).
const sendGroupOfPolicy: Record<number, number> = { 1: 6, 2: 2, 3: 4, 4: 3 };

/** The group can_send_message_group takes for a stream_post_policy. */
export const sendGroupOfPostPolicy = (policy: number): number => sendGroupOfPolicy[policy] ?? 6;

/**
 * The stream_post_policy a can_send_message_group amounts to, for clients of
 * Zulip 7.0: one no policy expresses (a group of people) reads as
 * administrators only, the policy that promises least.
 */
export function postPolicyOfSendGroup(value: unknown): number {
  const found = Object.entries(sendGroupOfPolicy).find(([, group]) => group === value);
  return found ? Number(found[0]) : StreamPostPolicy.admins;
}
