import { z } from 'zod';
import { apiSuccessSchema } from '../../wire';
import type { HttpClient } from './http';

// An element of GET /user_groups (and of register's realm_user_groups).
const userGroupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.number().int()),
  // Servers before Zulip 6.0 have no system groups and no subgroups.
  is_system_group: z.boolean().optional(),
  direct_subgroup_ids: z.array(z.number().int()).optional(),
});
export type UserGroupRecord = z.infer<typeof userGroupSchema>;

export interface NewUserGroup {
  name: string;
  description: string;
  members: readonly number[];
}

// Zulip 10 (feature level 290) deactivates user groups; 294 removed their deletion.
const groupDeactivationSince = 290;

/** The organization's user groups, their members and their subgroups. */
export interface UserGroupsApi {
  /** Zulip's GET /user_groups. */
  getUserGroups(): Promise<UserGroupRecord[]>;
  /** Zulip's POST /user_groups/create: the new group's ID, where the server says it (Hearth and Zulip 10+). */
  createUserGroup(group: NewUserGroup): Promise<number | null>;
  /** Zulip's PATCH /user_groups/{id}. */
  updateUserGroup(
    groupId: number,
    changes: { name?: string | undefined; description?: string | undefined },
  ): Promise<void>;
  deleteUserGroup(groupId: number): Promise<void>;
  /** Zulip's POST /user_groups/{id}/members. */
  updateUserGroupMembers(
    groupId: number,
    change: { add: readonly number[]; delete: readonly number[] },
  ): Promise<void>;
  /** Zulip's POST /user_groups/{id}/subgroups (Zulip 6.0). */
  updateUserGroupSubgroups(
    groupId: number,
    change: { add: readonly number[]; delete: readonly number[] },
  ): Promise<void>;
}

export function userGroupsApi(http: HttpClient, featureLevel: () => number): UserGroupsApi {
  return {
    async getUserGroups() {
      const schema = z.looseObject({ user_groups: z.array(userGroupSchema) });
      return (await http.request('GET', 'user_groups', {}, schema)).user_groups;
    },
    async createUserGroup({ name, description, members }) {
      const schema = z.looseObject({ group_id: z.number().int().optional() });
      const params = { name, description, members: [...members] };
      return (await http.request('POST', 'user_groups/create', params, schema)).group_id ?? null;
    },
    async updateUserGroup(groupId, changes) {
      await http.request('PATCH', `user_groups/${groupId}`, changes, apiSuccessSchema);
    },
    async deleteUserGroup(groupId) {
      if (featureLevel() >= groupDeactivationSince) {
        await http.request('POST', `user_groups/${groupId}/deactivate`, {}, apiSuccessSchema);
      } else {
        await http.request('DELETE', `user_groups/${groupId}`, {}, apiSuccessSchema);
      }
    },
    async updateUserGroupMembers(groupId, change) {
      const params = { add: [...change.add], delete: [...change.delete] };
      await http.request('POST', `user_groups/${groupId}/members`, params, apiSuccessSchema);
    },
    async updateUserGroupSubgroups(groupId, change) {
      const params = { add: [...change.add], delete: [...change.delete] };
      await http.request('POST', `user_groups/${groupId}/subgroups`, params, apiSuccessSchema);
    },
  };
}
