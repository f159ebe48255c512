// Zulip's PresenceSequence and UserPresence.last_update_id (feature level
// 263): every change of someone's presence takes the organization's next
// number, so that a client asks only for what changed since the number it
// holds. Presence kept so far counts as change 0.
export const sql = `
ALTER TABLE user_presence ADD COLUMN last_update_id INTEGER NOT NULL DEFAULT 0;
CREATE TABLE presence_sequence (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  last_update_id INTEGER NOT NULL
);
INSERT INTO presence_sequence (id, last_update_id) VALUES (1, 0);
`;
