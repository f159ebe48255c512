import { z } from 'zod';
import { sendPrivateTyping, sendStreamTyping } from '../../actions/typing';
import { errors } from '../../errors';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// `to`: the participants' user IDs, or in Zulip 7.0's form for a channel the
// channel's ID, alone or in a one-element list, which Zulip 8.0 (feature
// level 215) moved to `stream_id`. Both forms are taken.
const toSchema = z.union([z.array(z.number().int()), z.number().int()]);

// `channel` is Zulip 9.0's name (feature level 248) for `stream`, and
// `private` the old one for `direct`.
const channelTypes: ReadonlySet<string> = new Set(['stream', 'channel']);

export const typingEndpoint = userEndpoint({
  method: 'POST',
  path: '/typing',
  params: {
    type: optional('text', z.enum(['direct', 'private', 'stream', 'channel']), 'direct'),
    op: required('text', z.enum(['start', 'stop'])),
    to: optional('json', toSchema),
    stream_id: optional('json', z.number().int()),
    topic: optional('text', z.string()),
  },
  handle: ({ services, params, user }) => {
    const to = typeof params.to === 'number' ? [params.to] : params.to;
    if (!channelTypes.has(params.type)) {
      if (to === undefined) throw errors.missingArgument('to');
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
  if (to === undefined) throw errors.missingArgument('stream_id');
  const [streamId, ...rest] = to;
  if (streamId === undefined || rest.length > 0) {
    throw errors.badRequest('Invalid data type for stream ID');
  }
  return streamId;
}
