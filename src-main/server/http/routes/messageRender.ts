import { z } from 'zod';
import { renderMessagePreview } from '../../queries/messagePreview';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

export const renderMessageEndpoint = userEndpoint({
  method: 'POST',
  path: '/messages/render',
  params: { content: required('text', z.string()) },
  handle: ({ services, params, user }) => ({
    rendered: renderMessagePreview(services, user, params.content),
  }),
});
