import { z } from 'zod';
import { readReceiptsOf } from '../../queries/readReceipts';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

export const getReadReceiptsEndpoint = userEndpoint({
  method: 'GET',
  path: '/messages/:message_id/read_receipts',
  params: { message_id: required('json', z.number().int().nonnegative()) },
  handle: ({ services, params, user }) => ({
    user_ids: readReceiptsOf(services.sql, user, params.message_id),
  }),
});
