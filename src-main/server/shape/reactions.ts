import type { Reaction, ReactionEvent } from '../../wire';
import type { ReactionRow } from '../store/reactions';
import type { UserRow } from '../store/users';

// Zulip 10 dropped the deprecated `user` object from the reactions messages
// carry (feature level 328), and Zulip 12 from reaction events (level 484).

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
  reactor: UserRow,
  reaction: ReactionRow,
): Omit<ReactionEvent, 'id' | 'type'> => ({
  op,
  user_id: reactor.id,
  message_id: reaction.message_id,
  emoji_name: reaction.emoji_name,
  emoji_code: reaction.emoji_code,
  reaction_type: reaction.reaction_type,
});
