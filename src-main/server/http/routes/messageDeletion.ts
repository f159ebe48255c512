import { z } from 'zod';
import { deleteMessage } from '../../actions/deleteMessage';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

export const deleteMessageEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/messages/:message_id',
  params: { message_id: required('json', z.number().int().nonnegative()) },
  handle: ({ services, params, user }) => {
    deleteMessage(services, user, params.message_id);
    return {};
  },
});
