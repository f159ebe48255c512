// The server's names for Unicode emoji (Zulip's server_emoji_data_url), kept
// so that reactions name what the server knows even offline, and fetched once
// per file, whose URL changes with the server's version.
export const sql = `
CREATE TABLE server_emoji (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  url TEXT NOT NULL,
  code_to_names TEXT NOT NULL
);
`;
