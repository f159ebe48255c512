import { z } from 'zod';
import { emit, type Context } from './context';
import { badRequest, invalidMessage } from './errors';
import { intList, parseParams, type RawParams } from './params';
import { topicFor } from './render';

const flagsSchema = z.object({
  messages: intList,
  op: z.enum(['add', 'remove']),
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

/** POST /messages/flags: changes the reader's flags and tells their other clients. */
export function updateFlags(context: Context, userId: number, raw: RawParams) {
  const { org } = context;
  const { messages, op, flag } = parseParams(flagsSchema, raw);
  if (!knownFlags.has(flag)) throw badRequest(`Invalid flag: '${flag}'`);
  if (!editableFlags.has(flag)) throw badRequest(`Flag not editable: '${flag}'`);
  const changed: number[] = [];
  for (const id of messages) {
    const message = org.messages.get(id);
    if (!message || !org.canSee(userId, message)) throw invalidMessage();
    const rows = org.flags.get(id) ?? new Map<number, Set<string>>();
    org.flags.set(id, rows);
    // A message the user never received gets a row on its first flag, as Zulip's historical rows.
    const row = rows.get(userId) ?? new Set(['historical', 'read']);
    rows.set(userId, row);
    if (op === 'add' && !row.has(flag)) {
      row.add(flag);
      changed.push(id);
    } else if (op === 'remove' && row.has(flag)) {
      row.delete(flag);
      changed.push(id);
    }
  }
  emit(context, [userId], (queue) => ({
    type: 'update_message_flags',
    op,
    operation: op,
    flag,
    messages: changed,
    all: false,
    // Zulip 6.0 (feature level 121): what a client needs to count a message unread again.
    ...(op === 'remove' && flag === 'read'
      ? {
          message_details: Object.fromEntries(
            changed.flatMap((id) => {
              const message = org.messages.get(id);
              if (!message) return [];
              const mentioned = org.flagsOf(id, userId).includes('mentioned')
                ? { mentioned: true }
                : {};
              return [
                [
                  String(id),
                  message.streamId !== null
                    ? {
                        type: 'stream',
                        stream_id: message.streamId,
                        topic: topicFor(org, message.topic, {
                          emptyTopicName: queue.capabilities.empty_topic_name,
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
          ),
        }
      : {}),
  }));
  return { messages: changed, ignored_because_not_subscribed_channels: [] };
}

const reactionSchema = z.object({
  emoji_name: z.string(),
  emoji_code: z.string().optional(),
  reaction_type: z
    .enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji'])
    .default('unicode_emoji'),
});

// The few names the double knows without a code: those of Zulip's documented examples.
const knownEmoji: Readonly<Record<string, string>> = {
  octopus: '1f419',
  smile: '1f642',
  '+1': '1f44d',
  tada: '1f389',
  heart: '2764',
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
