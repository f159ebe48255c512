// Zulip's RealmFilter (linkifiers, applied in ID order as in Zulip 7.0,
// before feature level 202 let them be reordered) and RealmPlayground (a
// name and a Pygments language unique together, as Zulip's
// unique_together says).
export const sql = `
CREATE TABLE realm_filters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  pattern TEXT NOT NULL,
  url_template TEXT NOT NULL
);

CREATE TABLE realm_playgrounds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  pygments_language TEXT NOT NULL,
  url_prefix TEXT NOT NULL,
  UNIQUE (pygments_language, name)
);
`;
