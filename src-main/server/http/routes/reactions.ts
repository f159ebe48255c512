import { z } from 'zod';
import { addReaction, removeReaction, type ReactionRequest } from '../../actions/reactions';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

const messageId = required('json', z.number().int().nonnegative());
const emojiFields = {
  emoji_code: optional('text', z.string()),
  reaction_type: optional('text', z.string()),
};

const requestOf = <N extends string | undefined>(params: {
  message_id: number;
  emoji_name: N;
  emoji_code: string | undefined;
  reaction_type: string | undefined;
}): ReactionRequest & { emojiName: N } => ({
  messageId: params.message_id,
  emojiName: params.emoji_name,
  emojiCode: params.emoji_code,
  reactionType: params.reaction_type,
});

export const addReactionEndpoint = userEndpoint({
  method: 'POST',
  path: '/messages/:message_id/reactions',
  params: { message_id: messageId, emoji_name: required('text', z.string()), ...emojiFields },
  handle: ({ services, user, params }) => {
    addReaction(services, user, requestOf(params));
    return {};
  },
});

export const removeReactionEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/messages/:message_id/reactions',
  params: { message_id: messageId, emoji_name: optional('text', z.string()), ...emojiFields },
  handle: ({ services, user, params }) => {
    removeReaction(services, user, requestOf(params));
    return {};
  },
});
