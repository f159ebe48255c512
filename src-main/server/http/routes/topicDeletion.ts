import { z } from 'zod';
import { topicDeletion } from '../../actions/deleteTopic';
import { userEndpoint } from '../endpoint';
import { required } from '../params';
import { timeLimitedBatches } from '../timeLimitedBatches';

/**
 * Zulip's POST /streams/{stream_id}/delete_topic: `complete: true` once the
 * topic is empty, or `complete: false` when the time limit came first
 * (feature level 211).
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
