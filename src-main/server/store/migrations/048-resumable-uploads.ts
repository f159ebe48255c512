// Zulip 10's resumable uploads over tus (feature level 295): an upload the
// host has agreed to and not yet received whole. Its bytes wait on disk, in
// the data folder's `tus/<id>.part`, never served; the row goes in the same
// transaction that makes it an attachment, which keeps the path it reserved.
export const sql = `
CREATE TABLE resumable_uploads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path_id TEXT NOT NULL UNIQUE,
  owner_id INTEGER NOT NULL REFERENCES users(id),
  size INTEGER NOT NULL,
  file_name TEXT NOT NULL,
  file_type TEXT NOT NULL,
  metadata TEXT NOT NULL,
  create_time INTEGER NOT NULL
);
`;
