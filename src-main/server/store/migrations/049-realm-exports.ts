// Zulip's RealmExport (feature levels 304 and 449): the organization's data
// exports, each of a type (`public`, `full_with_consent`,
// `full_without_consent`) and through Zulip's states, kept after a restart.
// `export_path` is the tarball's path under the data folder, once written.
export const sql = `
CREATE TABLE realm_exports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  export_type TEXT NOT NULL,
  status TEXT NOT NULL,
  acting_user_id INTEGER REFERENCES users(id),
  date_requested INTEGER NOT NULL,
  date_started INTEGER,
  date_succeeded INTEGER,
  date_failed INTEGER,
  date_deleted INTEGER,
  export_path TEXT UNIQUE
);
`;
