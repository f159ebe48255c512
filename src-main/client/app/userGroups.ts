import type { GroupMember, UserGroupsPage } from '../../../src-preload/bridge';
import type { InitialState } from '../../state/applyEvent';
import type { UserGroup } from '../../wire';
import type { Api, UserGroupRecord } from '../api';
import { roleOf } from './accountRole';

export interface UserGroupsDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<
    Api,
    | 'getUserGroups'
    | 'createUserGroup'
    | 'updateUserGroup'
    | 'deleteUserGroup'
    | 'updateUserGroupMembers'
  >;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The groups people made, by name, for the compose box to complete as @*name*. */
export function mentionableGroups(
  state: InitialState | null,
): { name: string; description: string }[] {
  return (state?.realm_user_groups ?? [])
    .filter((group) => !group.is_system_group)
    .map(({ name, description }) => ({ name, description }))
    .sort(byName);
}

/**
 * The user groups page: the groups people made, from the register state that
 * user_group events keep current, with their members by name; changes are
 * made on the server only, which judges who may make them.
 */
export class UserGroups {
  constructor(private readonly deps: UserGroupsDeps) {}

  async page(): Promise<UserGroupsPage> {
    const state = this.deps.state();
    // A server that registers no realm_user_groups is asked for them.
    const groups: (UserGroup | UserGroupRecord)[] =
      state?.realm_user_groups ?? (await this.deps.api().getUserGroups());
    const people = (state?.realm_users ?? [])
      .filter((user) => !user.is_bot)
      .map((user) => ({ userId: user.user_id, fullName: user.full_name }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName));
    const names = new Map(
      [...(state?.realm_users ?? []), ...(state?.realm_non_active_users ?? [])].map((user) => [
        user.user_id,
        user.full_name,
      ]),
    );
    const member = (userId: number): GroupMember => ({
      userId,
      fullName: names.get(userId) ?? `User ${userId}`,
    });
    return {
      groups: groups
        .filter((group) => group.is_system_group !== true)
        .sort(byName)
        .map((group) => ({
          groupId: group.id,
          name: group.name,
          description: group.description,
          members: group.members.map(member).sort((a, b) => a.fullName.localeCompare(b.fullName)),
        })),
      people,
      canEdit: roleOf(state) !== 'guest',
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

  async delete(groupId: number): Promise<void> {
    await this.deps.api().deleteUserGroup(groupId);
  }
}
