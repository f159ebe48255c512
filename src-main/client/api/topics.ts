import { z } from 'zod';
import { apiSuccessSchema } from '../../wire';
import { emptyTopic } from './emptyTopic';
import type { HttpClient } from './http';
import { partialSchema, untilComplete } from './partialAnswers';

const topicsSchema = z.looseObject({
  topics: z.array(z.looseObject({ name: z.string(), max_id: z.number().int() })),
});

/** Zulip's visibility_policy: 0 follows the stream, 1 muted, 2 unmuted in a muted stream, 3 followed. */
export type TopicVisibility = 0 | 1 | 2 | 3;

// Zulip 8 (feature level 219): a topic may be followed, visibility_policy 3.
export const followedTopicsSince = 219;

/** A stream's topics: listed, deleted, muted or followed. */
export interface TopicsApi {
  getStreamTopics(streamId: number): Promise<{ name: string; max_id: number }[]>;
  /** Zulip's POST /streams/{id}/delete_topic, for administrators: delete_message events follow. */
  deleteTopic(streamId: number, topic: string): Promise<void>;
  /** Zulip 7.0's POST /user_topics; the change comes back as a user_topic event. */
  setTopicVisibility(streamId: number, topic: string, policy: TopicVisibility): Promise<void>;
  /** The PATCH /users/me/subscriptions/muted_topics of servers before feature level 170. */
  setTopicMutedLegacy(streamId: number, topic: string, muted: boolean): Promise<void>;
}

export function topicsApi(http: HttpClient, featureLevel: () => number): TopicsApi {
  return {
    async getStreamTopics(streamId) {
      const path = `users/me/${streamId}/topics`;
      return (await http.request('GET', path, emptyTopic(featureLevel), topicsSchema)).topics;
    },
    async deleteTopic(streamId, topic) {
      const path = `streams/${streamId}/delete_topic`;
      await untilComplete(() => http.request('POST', path, { topic_name: topic }, partialSchema));
    },
    async setTopicVisibility(streamId, topic, policy) {
      await http.request(
        'POST',
        'user_topics',
        { stream_id: streamId, topic, visibility_policy: policy },
        apiSuccessSchema,
      );
    },
    async setTopicMutedLegacy(streamId, topic, muted) {
      await http.request(
        'PATCH',
        'users/me/subscriptions/muted_topics',
        { stream_id: streamId, topic, op: muted ? 'add' : 'remove' },
        apiSuccessSchema,
      );
    },
  };
}
