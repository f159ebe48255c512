// Zulip's SubMessage: the widget a message opened (`/poll`, `/todo`) and
// every vote, option, task and strike sent to it since. The id orders a
// message's submessages, as Zulip's does. They go with their message
// (store/messageDeletion.ts).
export const sql = `
CREATE TABLE submessages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES messages(id),
  sender_id INTEGER NOT NULL REFERENCES users(id),
  msg_type TEXT NOT NULL,
  content TEXT NOT NULL
);
CREATE INDEX submessages_by_message ON submessages (message_id, id);
`;
