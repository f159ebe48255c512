import type { QueuedEvent } from '../wire';
import type { InitialState } from '../wire/registerState';

/**
 * Reactions are no part of register state, with one trace: reacting to a
 * public stream's message one never received gives one a `historical` row
 * (Zulip's check_add_reaction), and max_message_id is one's newest row.
 */
export function applyReactionEvent(
  state: InitialState,
  event: QueuedEvent,
  userId: number | undefined,
): InitialState {
  if (state.max_message_id === undefined || event.op !== 'add' || event.user_id !== userId) {
    return state;
  }
  const messageId = event.message_id as number;
  return messageId > state.max_message_id ? { ...state, max_message_id: messageId } : state;
}
