import { z } from 'zod';
import { sendMessageEditTyping, sendPrivateTyping, sendStreamTyping } from '../../actions/typing';
import { errors } from '../../errors';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// `to`: the participants' user IDs, or in Zulip 7.0's form for a channel the
// channel's ID, alone or in a one-element list, which Zulip 8.0 (feature
// level 215) moved to `stream_id`. Both forms are taken.
const toSchema = z.union([z.array(z.number().int()), z.number().int()]);

// `channel` is Zulip 9.0's name (feature level 248) for `stream`. Zulip 8.0
// (feature level 215) refuses `private`, the old name for `direct`; it is
// kept for the clients of Zulip 7.0, which the host still declares itself.
const channelTypes: ReadonlySet<string> = new Set(['stream', 'channel']);
const directTypes: ReadonlySet<string> = new Set(['direct', 'private']);

const opSchema = z.enum(['start', 'stop']);

export const typingEndpoint = userEndpoint({
  method: 'POST',
  path: '/typing',
  params: {
    type: optional('text', z.string(), 'direct'),
    op: required('text', opSchema),
    to: optional('json', toSchema),
    stream_id: optional('json', z.number().int()),
    topic: optional('text', z.string()),
  },
  handle: ({ services, params, user }) => {
    // Zulip's words for a value outside its Literal.
    if (!channelTypes.has(params.type) && !directTypes.has(params.type)) {
      throw errors.badRequest('Invalid type');
    }
    const to = typeof params.to === 'number' ? [params.to] : params.to;
    if (!channelTypes.has(params.type)) {
      // Zulip words these as a missing argument, but answers BAD_REQUEST.
      if (to === undefined) throw errors.badRequest("Missing 'to' argument");
      sendPrivateTyping(services, user, params.op, to);
      return {};
    }
    const streamId = params.stream_id ?? channelIn(to);
    if (params.topic === undefined) throw errors.badRequest('Missing topic');
    sendStreamTyping(services, user, params.op, { streamId, topic: params.topic });
    return {};
  },
});

/** The channel a Zulip 7.0 client names in `to`. */
function channelIn(to: readonly number[] | undefined): number {
  if (to === undefined) throw errors.badRequest("Missing 'stream_id' argument");
  const [streamId, ...rest] = to;
  if (streamId === undefined || rest.length > 0) {
    throw errors.badRequest('Invalid data type for channel ID');
  }
  return streamId;
}

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
