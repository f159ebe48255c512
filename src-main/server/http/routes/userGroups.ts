import { z } from 'zod';
import {
  createUserGroup,
  updateUserGroup,
  updateUserGroupMembers,
  updateUserGroupSubgroups,
} from '../../actions/userGroupAdmin';
import { deactivateUserGroup } from '../../actions/userGroupDeactivation';
import { groupSettingChange, groupSettingValue } from '../../actions/groupSettingChange';
import { errors } from '../../errors';
import { recursiveSubgroupIds } from '../../../permissions/groupNesting';
import { groupMemberIds } from '../../queries/groupMembership';
import { userGroupsState } from '../../queries/systemGroups';
import { userGroupSettingColumns } from '../../store/userGroups';
import { userById } from '../../store/users';
import { userEndpoint } from '../endpoint';
import { groupSettingParams } from '../groupSettingParams';
import { optional, required } from '../params';

const groupId = required('json', z.number().int().nonnegative());

const userIds = z.array(z.number().int());
const groupIds = z.array(z.number().int());

export const getUserGroupsEndpoint = userEndpoint({
  method: 'GET',
  path: '/user_groups',
  params: { include_deactivated_groups: optional('json', z.boolean(), false) },
  handle: ({ services, params }) => ({
    user_groups: userGroupsState(services.sql, params.include_deactivated_groups),
  }),
});

export const createUserGroupEndpoint = userEndpoint({
  method: 'POST',
  path: '/user_groups/create',
  params: {
    name: required('text', z.string()),
    description: required('text', z.string()),
    members: required('json', userIds),
    // Zulip 10 (feature level 311).
    subgroups: optional('json', groupIds, []),
    ...groupSettingParams(userGroupSettingColumns, groupSettingValue),
  },
  handle: ({ services, user, params }) => {
    const { name, description, members, subgroups, ...settings } = params;
    return {
      group_id: createUserGroup(services, user, {
        name,
        description,
        members,
        subgroups,
        settings,
      }),
    };
  },
});

export const updateUserGroupEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/user_groups/:user_group_id',
  params: {
    user_group_id: groupId,
    name: optional('text', z.string()),
    description: optional('text', z.string()),
    deactivated: optional('json', z.boolean()),
    ...groupSettingParams(userGroupSettingColumns, groupSettingChange),
  },
  handle: ({ services, user, params }) => {
    const { user_group_id: id, ...changes } = params;
    updateUserGroup(services, user, id, changes);
    return {};
  },
});

export const deactivateUserGroupEndpoint = userEndpoint({
  method: 'POST',
  path: '/user_groups/:user_group_id/deactivate',
  params: { user_group_id: groupId },
  handle: ({ services, user, params }) => {
    deactivateUserGroup(services, user, params.user_group_id);
    return {};
  },
});

export const updateUserGroupMembersEndpoint = userEndpoint({
  method: 'POST',
  path: '/user_groups/:user_group_id/members',
  params: {
    user_group_id: groupId,
    add: optional('json', userIds, []),
    delete: optional('json', userIds, []),
    // Zulip 10 (feature level 311): subgroups in the same request.
    add_subgroups: optional('json', groupIds, []),
    delete_subgroups: optional('json', groupIds, []),
  },
  handle: ({ services, user, params }) => {
    updateUserGroupMembers(services, user, params.user_group_id, {
      members: { add: params.add, remove: params.delete },
      subgroups: { add: params.add_subgroups, remove: params.delete_subgroups },
    });
    return {};
  },
});

// Zulip counts the members of subgroups too unless asked for direct members only.
export const getUserGroupMembersEndpoint = userEndpoint({
  method: 'GET',
  path: '/user_groups/:user_group_id/members',
  params: { user_group_id: groupId, direct_member_only: optional('json', z.boolean(), false) },
  handle: ({ services, params }) => {
    const members = groupMemberIds(services.sql, params.user_group_id, !params.direct_member_only);
    if (!members) throw errors.badRequest('Invalid user group');
    return { members };
  },
});

export const getUserGroupMembershipEndpoint = userEndpoint({
  method: 'GET',
  path: '/user_groups/:user_group_id/members/:user_id',
  params: {
    user_group_id: groupId,
    user_id: required('json', z.number().int()),
    direct_member_only: optional('json', z.boolean(), false),
  },
  handle: ({ services, params }) => {
    const members = groupMemberIds(services.sql, params.user_group_id, !params.direct_member_only);
    if (!members) throw errors.badRequest('Invalid user group');
    if (!userById(services.sql, params.user_id)) throw errors.badRequest('No such user');
    return { is_user_group_member: members.includes(params.user_id) };
  },
});

export const getUserGroupSubgroupsEndpoint = userEndpoint({
  method: 'GET',
  path: '/user_groups/:user_group_id/subgroups',
  params: { user_group_id: groupId, direct_subgroup_only: optional('json', z.boolean(), false) },
  handle: ({ services, params }) => {
    const groups = userGroupsState(services.sql);
    const group = groups.find((found) => found.id === params.user_group_id);
    if (!group) throw errors.badRequest('Invalid user group');
    if (params.direct_subgroup_only) return { subgroups: group.direct_subgroup_ids };
    const inside = recursiveSubgroupIds(groups, group.id);
    inside.delete(group.id);
    return { subgroups: [...inside].sort((a, b) => a - b) };
  },
});

export const updateUserGroupSubgroupsEndpoint = userEndpoint({
  method: 'POST',
  path: '/user_groups/:user_group_id/subgroups',
  params: {
    user_group_id: groupId,
    add: optional('json', groupIds, []),
    delete: optional('json', groupIds, []),
  },
  handle: ({ services, user, params }) => {
    updateUserGroupSubgroups(services, user, params.user_group_id, {
      add: params.add,
      remove: params.delete,
    });
    return {};
  },
});
