import { deleteUserGroup } from '../../actions/userGroupDeletion';
import { userEndpoint } from '../endpoint';
import { groupId } from './userGroups';

/**
 * Zulip 7.0's DELETE /user_groups/{user_group_id}, which Zulip 12 removed
 * (feature level 294): served while the host declares 7.0, for its readers.
 */
export const deleteUserGroupEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/user_groups/:user_group_id',
  params: { user_group_id: groupId },
  handle: ({ services, user, params }) => {
    deleteUserGroup(services, user, params.user_group_id);
    return {};
  },
});
