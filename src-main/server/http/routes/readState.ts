import { z } from 'zod';
import { markAllAsRead, markStreamAsRead } from '../../actions/markAsRead';
import { updateFlagsForNarrow } from '../../actions/updateFlagsForNarrow';
import { updateMessageFlags } from '../../actions/updateMessageFlags';
import { narrowSchema } from '../../narrow/terms';
import { accessStreamById } from '../../queries/streamAccess';
import { userEndpoint } from '../endpoint';
import { anchorSchema } from '../anchorParam';
import { completed } from '../timeLimitedBatches';
import { optional, required } from '../params';

export const updateMessageFlagsEndpoint = userEndpoint({
  method: 'POST',
  path: '/messages/flags',
  params: {
    messages: required('json', z.array(z.number().int())),
    op: required('text', z.string()),
    flag: required('text', z.string()),
  },
  handle: ({ services, params, user }) => {
    updateMessageFlags(services, user, {
      messageIds: params.messages,
      op: params.op,
      flag: params.flag,
    });
    // Zulip echoes the IDs it was given, whatever changed.
    return { messages: params.messages };
  },
});

export const updateFlagsForNarrowEndpoint = userEndpoint({
  method: 'POST',
  path: '/messages/flags/narrow',
  params: {
    anchor: required('text', anchorSchema),
    include_anchor: optional('json', z.boolean(), true),
    num_before: required('json', z.number().int().nonnegative()),
    num_after: required('json', z.number().int().nonnegative()),
    narrow: required('json', narrowSchema),
    op: required('text', z.string()),
    flag: required('text', z.string()),
  },
  handle: ({ services, params, user }) =>
    updateFlagsForNarrow(services, user, {
      anchor: params.anchor,
      includeAnchor: params.include_anchor,
      numBefore: params.num_before,
      numAfter: params.num_after,
      narrow: params.narrow,
      op: params.op,
      flag: params.flag,
    }),
});

export const markAllAsReadEndpoint = userEndpoint({
  method: 'POST',
  path: '/mark_all_as_read',
  params: {},
  handle: ({ services, user }) => {
    markAllAsRead(services, user);
    // One statement marks everything, so the time limit never cuts it short.
    return completed;
  },
});

export const markStreamAsReadEndpoint = userEndpoint({
  method: 'POST',
  path: '/mark_stream_as_read',
  params: { stream_id: required('json', z.number().int()) },
  handle: ({ services, params, user }) => {
    const stream = accessStreamById(services.sql, user, params.stream_id);
    markStreamAsRead(services, user, { stream, topic: null });
    return {};
  },
});

export const markTopicAsReadEndpoint = userEndpoint({
  method: 'POST',
  path: '/mark_topic_as_read',
  params: {
    stream_id: required('json', z.number().int()),
    topic_name: required('text', z.string()),
  },
  handle: ({ services, params, user }) => {
    const stream = accessStreamById(services.sql, user, params.stream_id);
    markStreamAsRead(services, user, { stream, topic: params.topic_name });
    return {};
  },
});
