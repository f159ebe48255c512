import type { MessageRules } from '../../../src-preload/bridge';
import type { InitialState } from '../../state/applyEvent';

// Zulip's Realm.POLICY_* values, and its roles, best first.
const policy = { members: 1, admins: 2, fullMembers: 3, moderators: 4, everyone: 5 } as const;
const role = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

function roleOf(state: InitialState): number {
  if (state['is_owner'] === true) return role.owner;
  if (state.is_admin === true) return role.admin;
  if (state['is_moderator'] === true) return role.moderator;
  return state.is_guest === true ? role.guest : role.member;
}

// Zulip's has_permission; a member counts as a full member, as Zulip's
// default waiting period of 0 days has it. Unknown policies (nobody, owners) grant only owners.
function permits(userRole: number, value: unknown): boolean {
  if (value === policy.everyone) return true;
  if (userRole === role.owner) return true;
  switch (value) {
    case policy.admins:
      return userRole <= role.admin;
    case policy.moderators:
      return userRole <= role.moderator;
    case policy.members:
    case policy.fullMembers:
      return userRole !== role.guest;
    default:
      return false;
  }
}

const seconds = (value: unknown): number | null =>
  typeof value === 'number' && value > 0 ? value : null;

/**
 * What the organization lets this reader do to messages, read from the
 * register state as Zulip's web app reads it to offer its message actions.
 * Before any state, nothing is offered that the server could refuse.
 */
export function messageRulesOf(state: InitialState | null): MessageRules {
  if (!state) {
    return {
      editContent: false,
      editContentLimit: null,
      editTopic: false,
      editTopicLimit: null,
      deleteAny: false,
      deleteOwn: false,
      deleteOwnLimit: null,
      editHistory: false,
    };
  }
  const userRole = roleOf(state);
  return {
    editContent: state['realm_allow_message_editing'] !== false,
    editContentLimit: seconds(state['realm_message_content_edit_limit_seconds']),
    editTopic: permits(userRole, state['realm_edit_topic_policy'] ?? policy.everyone),
    // Moderators and above move topics whatever their age.
    editTopicLimit:
      userRole <= role.moderator
        ? null
        : seconds(state['realm_move_messages_within_stream_limit_seconds']),
    deleteAny: userRole <= role.admin,
    deleteOwn: permits(userRole, state['realm_delete_own_message_policy'] ?? policy.admins),
    deleteOwnLimit: seconds(state['realm_message_content_delete_limit_seconds']),
    editHistory: state['realm_allow_edit_history'] !== false,
  };
}
