// Zulip's RealmEmoji: the organization's own emoji. A removed one is only
// deactivated, as on Zulip, so that reactions and old messages that name it
// keep their picture. Its image is kept in the database beside its row, as
// uploads are (011-uploads.ts), so an emoji is stored whole or not at all.
export const sql = `
CREATE TABLE realm_emoji (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  author_id INTEGER REFERENCES users(id),
  -- The name of its image under /user_avatars/<realm id>/emoji/images/.
  file_name TEXT NOT NULL UNIQUE,
  deactivated INTEGER NOT NULL DEFAULT 0
);
-- Zulip allows one active emoji of a name; deactivated ones may share it.
CREATE UNIQUE INDEX realm_emoji_active_name ON realm_emoji (name) WHERE deactivated = 0;

CREATE TABLE realm_emoji_images (
  emoji_id INTEGER PRIMARY KEY REFERENCES realm_emoji(id) ON DELETE CASCADE,
  content_type TEXT NOT NULL,
  data BLOB NOT NULL
);
`;
