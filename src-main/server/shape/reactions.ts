import type { Reaction, ReactionEvent } from '../../wire';
import type { ReactionRow } from '../store/reactions';

// Zulip 12 names the reactor by `user_id` alone: the deprecated `user` object
// left messages at feature level 328 and reaction events at 339 and 484.

/** A reaction as a message carries it. */
export const messageReaction = (row: ReactionRow): Reaction => ({
  emoji_name: row.emoji_name,
  emoji_code: row.emoji_code,
  reaction_type: row.reaction_type,
  user_id: row.user_id,
});

/** Zulip's `reaction` event. */
export const reactionEventPayload = (
  op: ReactionEvent['op'],
  reactorId: number,
  reaction: ReactionRow,
): Omit<ReactionEvent, 'id' | 'type'> => ({
  op,
  user_id: reactorId,
  message_id: reaction.message_id,
  emoji_name: reaction.emoji_name,
  emoji_code: reaction.emoji_code,
  reaction_type: reaction.reaction_type,
});
