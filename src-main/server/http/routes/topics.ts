import { z } from 'zod';
import { muteTopic, setTopicVisibility } from '../../actions/topicVisibility';
import { errors } from '../../errors';
import {
  accessStreamById,
  accessStreamByIdArchivedToo,
  accessStreamByName,
} from '../../queries/streamAccess';
import { topicsOfStream } from '../../store/streams';
import { VisibilityPolicy } from '../../store/userTopics';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';
import { intIn } from '../possibleValues';

export const getStreamTopics = userEndpoint({
  method: 'GET',
  path: '/users/me/:stream_id/topics',
  params: { stream_id: required('json', z.number().int()) },
  handle: ({ services, params, user }) => {
    const stream = accessStreamByIdArchivedToo(services.sql, user, params.stream_id, 'content');
    return { topics: topicsOfStream(services.sql, stream, user.id) };
  },
});

export const updateMutedTopic = userEndpoint({
  method: 'PATCH',
  path: '/users/me/subscriptions/muted_topics',
  params: {
    stream: optional('text', z.string()),
    stream_id: optional('json', z.number().int()),
    topic: required('text', z.string()),
    op: required('text', z.enum(['add', 'remove'])),
  },
  handle: ({ services, params, user }) => {
    // Zulip 12's check_for_exactly_one_stream_arg, in the words of a missing
    // stream_id, the parameter most callers send.
    if (params.stream === undefined && params.stream_id === undefined) {
      throw errors.badRequest("Missing 'stream_id' argument");
    }
    if (params.stream !== undefined && params.stream_id !== undefined) {
      throw errors.incompatibleParameters(['stream_id', 'stream']);
    }
    const muted = params.op === 'add';
    const { sql } = services;
    let stream;
    try {
      stream =
        params.stream_id !== undefined
          ? accessStreamById(sql, user, params.stream_id)
          : accessStreamByName(sql, user, params.stream ?? '');
    } catch (error) {
      // Zulip answers an unmute of an unknown stream with the unmute error itself.
      if (!muted) throw errors.badRequest('Topic is not muted');
      throw error;
    }
    muteTopic(services, user, { stream, topic: params.topic, muted });
    return {};
  },
});

// POST /user_topics (feature level 170): 0 inherit, 1 muted, 2 unmuted and,
// since feature level 219, 3 followed.
export const updateUserTopic = userEndpoint({
  method: 'POST',
  path: '/user_topics',
  params: {
    stream_id: required('json', z.number().int()),
    topic: required('text', z.string()),
    visibility_policy: required('json', intIn(Object.values(VisibilityPolicy))),
  },
  handle: ({ services, params, user }) => {
    const stream = accessStreamById(services.sql, user, params.stream_id);
    setTopicVisibility(services, user, {
      stream,
      topic: params.topic,
      policy: params.visibility_policy,
    });
    return {};
  },
});
