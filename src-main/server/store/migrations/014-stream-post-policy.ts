// Zulip 7.0's stream_post_policy in place of the boolean before it: who may
// post, from everyone (1) through administrators (2), full members (3) and
// moderators (4). An announcement-only stream was policy 2.
export const sql = `
ALTER TABLE streams ADD COLUMN stream_post_policy INTEGER NOT NULL DEFAULT 1
  CHECK (stream_post_policy BETWEEN 1 AND 4);
UPDATE streams SET stream_post_policy = 2 WHERE is_announcement_only = 1;
ALTER TABLE streams DROP COLUMN is_announcement_only;
`;
