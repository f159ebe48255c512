// Zulip's ChannelFolder (feature levels 389 and 414): an organization files
// its channels under names its administrators choose, in an order they set.
// A folder is archived rather than deleted, and only once it is empty.
// `sort_order` is Zulip's `order`, a word SQL keeps for itself.
export const sql = `
CREATE TABLE channel_folders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  rendered_description TEXT NOT NULL,
  creator_id INTEGER REFERENCES users(id),
  date_created INTEGER NOT NULL,
  sort_order INTEGER NOT NULL,
  is_archived INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX channel_folders_by_name ON channel_folders (name COLLATE NOCASE);
ALTER TABLE streams ADD COLUMN folder_id INTEGER REFERENCES channel_folders(id);
`;
