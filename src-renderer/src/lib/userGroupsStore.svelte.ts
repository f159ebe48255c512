import type { CallArgs, ChatBridge, UserGroupsPage } from '../../../src-preload/bridge';
import { ServerPage } from './serverPage.svelte';

export type UserGroupDraft = CallArgs<'createUserGroup'>;

// The organization's user groups and their members. Changes go to the
// server; the page shows what its user_group events then say, as it does for
// a change made by someone else.
export class UserGroupsStore extends ServerPage<UserGroupsPage> {
  constructor(private readonly bridge: ChatBridge) {
    super(() => bridge.listUserGroups({}));
  }

  /** False when the server refused the group, its reason then in `error`. */
  create(draft: UserGroupDraft): Promise<boolean> {
    return this.send(() => this.bridge.createUserGroup(draft));
  }

  change(groupId: number, patch: { name?: string; description?: string }): Promise<boolean> {
    return this.send(() => this.bridge.changeUserGroup({ groupId, patch }));
  }

  addMembers(groupId: number, userIds: number[]): Promise<boolean> {
    return this.send(() =>
      this.bridge.changeUserGroupMembers({ groupId, add: userIds, remove: [] }),
    );
  }

  /** Zulip takes adding only oneself as joining, which a group may allow those it lets no one add. */
  join(groupId: number): Promise<boolean> {
    const readerId = this.page?.readerId;
    return readerId ? this.addMembers(groupId, [readerId]) : Promise.resolve(false);
  }

  leave(groupId: number): Promise<boolean> {
    const readerId = this.page?.readerId;
    return readerId ? this.removeMember(groupId, readerId) : Promise.resolve(false);
  }

  removeMember(groupId: number, userId: number): Promise<boolean> {
    return this.send(() =>
      this.bridge.changeUserGroupMembers({ groupId, add: [], remove: [userId] }),
    );
  }

  addSubgroup(groupId: number, subgroupId: number): Promise<boolean> {
    return this.send(() =>
      this.bridge.changeUserGroupSubgroups({ groupId, add: [subgroupId], remove: [] }),
    );
  }

  removeSubgroup(groupId: number, subgroupId: number): Promise<boolean> {
    return this.send(() =>
      this.bridge.changeUserGroupSubgroups({ groupId, add: [], remove: [subgroupId] }),
    );
  }

  delete(groupId: number): Promise<boolean> {
    return this.send(() => this.bridge.deleteUserGroup({ groupId }));
  }
}
