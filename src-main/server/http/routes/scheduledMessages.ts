import { z } from 'zod';
import {
  deleteScheduledMessage,
  editScheduledMessage,
  scheduleMessage,
  type ScheduledDestination,
} from '../../actions/scheduledMessages';
import { errors } from '../../errors';
import { scheduledMessagesState } from '../../register/scheduledMessagesState';
import { clientName } from '../clientName';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip 7.0 still names the kinds "stream" and "private" on the wire, and
// takes "direct" as the new word for the latter.
const recipientType = z
  .enum(['stream', 'private', 'direct'])
  .transform((type) => (type === 'direct' ? 'private' : type));

// Zulip's extract_stream_id: a scheduled message names its channel by ID.
function streamIdOf(to: string): number {
  const trimmed = to.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) throw errors.badRequest('Invalid data type for channel ID');
  return Number(trimmed);
}

// Zulip's extract_direct_message_recipient_ids: a JSON list of user IDs, each once.
function userIdsOf(to: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(to);
  } catch {
    parsed = to;
  }
  if (!Array.isArray(parsed)) throw errors.badRequest('Invalid data type for recipients');
  if (!parsed.every((id): id is number => Number.isInteger(id))) {
    throw errors.badRequest('Recipient list may only contain user IDs');
  }
  return [...new Set(parsed)];
}

function destinationOf(
  type: 'stream' | 'private',
  to: string,
  topic: string | undefined,
): ScheduledDestination {
  return type === 'stream' ? { type, to: streamIdOf(to), topic } : { type, to: userIdsOf(to) };
}

const topic = () => optional('text', z.string(), undefined, { aliases: ['subject'] });
const scheduledMessageId = required('json', z.number().int().nonnegative());

export const getScheduledMessagesEndpoint = userEndpoint({
  method: 'GET',
  path: '/scheduled_messages',
  params: {},
  handle: ({ services, user }) => ({
    scheduled_messages: scheduledMessagesState(services.sql, user.id),
  }),
});

export const createScheduledMessageEndpoint = userEndpoint({
  method: 'POST',
  path: '/scheduled_messages',
  params: {
    type: required('text', recipientType),
    to: required('text', z.string()),
    topic: topic(),
    content: required('text', z.string()),
    scheduled_delivery_timestamp: required('json', z.number().int()),
  },
  handle: ({ services, user, params, userAgent }) => ({
    scheduled_message_id: scheduleMessage(services, user, {
      destination: destinationOf(params.type, params.to, params.topic),
      content: params.content,
      deliverAt: params.scheduled_delivery_timestamp,
      clientName: clientName(userAgent),
    }),
  }),
});

export const updateScheduledMessageEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/scheduled_messages/:scheduled_message_id',
  params: {
    scheduled_message_id: scheduledMessageId,
    type: optional('text', recipientType),
    to: optional('text', z.string()),
    topic: topic(),
    content: optional('text', z.string()),
    scheduled_delivery_timestamp: optional('json', z.number().int()),
  },
  handle: ({ services, user, params, userAgent }) => {
    const { type, to } = params;
    editScheduledMessage(services, user, params.scheduled_message_id, {
      type,
      to: to === undefined ? undefined : toOf(type, to),
      topic: params.topic,
      content: params.content,
      deliverAt: params.scheduled_delivery_timestamp,
      clientName: clientName(userAgent),
    });
    return {};
  },
});

// Without a new type, `to` is a channel's ID or a list of user IDs, which
// the action checks against the message's current kind.
function toOf(type: 'stream' | 'private' | undefined, to: string): number | number[] {
  if (type === 'stream') return streamIdOf(to);
  if (type === 'private') return userIdsOf(to);
  return /^\s*[+-]?\d+\s*$/.test(to) ? streamIdOf(to) : userIdsOf(to);
}

export const deleteScheduledMessageEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/scheduled_messages/:scheduled_message_id',
  params: { scheduled_message_id: scheduledMessageId },
  handle: ({ services, user, params }) => {
    deleteScheduledMessage(services, user, params.scheduled_message_id);
    return {};
  },
});
