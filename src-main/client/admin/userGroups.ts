import type { GroupMember, GroupRef, UserGroupsPage } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { mt } from '../../i18n/mainText';
import { groupPermissionsOf, type GroupPermissions } from '../../permissions/groupPermissions';
import {
  groupsHolding,
  isGroupSettingValue,
  isInGroupSetting,
} from '../../permissions/groupSettings';
import { recursiveSubgroupIds } from '../../permissions/groupNesting';
import { readerMay } from '../../permissions/readerPermissions';
import type { UserGroup } from '../../wire';
import type { Api, UserGroupRecord } from '../api';
import { markedGuests } from '../rules/drawingRules';
import { systemGroupLabel } from '../rules/groupSettingWords';

export interface UserGroupsDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<
    Api,
    | 'getUserGroups'
    | 'createUserGroup'
    | 'updateUserGroup'
    | 'deleteUserGroup'
    | 'updateUserGroupMembers'
    | 'updateUserGroupSubgroups'
  >;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

// The internet and nobody are not groups of people to put anywhere.
const notGroupsOfPeople = new Set(['role:internet', 'role:nobody']);
const roleGroupLabel = (name: string): string | undefined =>
  notGroupsOfPeople.has(name.replace(/^@/, '')) ? undefined : systemGroupLabel(name);

type AnyGroup = UserGroup | UserGroupRecord;

function groupRef(group: AnyGroup): GroupRef | null {
  const name = group.is_system_group === true ? roleGroupLabel(group.name) : group.name;
  return name === undefined ? null : { groupId: group.id, name };
}

/** The groups inside one, and those that may go inside it without a loop. */
function nesting(groups: readonly AnyGroup[], group: AnyGroup) {
  const nested = groups.map((other) => ({
    id: other.id,
    direct_subgroup_ids: other.direct_subgroup_ids ?? [],
  }));
  const inside = new Set(group.direct_subgroup_ids ?? []);
  const refs = (wanted: (other: AnyGroup) => boolean): GroupRef[] =>
    groups
      .filter(wanted)
      .flatMap((other) => groupRef(other) ?? [])
      .sort(byName);
  return {
    subgroups: refs((other) => inside.has(other.id)),
    subgroupChoices: refs(
      (other) => !inside.has(other.id) && !recursiveSubgroupIds(nested, other.id).has(group.id),
    ),
  };
}

// Zulip 10 (feature level 290) deactivates a group rather than deleting it;
// the update event leaves it in the state, marked.
const isDeactivated = (group: object): boolean =>
  (group as { deactivated?: unknown }).deactivated === true;

/**
 * Whether the reader may @-mention the group: Zulip's can_mention_group
 * (a group setting from feature level 198, a group ID from 191), anyone
 * where the server has none. `held`: the groups the reader belongs to.
 */
function mayMention(held: ReadonlySet<number>, userId: number, group: object): boolean {
  const setting = group as { can_mention_group?: unknown; can_mention_group_id?: unknown };
  const value = setting.can_mention_group ?? setting.can_mention_group_id;
  return !isGroupSettingValue(value) || isInGroupSetting(held, value, userId);
}

/** The groups people made that the reader may mention, by name, for the compose box to complete as @*name*. */
export function mentionableGroups(
  state: InitialState | null,
): { name: string; description: string }[] {
  const groups = state?.realm_user_groups ?? [];
  const userId = state?.user_id ?? -1;
  const held = groupsHolding(groups, userId);
  return groups
    .filter((group) => !group.is_system_group && !isDeactivated(group))
    .filter((group) => mayMention(held, userId, group))
    .map(({ name, description }) => ({ name, description }))
    .sort(byName);
}

// Joining is offered to those not yet in the group, leaving to its direct
// members: one in it only through a group inside it has nothing to leave.
const offers = (may: GroupPermissions, joined: boolean): GroupPermissions => ({
  ...may,
  join: may.join && !joined,
  leave: may.leave && joined,
});

/**
 * The user groups page: the groups people made, from the register state that
 * user_group events keep current, with their members by name and what the
 * reader may do to each; changes are made on the server only, which judges
 * them again.
 */
export class UserGroups {
  constructor(private readonly deps: UserGroupsDeps) {}

  async page(): Promise<UserGroupsPage> {
    const state = this.deps.state();
    // A server that registers no realm_user_groups is asked for them.
    const groups: AnyGroup[] = state?.realm_user_groups ?? (await this.deps.api().getUserGroups());
    const guests = markedGuests(state);
    const people = (state?.realm_users ?? [])
      .filter((user) => !user.is_bot)
      .map((user) => ({
        userId: user.user_id,
        fullName: user.full_name,
        guest: guests.has(user.user_id),
      }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName));
    const names = new Map(
      [...(state?.realm_users ?? []), ...(state?.realm_non_active_users ?? [])].map((user) => [
        user.user_id,
        user.full_name,
      ]),
    );
    const member = (userId: number): GroupMember => ({
      userId,
      fullName: names.get(userId) ?? mt('main.names.userById', { id: String(userId) }),
      guest: guests.has(userId),
    });
    const readerId = state?.user_id ?? null;
    const mayChange = groupPermissionsOf(
      state,
      groups.map((group) => ({ ...group, direct_subgroup_ids: group.direct_subgroup_ids ?? [] })),
    );
    return {
      groups: groups
        .filter((group) => group.is_system_group !== true && !isDeactivated(group))
        .sort(byName)
        .map((group) => ({
          groupId: group.id,
          name: group.name,
          description: group.description,
          members: group.members.map(member).sort((a, b) => a.fullName.localeCompare(b.fullName)),
          ...nesting(groups, group),
          may: offers(mayChange(group), readerId !== null && group.members.includes(readerId)),
        })),
      people,
      readerId,
      canCreate: readerMay(state).createGroups,
    };
  }

  async create(group: { name: string; description: string; members: number[] }): Promise<void> {
    await this.deps.api().createUserGroup(group);
  }

  async change(
    groupId: number,
    patch: { name?: string | undefined; description?: string | undefined },
  ): Promise<void> {
    await this.deps.api().updateUserGroup(groupId, patch);
  }

  async changeMembers(groupId: number, add: number[], remove: number[]): Promise<void> {
    await this.deps.api().updateUserGroupMembers(groupId, { add, delete: remove });
  }

  async changeSubgroups(groupId: number, add: number[], remove: number[]): Promise<void> {
    await this.deps.api().updateUserGroupSubgroups(groupId, { add, delete: remove });
  }

  async delete(groupId: number): Promise<void> {
    await this.deps.api().deleteUserGroup(groupId);
  }
}
