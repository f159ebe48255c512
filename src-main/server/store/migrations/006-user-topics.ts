// Zulip 7.0 generalized muted topics into per-user topic visibility policies
// (muted, unmuted in a muted stream, followed); the mutes carry over as policy 1.
export const sql = `
CREATE TABLE user_topics (
  user_id INTEGER NOT NULL REFERENCES users(id),
  stream_id INTEGER NOT NULL REFERENCES streams(id),
  topic TEXT NOT NULL COLLATE NOCASE,
  visibility_policy INTEGER NOT NULL CHECK (visibility_policy IN (1, 2, 3)),
  last_updated INTEGER NOT NULL,
  PRIMARY KEY (user_id, stream_id, topic)
) WITHOUT ROWID;
CREATE INDEX user_topics_by_topic ON user_topics (stream_id, topic);

INSERT INTO user_topics (user_id, stream_id, topic, visibility_policy, last_updated)
  SELECT user_id, stream_id, topic, 1, date_muted FROM muted_topics;
DROP TABLE muted_topics;
`;
