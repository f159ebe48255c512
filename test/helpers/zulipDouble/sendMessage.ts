import { z } from 'zod';
import type { Context } from './context';
import { isInSetting, realmSetting } from './groups';
import { badRequest, noSuchChannelId, noSuchChannelName } from './errors';
import type { Stream, StoredMessage } from './org';
import { json, parseParams, type RawParams } from './params';
import { deliverMessage } from './deliverMessage';
import { openWidget } from './submessages';

const sendSchema = z.object({
  type: z.enum(['stream', 'channel', 'private', 'direct']),
  to: z.string(),
  topic: z.string().optional(),
  subject: z.string().optional(),
  content: z.string(),
  queue_id: z.string().optional(),
  local_id: z.string().optional(),
});

const maxTopicLength = 60;
const maxContentLength = 10_000;

const destinationSchema = json(
  z.union([z.number().int(), z.string(), z.array(z.union([z.number().int(), z.string()]))]),
);

export function channelOf(context: Context, to: string): Stream {
  const { org } = context;
  const parsed = destinationSchema.safeParse(to);
  const value = parsed.success ? (Array.isArray(parsed.data) ? parsed.data[0] : parsed.data) : to;
  if (typeof value === 'number') {
    const stream = org.streams.get(value);
    if (!stream) throw noSuchChannelId(value);
    return stream;
  }
  const name = value ?? to;
  const stream = org.streamByName(name);
  if (!stream) throw noSuchChannelName(name);
  return stream;
}

/**
 * The topic as Zulip stores it: trimmed, cut to 60 characters, and "" when a
 * client names the empty topic by the organization's name for it.
 */
export function normalisedTopic(context: Context, topic: string): string {
  const trimmed = topic.trim().slice(0, maxTopicLength);
  return trimmed === context.org.emptyTopicName() ? '' : trimmed;
}

/** Zulip 11's topics_policy (feature level 392): a channel's own, or the organization's when it inherits. */
export function effectiveTopicsPolicy(context: Context, stream: Stream): string {
  if (stream.topics_policy !== 'inherit') return stream.topics_policy;
  const { realm } = context.org;
  return realm.realm_mandatory_topics === true
    ? 'disable_empty_topic'
    : String(realm.realm_topics_policy);
}

export function checkTopicAllowed(context: Context, stream: Stream, topic: string): void {
  const policy = effectiveTopicsPolicy(context, stream);
  if (topic === '' && policy === 'disable_empty_topic') {
    throw badRequest('Sending messages to the general chat is not allowed in this channel.');
  }
  if (topic !== '' && policy === 'empty_topic_only') {
    throw badRequest('Only the general chat topic is allowed in this channel.');
  }
}

export function checkCanPost(context: Context, senderId: number, stream: Stream): void {
  const { org } = context;
  const sender = org.user(senderId);
  const mayAccess =
    org.isSubscribed(senderId, stream) || (!stream.invite_only && sender?.is_guest === false);
  if (stream.is_archived || !mayAccess) {
    throw badRequest(`Not authorized to send to channel '${stream.name}'`);
  }
  if (!isInSetting(org, senderId, stream.can_send_message_group)) {
    throw badRequest('You do not have permission to post in this channel.');
  }
}

export function directRecipients(context: Context, to: string): number[] {
  const { org } = context;
  const parsed = destinationSchema.safeParse(to);
  const values =
    parsed.success && Array.isArray(parsed.data)
      ? parsed.data
      : parsed.success && typeof parsed.data === 'number'
        ? [parsed.data]
        : to.split(',').map((part) => part.trim());
  return values.map((value) => {
    const user = typeof value === 'number' ? org.user(value) : org.userByEmail(value);
    if (!user) {
      throw badRequest(
        typeof value === 'number' ? `Invalid user ID ${value}` : `Invalid email '${value}'`,
      );
    }
    if (!user.is_active) throw badRequest(`'${user.email}' is no longer using Zulip.`);
    return user.user_id;
  });
}

/** The users a personal mention (`@**Full Name**`) in the content names. */
function mentionedUsers(context: Context, content: string): Set<number> {
  const mentioned = new Set<number>();
  for (const user of context.org.users.values()) {
    if (content.includes(`@**${user.full_name}**`)) mentioned.add(user.user_id);
  }
  return mentioned;
}

/** POST /messages: stores the message and sends the message event to everyone who receives it. */
export function sendMessage(context: Context, senderId: number, raw: RawParams): { id: number } {
  const { org } = context;
  const params = parseParams(sendSchema, raw);
  if (params.content.trim() === '') throw badRequest('Message must not be empty');
  if (params.content.length > maxContentLength) {
    throw badRequest(`Message must not be longer than ${maxContentLength} characters.`);
  }
  let message: StoredMessage;
  let receivers: number[];
  const common = {
    id: org.nextMessageId,
    senderId,
    client: 'Hearth',
    content: params.content,
    timestamp: context.now(),
    editHistory: [],
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
    reactions: [],
  };
  if (params.type === 'stream' || params.type === 'channel') {
    const stream = channelOf(context, params.to);
    checkCanPost(context, senderId, stream);
    const topic = normalisedTopic(context, params.topic ?? params.subject ?? '');
    checkTopicAllowed(context, stream, topic);
    message = { ...common, streamId: stream.stream_id, topic, dmUserIds: [] };
    receivers = [...stream.subscribers];
  } else {
    const others = directRecipients(context, params.to);
    const everyone = [...new Set([senderId, ...others])].sort((a, b) => a - b);
    const permitted = realmSetting(org, 'direct_message_permission_group');
    // Zulip 9 (feature level 270): a conversation needs someone in the group to authorize it.
    if (everyone.length > 1 && !everyone.some((id) => isInSetting(org, id, permitted))) {
      throw badRequest('This conversation does not include any users who can authorize it.');
    }
    message = { ...common, streamId: null, topic: '', dmUserIds: everyone };
    receivers = everyone;
  }
  org.nextMessageId += 1;
  openWidget(org, message);
  deliverMessage(context, message, receivers, {
    mentioned: mentionedUsers(context, params.content),
    ...(params.queue_id !== undefined && params.local_id !== undefined
      ? { localId: { queueId: params.queue_id, localId: params.local_id } }
      : {}),
  });
  return { id: message.id };
}
