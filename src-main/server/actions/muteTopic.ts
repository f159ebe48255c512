import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import {
  deleteMutedTopic,
  insertMutedTopic,
  isTopicMuted,
  mutedTopicsOf,
} from '../store/mutedTopics';
import type { StreamRow } from '../store/streams';
import type { UserRow } from '../store/users';

/** Zulip's legacy `muted_topics` list: [stream name, topic, date muted]. */
export function mutedTopicsState(services: Services, user: UserRow): [string, string, number][] {
  return mutedTopicsOf(services.sql, user.id).map((row) => [
    row.stream_name,
    row.topic,
    row.date_muted,
  ]);
}

/** Mutes or unmutes a topic; Zulip refuses to mute twice or unmute what is not muted. */
export function muteTopic(
  services: Services,
  user: UserRow,
  request: { stream: StreamRow; topic: string; muted: boolean },
): void {
  const { sql } = services;
  const { stream, topic } = request;
  sql.transaction(() => {
    if (request.muted) {
      if (isTopicMuted(sql, user.id, stream.id, topic)) {
        throw errors.badRequest('Topic already muted');
      }
      insertMutedTopic(sql, {
        userId: user.id,
        streamId: stream.id,
        topic,
        dateMuted: Math.floor(Date.now() / 1000),
      });
    } else if (!deleteMutedTopic(sql, user.id, stream.id, topic)) {
      throw errors.badRequest('Topic is not muted');
    }
  });
  services.queues.notify(
    plainNotice('muted_topics', { muted_topics: mutedTopicsState(services, user) }),
    [user.id],
  );
}
