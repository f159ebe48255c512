import { z } from 'zod';
import {
  createUserGroup,
  deleteUserGroup,
  updateUserGroup,
  updateUserGroupMembers,
} from '../../actions/userGroupAdmin';
import { errors } from '../../errors';
import { userGroupsState } from '../../queries/systemGroups';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

const groupId = required('json', z.number().int().nonnegative());
const userIds = z.array(z.number().int());

export const getUserGroupsEndpoint = userEndpoint({
  method: 'GET',
  path: '/user_groups',
  params: {},
  handle: ({ services }) => ({ user_groups: userGroupsState(services.sql) }),
});

export const createUserGroupEndpoint = userEndpoint({
  method: 'POST',
  path: '/user_groups/create',
  params: {
    name: required('text', z.string()),
    description: required('text', z.string()),
    members: required('json', userIds),
  },
  handle: ({ services, user, params }) => ({
    group_id: createUserGroup(services, user, params),
  }),
});

export const updateUserGroupEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/user_groups/:user_group_id',
  params: {
    user_group_id: groupId,
    name: optional('text', z.string()),
    description: optional('text', z.string()),
  },
  handle: ({ services, user, params }) => {
    updateUserGroup(services, user, params.user_group_id, params);
    return {};
  },
});

export const deleteUserGroupEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/user_groups/:user_group_id',
  params: { user_group_id: groupId },
  handle: ({ services, user, params }) => {
    deleteUserGroup(services, user, params.user_group_id);
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
  },
  handle: ({ services, user, params }) => {
    updateUserGroupMembers(services, user, params.user_group_id, {
      add: params.add,
      remove: params.delete,
    });
    return {};
  },
});

export const getUserGroupMembersEndpoint = userEndpoint({
  method: 'GET',
  path: '/user_groups/:user_group_id/members',
  params: { user_group_id: groupId },
  handle: ({ services, params }) => {
    const group = userGroupsState(services.sql).find((found) => found.id === params.user_group_id);
    if (!group) throw errors.badRequest('Invalid user group');
    return { members: group.members };
  },
});
