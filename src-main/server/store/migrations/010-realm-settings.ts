// The organization settings administrators change with PATCH /realm, beyond
// the editing ones of 004. They start at Zulip 7.0's defaults: only
// administrators delete messages, with a ten-minute limit for anyone a wider
// policy lets delete their own, and every member may invite.
//
// Reusable invitation links are kept in a table of their own.
//
// An uploaded icon lives in a table of its own, so that reading the realm's
// settings never reads the image; icon_source is Zulip's 'U' for uploaded,
// 'G' (its gravatar) for the icon the host draws from the name.
export const sql = `
ALTER TABLE realm ADD COLUMN delete_own_message_policy INTEGER NOT NULL DEFAULT 2;
ALTER TABLE realm ADD COLUMN message_content_delete_limit_seconds INTEGER DEFAULT 600;
ALTER TABLE realm ADD COLUMN invite_to_realm_policy INTEGER NOT NULL DEFAULT 1;
ALTER TABLE realm ADD COLUMN icon_source TEXT NOT NULL DEFAULT 'G';
ALTER TABLE realm ADD COLUMN icon_version INTEGER NOT NULL DEFAULT 1;

-- Zulip's MultiuseInvite: a link anyone may join by, with a role, the
-- streams it joins, and an expiry (NULL: never). A revoked one is kept.
CREATE TABLE invites (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  invited_by INTEGER NOT NULL REFERENCES users (id),
  invited_as INTEGER NOT NULL,
  stream_ids TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  revoked INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE realm_icon (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  content_type TEXT NOT NULL,
  data BLOB NOT NULL
);
`;
