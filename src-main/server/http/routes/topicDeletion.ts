import { z } from 'zod';
import { topicDeletion } from '../../actions/deleteTopic';
import { userEndpoint } from '../endpoint';
import { required } from '../params';
import { timeLimitedBatches } from '../timeLimitedBatches';

/**
 * Zulip 7.0's POST /streams/{stream_id}/delete_topic: a plain success once
 * the topic is empty, or `partially_completed` when the time limit came
 * first (feature level 154; `complete` only arrived with feature level 211).
 */
export const deleteTopicEndpoint = userEndpoint({
  method: 'POST',
  path: '/streams/:stream_id/delete_topic',
  params: {
    stream_id: required('json', z.number().int().nonnegative()),
    topic_name: required('text', z.string()),
  },
  handle: ({ services, params, user }) => {
    const nextBatch = topicDeletion(services, user, {
      streamId: params.stream_id,
      topic: params.topic_name,
    });
    return timeLimitedBatches(() => nextBatch() > 0);
  },
});
