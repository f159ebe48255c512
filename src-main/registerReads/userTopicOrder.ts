import type { UserTopic } from '../wire/registerState';

// SQLite's NOCASE folds ASCII letters only; /register orders topics that way.
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Whether two topic names are one topic, as the host's store compares them. */
export const sameTopic = (a: string, b: string) => foldAscii(a) === foldAscii(b);

/** The order of register's `user_topics`: by channel, then by the topic's name as shown. */
export const byStreamThenTopic = (a: UserTopic, b: UserTopic) => {
  if (a.stream_id !== b.stream_id) return a.stream_id - b.stream_id;
  const [x, y] = [foldAscii(a.topic_name), foldAscii(b.topic_name)];
  return x < y ? -1 : x > y ? 1 : 0;
};
