import { z } from 'zod';
import { sendPrivateTyping, sendStreamTyping } from '../../actions/typing';
import { errors } from '../../errors';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip 7.0's `to`: the participants' user IDs, or for a stream the stream's
// ID, alone or in a one-element list.
const toSchema = z.union([z.array(z.number().int()), z.number().int()]);

export const typingEndpoint = userEndpoint({
  method: 'POST',
  path: '/typing',
  params: {
    type: optional('text', z.enum(['direct', 'private', 'stream']), 'direct'),
    op: required('text', z.enum(['start', 'stop'])),
    to: required('json', toSchema),
    topic: optional('text', z.string()),
  },
  handle: ({ services, params, user }) => {
    const to = typeof params.to === 'number' ? [params.to] : params.to;
    if (params.type !== 'stream') {
      sendPrivateTyping(services, user, params.op, to);
      return {};
    }
    const [streamId, ...rest] = to;
    if (streamId === undefined || rest.length > 0) {
      throw errors.badRequest('Invalid data type for stream ID');
    }
    if (params.topic === undefined) throw errors.badRequest('Missing topic');
    sendStreamTyping(services, user, params.op, { streamId, topic: params.topic });
    return {};
  },
});
