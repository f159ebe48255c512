import type { Reaction, ReactionEvent } from '../../wire';
import type { ReactionRow, ReactionWithUserRow } from '../store/reactions';
import type { UserRow } from '../store/users';

/** A reaction as a message carries it, with Zulip 7.0's deprecated `user` object. */
export const messageReaction = (row: ReactionWithUserRow): Reaction => ({
  emoji_name: row.emoji_name,
  emoji_code: row.emoji_code,
  reaction_type: row.reaction_type,
  user_id: row.user_id,
  user: { id: row.user_id, email: row.email, full_name: row.full_name, is_mirror_dummy: false },
});

/** Zulip's `reaction` event, whose deprecated `user` object names the id `user_id`. */
export const reactionEventPayload = (
  op: ReactionEvent['op'],
  reactor: UserRow,
  reaction: ReactionRow,
): Omit<ReactionEvent, 'id' | 'type'> => ({
  op,
  user_id: reactor.id,
  user: { user_id: reactor.id, email: reactor.email, full_name: reactor.full_name },
  message_id: reaction.message_id,
  emoji_name: reaction.emoji_name,
  emoji_code: reaction.emoji_code,
  reaction_type: reaction.reaction_type,
});
