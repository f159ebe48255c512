import { z } from 'zod';
import { sendMessageEditTyping, sendPrivateTyping, sendStreamTyping } from '../../actions/typing';
import { errors } from '../../errors';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// `channel` is Zulip 9.0's name (feature level 248) for `stream`. Zulip 8.0
// (feature level 215) refuses `private`, the old name for `direct`, and names
// a channel by `stream_id` alone.
const channelTypes: ReadonlySet<string> = new Set(['stream', 'channel']);

const opSchema = z.enum(['start', 'stop']);

export const typingEndpoint = userEndpoint({
  method: 'POST',
  path: '/typing',
  params: {
    type: optional('text', z.string(), 'direct'),
    op: required('text', opSchema),
    to: optional('json', z.array(z.number().int())),
    stream_id: optional('json', z.number().int()),
    topic: optional('text', z.string()),
  },
  handle: ({ services, params, user }) => {
    // Zulip's words for a value outside its Literal.
    if (!channelTypes.has(params.type) && params.type !== 'direct') {
      throw errors.badRequest('Invalid type');
    }
    if (params.type === 'direct') {
      // Zulip words these as a missing argument, but answers BAD_REQUEST.
      if (params.to === undefined) throw errors.badRequest("Missing 'to' argument");
      sendPrivateTyping(services, user, params.op, params.to);
      return {};
    }
    if (params.stream_id === undefined) throw errors.badRequest("Missing 'stream_id' argument");
    if (params.topic === undefined) throw errors.badRequest('Missing topic');
    sendStreamTyping(services, user, params.op, {
      streamId: params.stream_id,
      topic: params.topic,
    });
    return {};
  },
});

/** Zulip 10's typing notices while editing a message (feature level 351), at 361's path. */
export const messageEditTypingEndpoint = userEndpoint({
  method: 'POST',
  path: '/messages/:message_id/typing',
  params: {
    message_id: required('json', z.number().int().nonnegative()),
    op: required('text', opSchema),
  },
  handle: ({ services, params, user }) => {
    sendMessageEditTyping(services, user, params.op, params.message_id);
    return {};
  },
});
