import type { InitialState } from '../../src-main/wire/registerState';
import type { UserGroup } from '../../src-main/wire';

// An organization on a modern Zulip server, for the permission tests: one
// person of each role, and Zulip's system groups nested as Zulip nests them,
// each role's group holding the one above it.
export const owner = 1;
export const admin = 2;
export const moderator = 3;
export const alice = 4;
export const bob = 5;
export const guest = 6;
export const everybody = [owner, admin, moderator, alice, bob, guest];

/** The system groups, and two groups people made: gardeners (Bob) inside outdoors. */
export const groupIds = {
  owners: 1,
  administrators: 2,
  moderators: 3,
  fullMembers: 4,
  members: 5,
  everyone: 6,
  nobody: 8,
  gardeners: 10,
  outdoors: 11,
};

/** What register says of each person's role. */
export const roles: Record<number, Partial<InitialState>> = {
  [owner]: { is_owner: true, is_admin: true },
  [admin]: { is_admin: true },
  [moderator]: { is_moderator: true },
  [alice]: {},
  [bob]: {},
  [guest]: { is_guest: true },
};

/** A user group as register lists it; a `role:…` name makes it a system group. */
export const userGroup = (
  id: number,
  name: string,
  members: number[],
  subgroups: number[],
  settings: Record<string, unknown> = {},
): UserGroup => ({
  id,
  name,
  description: '',
  members,
  direct_subgroup_ids: subgroups,
  is_system_group: name.startsWith('role:'),
  ...settings,
});

/** Zulip's system groups, nested, each with the settings given. */
export const systemGroups = (settings: Record<string, unknown> = {}): UserGroup[] => [
  userGroup(1, 'role:owners', [owner], [], settings),
  userGroup(2, 'role:administrators', [admin], [1], settings),
  userGroup(3, 'role:moderators', [moderator], [2], settings),
  userGroup(4, 'role:fullmembers', [alice, bob], [3], settings),
  userGroup(5, 'role:members', [], [4], settings),
  userGroup(6, 'role:everyone', [guest], [5], settings),
  userGroup(7, 'role:internet', [], [6], settings),
  userGroup(8, 'role:nobody', [], [], settings),
];
