import type { ReactionEvent } from '../../wire';
import { ApiError, errors } from '../errors';
import { plainNotice } from '../events/notice';
import { accessMessage } from '../queries/messageAccess';
import type { Services } from '../services';
import { reactionEventPayload } from '../shape/reactions';
import { Flag } from '../store/flags';
import type { ViewedMessageRow } from '../store/messages';
import {
  deleteReaction,
  firstReactionWith,
  insertReaction,
  ownReaction,
  type EmojiKey,
  type ReactionRow,
} from '../store/reactions';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { streamById } from '../store/streams';
import { subscriberIds } from '../store/subscriptions';
import { insertUserMessages, userIdsWithMessage } from '../store/userMessages';
import type { UserRow } from '../store/users';
import { applyPolicyOnParticipation } from './automaticTopicPolicies';
import { checkEmojiRequest, emojiByName, requireEmojiByName } from './reactionEmoji';
import { announceStoredTopicVisibilities } from './topicVisibility';

export interface ReactionRequest {
  messageId: number;
  emojiName: string | undefined;
  emojiCode: string | undefined;
  reactionType: string | undefined;
}

/**
 * Zulip's notify_reaction_update: everyone with a row for the message, and the
 * subscribers of a stream that shares its history with them. Others who may
 * read a public stream's history hear nothing until they react themselves.
 */
function audience(sql: Sql, message: ViewedMessageRow): number[] {
  const userIds = new Set(userIdsWithMessage(sql, message.id));
  if (message.recipient_type === RecipientType.stream) {
    const stream = streamById(sql, message.recipient_type_id);
    if (stream?.history_public_to_subscribers === 1) {
      subscriberIds(sql, message.recipient_id).forEach((id) => userIds.add(id));
    }
  }
  return [...userIds];
}

function announce(
  services: Services,
  op: ReactionEvent['op'],
  reactor: UserRow,
  reaction: ReactionRow,
  userIds: number[],
): void {
  const payload = reactionEventPayload(op, reactor.id, reaction);
  services.queues.notify(plainNotice('reaction', payload), userIds);
}

// Zulip's check_add_reaction: without a code the name decides code and
// namespace; with a code but no namespace, the name's namespace if it names
// an emoji, else Unicode (a Zulip client's name our table lacks, see
// reactionEmoji.ts).
function addedEmoji(sql: Sql, request: ReactionRequest & { emojiName: string }): EmojiKey {
  if (request.emojiCode === undefined) {
    const named = requireEmojiByName(sql, request.emojiName);
    return { emojiCode: named.emojiCode, reactionType: request.reactionType ?? named.reactionType };
  }
  const reactionType =
    request.reactionType ?? emojiByName(sql, request.emojiName)?.reactionType ?? 'unicode_emoji';
  return { emojiCode: request.emojiCode, reactionType };
}

/**
 * Zulip's check_add_reaction. Someone joining a reaction already on the
 * message takes its name, unchecked, so that one emoji shows once even if
 * its name has since changed (or its custom emoji was retired). A reader of
 * a public stream's history who never received the message gets a
 * `historical` row, so that later reactions reach them. Reacting is taking
 * part in the topic, for the reactor's automatic topic policies (Zulip 12).
 */
export function addReaction(
  services: Services,
  user: UserRow,
  request: ReactionRequest & { emojiName: string },
): void {
  const { sql } = services;
  const { reaction, userIds, policies } = sql.transaction(() => {
    const message = accessMessage(sql, user, request.messageId);
    const emoji = addedEmoji(sql, request);
    if (ownReaction(sql, user.id, message.id, emoji)) {
      throw new ApiError('Reaction already exists.', 'REACTION_ALREADY_EXISTS');
    }
    const earlier = firstReactionWith(sql, message.id, emoji);
    const emojiName = earlier?.emoji_name ?? request.emojiName;
    if (!earlier) checkEmojiRequest(sql, { ...emoji, emojiName });
    if (message.flags === null) {
      insertUserMessages(sql, message.id, new Map([[user.id, Flag.read | Flag.historical]]));
    }
    const added = insertReaction(sql, {
      message_id: message.id,
      user_id: user.id,
      emoji_name: emojiName,
      emoji_code: emoji.emojiCode,
      reaction_type: emoji.reactionType,
    });
    const policies = applyPolicyOnParticipation(services, user, message);
    return { reaction: added, userIds: audience(sql, message), policies };
  });
  announceStoredTopicVisibilities(services, policies);
  announce(services, 'add', user, reaction, userIds);
}

/**
 * Zulip's remove_reaction: by code, or by the code a name has now; the
 * namespace is Unicode unless given. Whatever was valid when added may be
 * taken back, so nothing but the reaction's existence is checked.
 */
export function removeReaction(services: Services, user: UserRow, request: ReactionRequest): void {
  const { sql } = services;
  const { reaction, userIds } = sql.transaction(() => {
    const message = accessMessage(sql, user, request.messageId);
    let emojiCode = request.emojiCode;
    if (emojiCode === undefined) {
      if (request.emojiName === undefined) {
        throw errors.badRequest(
          'At least one of the following arguments must be present: emoji_name, emoji_code',
        );
      }
      emojiCode = requireEmojiByName(sql, request.emojiName).emojiCode;
    }
    const emoji = { emojiCode, reactionType: request.reactionType ?? 'unicode_emoji' };
    const removed = ownReaction(sql, user.id, message.id, emoji);
    if (!removed) {
      throw new ApiError("Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST');
    }
    deleteReaction(sql, removed.id);
    return { reaction: removed, userIds: audience(sql, message) };
  });
  announce(services, 'remove', user, reaction, userIds);
}
