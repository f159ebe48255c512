import type { MessageRules } from '../../../src-preload/bridge';
import type { InitialState } from '../../state/applyEvent';
import { Policy, RoleNumber, roleNumberOf, rolePermits } from '../../state/permissions';

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
      moveBetweenStreams: false,
      moveBetweenStreamsLimit: null,
      deleteAny: false,
      deleteOwn: false,
      deleteOwnLimit: null,
      editHistory: false,
    };
  }
  const userRole = roleNumberOf(state);
  return {
    editContent: state['realm_allow_message_editing'] !== false,
    editContentLimit: seconds(state['realm_message_content_edit_limit_seconds']),
    editTopic: rolePermits(userRole, state['realm_edit_topic_policy'] ?? Policy.everyone),
    // Moderators and above move topics whatever their age.
    editTopicLimit:
      userRole <= RoleNumber.moderator
        ? null
        : seconds(state['realm_move_messages_within_stream_limit_seconds']),
    // Zulip 7.0's default policy, where a server leaves it out: administrators.
    moveBetweenStreams: rolePermits(
      userRole,
      state['realm_move_messages_between_streams_policy'] ?? Policy.admins,
    ),
    moveBetweenStreamsLimit:
      userRole <= RoleNumber.moderator
        ? null
        : seconds(state['realm_move_messages_between_streams_limit_seconds']),
    deleteAny: userRole <= RoleNumber.admin,
    deleteOwn: rolePermits(userRole, state['realm_delete_own_message_policy'] ?? Policy.admins),
    deleteOwnLimit: seconds(state['realm_message_content_delete_limit_seconds']),
    editHistory: state['realm_allow_edit_history'] !== false,
  };
}
