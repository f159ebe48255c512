import type { QueuedEvent } from '../wire';
import type { InitialState } from '../wire/registerState';

/**
 * Zulip's apply_event for `recent_private_conversations`: a new direct
 * message becomes the newest of its conversation, which moves to the front.
 * A deleted one changes nothing here: which message is then a conversation's
 * newest only the server knows (Zulip's own apply_event asks its database).
 */
export function applyRecentConversationsEvent(
  state: InitialState,
  event: QueuedEvent,
  userId: number,
): InitialState {
  const conversations = state.recent_private_conversations;
  if (!conversations || event.type !== 'message') return state;
  const message = event.message as { id: number; type: string; display_recipient: unknown };
  if (message.type !== 'private' || !Array.isArray(message.display_recipient)) return state;
  const userIds = (message.display_recipient as { id: number }[])
    .map((recipient) => recipient.id)
    .filter((id) => id !== userId)
    .sort((a, b) => a - b);
  const key = userIds.join(',');
  const others = conversations.filter((conversation) => conversation.user_ids.join(',') !== key);
  return {
    ...state,
    recent_private_conversations: [
      { max_message_id: message.id, user_ids: userIds },
      ...others,
    ].sort((a, b) => b.max_message_id - a.max_message_id),
  };
}
