import { z } from 'zod';
import { emit, type Context } from './context';
import { badRequest, invalidMessage } from './errors';
import { intList, parseParams, type RawParams } from './params';
import type { Org } from './org';
import type { Capabilities } from './queues';
import { topicFor } from './render';

const flagsSchema = z.object({
  messages: intList,
  op: z.string(),
  flag: z.string(),
});

// The flags a client may change; the others (mentioned, historical…) are the server's.
const editableFlags = new Set(['read', 'starred', 'collapsed']);
const knownFlags = new Set([
  ...editableFlags,
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'has_alert_word',
  'historical',
]);

// Zulip's DEFAULT_HISTORICAL_FLAGS: what a message the user never received reads as.
const historicalFlags = ['historical', 'read'];

/** What one change of flags did: the messages whose flag changed, and the unsubscribed channels whose messages stayed read. */
export interface FlagChange {
  changed: number[];
  ignoredChannels: number[];
}

/**
 * Zulip's do_update_message_flags: changes the reader's flag on those of the
 * messages where it differs, and tells their clients, even of no change.
 * Unread is kept to subscribed channels; a message the reader never received
 * gets a row (Zulip's historical one) only when its flag changes, and only if
 * the reader may see it.
 */
export function changeFlags(
  context: Context,
  userId: number,
  messageIds: readonly number[],
  op: string,
  flag: string,
): FlagChange {
  const { org } = context;
  if (!knownFlags.has(flag)) throw badRequest(`Invalid flag: '${flag}'`);
  if (!editableFlags.has(flag)) throw badRequest(`Flag not editable: '${flag}'`);
  if (op !== 'add' && op !== 'remove') {
    throw badRequest(`Invalid message flag operation: '${op}'`);
  }
  const adding = op === 'add';
  let wanted = [...new Set(messageIds)];
  const ignoredChannels = new Set<number>();
  if (flag === 'read' && !adding) {
    wanted = wanted.filter((id) => {
      const streamId = org.messages.get(id)?.streamId ?? null;
      const stream = streamId === null ? undefined : org.streams.get(streamId);
      if (!stream || org.isSubscribed(userId, stream)) return true;
      ignoredChannels.add(stream.stream_id);
      return false;
    });
  }
  const rowOf = (id: number) => org.flags.get(id)?.get(userId);
  const changed = wanted.filter(
    (id) => (rowOf(id)?.has(flag) ?? historicalFlags.includes(flag)) !== adding,
  );
  const historical = changed.filter((id) => rowOf(id) === undefined);
  for (const id of historical) {
    const message = org.messages.get(id);
    if (!message || !org.canSee(userId, message)) throw invalidMessage();
  }
  for (const id of historical) {
    const rows = org.flags.get(id) ?? new Map<number, Set<string>>();
    rows.set(userId, new Set(historicalFlags));
    org.flags.set(id, rows);
  }
  for (const id of changed) {
    const row = rowOf(id);
    if (adding) row?.add(flag);
    else row?.delete(flag);
  }
  emit(context, [userId], (queue) => ({
    type: 'update_message_flags',
    op,
    operation: op,
    flag,
    messages: changed,
    all: false,
    // Zulip 6.0 (feature level 121): what a client needs to count a message unread again.
    ...(!adding && flag === 'read'
      ? { message_details: unreadDetails(org, userId, changed, queue.capabilities) }
      : {}),
  }));
  return { changed, ignoredChannels: [...ignoredChannels] };
}

function unreadDetails(
  org: Org,
  userId: number,
  messageIds: readonly number[],
  capabilities: Capabilities,
) {
  return Object.fromEntries(
    messageIds.flatMap((id) => {
      const message = org.messages.get(id);
      if (!message) return [];
      const mentioned = org.flagsOf(id, userId).includes('mentioned') ? { mentioned: true } : {};
      return [
        [
          String(id),
          message.streamId !== null
            ? {
                type: 'stream',
                stream_id: message.streamId,
                topic: topicFor(org, message.topic, {
                  emptyTopicName: capabilities.empty_topic_name,
                }),
                ...mentioned,
              }
            : {
                type: 'private',
                user_ids: message.dmUserIds.filter((each) => each !== userId),
                ...mentioned,
              },
        ],
      ];
    }),
  );
}

/**
 * POST /messages/flags. Zulip echoes the IDs it was given; the channels it
 * left read since feature level 355, when unread was asked for.
 */
export function updateFlags(context: Context, userId: number, raw: RawParams) {
  const { messages, op, flag } = parseParams(flagsSchema, raw);
  const { ignoredChannels } = changeFlags(context, userId, messages, op, flag);
  return {
    messages,
    ...(op === 'remove' && flag === 'read'
      ? { ignored_because_not_subscribed_channels: ignoredChannels }
      : {}),
  };
}

const reactionSchema = z.object({
  emoji_name: z.string(),
  emoji_code: z.string().optional(),
  reaction_type: z
    .enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji'])
    .default('unicode_emoji'),
});

// The few names the double knows without a code: those of Zulip's documented examples.
export const knownEmoji: Readonly<Record<string, string>> = {
  octopus: '1f419',
  smile: '1f642',
  '+1': '1f44d',
  tada: '1f389',
  heart: '2764',
  car: '1f697',
};

/** POST and DELETE /messages/{id}/reactions. */
export function changeReaction(
  context: Context,
  userId: number,
  messageId: number,
  op: 'add' | 'remove',
  raw: RawParams,
) {
  const { org } = context;
  const params = parseParams(reactionSchema, raw);
  const message = org.messages.get(messageId);
  if (!message || !org.canSee(userId, message)) throw invalidMessage();
  const code = params.emoji_code ?? knownEmoji[params.emoji_name];
  if (code === undefined) throw badRequest(`Emoji '${params.emoji_name}' does not exist`);
  const reaction = {
    emoji_name: params.emoji_name,
    emoji_code: code,
    reaction_type: params.reaction_type,
    user_id: userId,
  };
  const index = message.reactions.findIndex(
    (each) =>
      each.user_id === userId &&
      each.emoji_code === code &&
      each.reaction_type === reaction.reaction_type,
  );
  if (op === 'add') {
    if (index >= 0) throw badRequest('Reaction already exists.');
    message.reactions.push(reaction);
  } else {
    if (index < 0) throw badRequest("Reaction doesn't exist.");
    message.reactions.splice(index, 1);
  }
  const receivers = [...(org.flags.get(messageId)?.keys() ?? [])];
  emit(context, receivers, () => ({ type: 'reaction', op, message_id: messageId, ...reaction }));
}
