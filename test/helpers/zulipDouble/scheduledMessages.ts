import { z } from 'zod';
import { emit, type Context } from './context';
import { badRequest, ZulipError } from './errors';
import { int, parseParams, type RawParams } from './params';
import { renderContent } from './render';
import {
  channelOf,
  checkCanPost,
  directRecipients,
  normalisedTopic,
  sendMessage,
} from './sendMessage';

/** One of a user's scheduled messages (Zulip's ScheduledMessage), kept until sent or deleted. */
export interface StoredScheduled {
  id: number;
  senderId: number;
  type: 'stream' | 'private';
  /** The channel's ID, or the other people's IDs. */
  to: number | number[];
  topic: string;
  content: string;
  /** Seconds since the epoch. */
  at: number;
  failed: boolean;
}

// The double's scheduled messages, per organization, with the timer that sends each.
const kept = new WeakMap<Context['org'], Map<number, StoredScheduled>>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

const storeOf = (context: Context) => {
  let store = kept.get(context.org);
  if (!store) kept.set(context.org, (store = new Map()));
  return store;
};

const kind = z
  .enum(['stream', 'channel', 'private', 'direct'])
  .transform((type) => (type === 'channel' ? 'stream' : type === 'direct' ? 'private' : type));

const createSchema = z.object({
  type: kind,
  to: z.string(),
  topic: z.string().optional(),
  content: z.string(),
  scheduled_delivery_timestamp: int,
});
const updateSchema = createSchema.partial();

/** As GET /scheduled_messages, register and the events show it. */
function dictOf(message: StoredScheduled): Record<string, unknown> {
  return {
    scheduled_message_id: message.id,
    type: message.type,
    to: message.to,
    ...(message.type === 'stream' ? { topic: message.topic } : {}),
    content: message.content,
    rendered_content: renderContent(message.content),
    scheduled_delivery_timestamp: message.at,
    failed: message.failed,
  };
}

/** The user's messages not yet sent, soonest first: register's `scheduled_messages`. */
export function scheduledOf(context: Context, userId: number): Record<string, unknown>[] {
  return [...storeOf(context).values()]
    .filter((message) => message.senderId === userId)
    .sort((a, b) => a.at - b.at || a.id - b.id)
    .map(dictOf);
}

function checkFuture(context: Context, at: number): number {
  if (at <= context.now()) throw badRequest('Scheduled delivery time must be in the future.');
  return at;
}

// check_message's refusals, as sending it now would meet them.
function addressed(
  context: Context,
  senderId: number,
  type: 'stream' | 'private',
  to: string,
  topic: string | undefined,
): Pick<StoredScheduled, 'type' | 'to' | 'topic'> {
  if (type === 'stream') {
    const stream = channelOf(context, to);
    checkCanPost(context, senderId, stream);
    return { type, to: stream.stream_id, topic: normalisedTopic(context, topic ?? '') };
  }
  const others = directRecipients(context, to).filter((id) => id !== senderId);
  return { type, to: others.length > 0 ? others : [senderId], topic: '' };
}

function access(context: Context, userId: number, id: number): StoredScheduled {
  const message = storeOf(context).get(id);
  if (!message || message.senderId !== userId) {
    throw new ZulipError(404, 'BAD_REQUEST', 'Scheduled message does not exist');
  }
  return message;
}

const announce = (context: Context, userId: number, event: Record<string, unknown>) =>
  emit(context, [userId], () => ({ type: 'scheduled_messages', ...event }));

// The double sends it with the real clock: tests that need time to pass use a Hearth host.
function arm(context: Context, message: StoredScheduled): void {
  clearTimeout(timers.get(message.id));
  const wait = Math.max(0, (message.at - context.now()) * 1000);
  const timer = setTimeout(() => deliver(context, message.id), wait);
  timer.unref();
  timers.set(message.id, timer);
}

function deliver(context: Context, id: number): void {
  const store = storeOf(context);
  const message = store.get(id);
  timers.delete(id);
  if (!message || message.failed) return;
  try {
    sendMessage(context, message.senderId, {
      type: message.type,
      to: JSON.stringify(message.to),
      topic: message.topic,
      content: message.content,
    });
    store.delete(id);
    announce(context, message.senderId, { op: 'remove', scheduled_message_id: id });
  } catch (error) {
    if (!(error instanceof ZulipError)) throw error;
    message.failed = true;
    announce(context, message.senderId, { op: 'update', scheduled_message: dictOf(message) });
  }
}

export function createScheduled(context: Context, userId: number, raw: RawParams): number {
  const params = parseParams(createSchema, raw);
  if (params.content.trim() === '') throw badRequest('Message must not be empty');
  const message: StoredScheduled = {
    id: nextId++,
    senderId: userId,
    ...addressed(context, userId, params.type, params.to, params.topic),
    content: params.content,
    at: checkFuture(context, params.scheduled_delivery_timestamp),
    failed: false,
  };
  storeOf(context).set(message.id, message);
  announce(context, userId, { op: 'add', scheduled_messages: [dictOf(message)] });
  arm(context, message);
  return message.id;
}

export function updateScheduled(context: Context, userId: number, id: number, raw: RawParams) {
  const params = parseParams(updateSchema, raw);
  const message = access(context, userId, id);
  if (Object.values(params).every((value) => value === undefined)) {
    throw badRequest('Nothing to change');
  }
  const at =
    params.scheduled_delivery_timestamp === undefined
      ? undefined
      : checkFuture(context, params.scheduled_delivery_timestamp);
  if (message.failed && at === undefined) {
    throw badRequest('Scheduled delivery time must be in the future.');
  }
  if (params.to !== undefined) {
    const type = params.type ?? message.type;
    Object.assign(message, addressed(context, userId, type, params.to, params.topic));
  } else if (params.topic !== undefined && message.type === 'stream') {
    message.topic = normalisedTopic(context, params.topic);
  }
  if (params.content !== undefined) message.content = params.content;
  if (at !== undefined) message.at = at;
  message.failed = false;
  announce(context, userId, { op: 'update', scheduled_message: dictOf(message) });
  arm(context, message);
}

export function deleteScheduled(context: Context, userId: number, id: number): void {
  access(context, userId, id);
  storeOf(context).delete(id);
  clearTimeout(timers.get(id));
  timers.delete(id);
  announce(context, userId, { op: 'remove', scheduled_message_id: id });
}
