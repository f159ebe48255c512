// The organization settings, linkifier fields and navigation views Zulip
// added between 7.0 and 12.0, as a Zulip server's own migrations leave them:
// - the channels of sign-up announcements (241) and of moderation requests
//   (331), none here; channel event messages (434) on, as Zulip's default;
//   media previews at 100% (469); the GIF rating (55, renamed at 453) at G;
//   the organization's own Jitsi server (212), none; the call provider, none,
//   as the host offered none before;
// - linkifiers in an order of their own (202), which starts as their IDs',
//   with an example input and a reverse template (471) and alternative
//   templates (478), none;
// - playgrounds' url_template (196): Zulip's migration turned each prefix
//   into the prefix, its braces escaped, followed by {code};
// - each person's navigation views (390).
export const sql = `
ALTER TABLE realm ADD COLUMN signup_announcements_stream_id INTEGER REFERENCES streams(id);
ALTER TABLE realm ADD COLUMN moderation_request_channel_id INTEGER REFERENCES streams(id);
ALTER TABLE realm ADD COLUMN send_channel_events_messages INTEGER NOT NULL DEFAULT 1;
ALTER TABLE realm ADD COLUMN media_preview_size INTEGER NOT NULL DEFAULT 100;
ALTER TABLE realm ADD COLUMN gif_rating_policy INTEGER NOT NULL DEFAULT 2;
ALTER TABLE realm ADD COLUMN jitsi_server_url TEXT;
ALTER TABLE realm ADD COLUMN video_chat_provider INTEGER NOT NULL DEFAULT 0;

ALTER TABLE realm_filters ADD COLUMN "order" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE realm_filters ADD COLUMN example_input TEXT;
ALTER TABLE realm_filters ADD COLUMN reverse_template TEXT;
ALTER TABLE realm_filters ADD COLUMN alternative_url_templates TEXT NOT NULL DEFAULT '[]';
UPDATE realm_filters SET "order" = id;

CREATE TABLE realm_playgrounds_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  pygments_language TEXT NOT NULL,
  url_template TEXT NOT NULL,
  UNIQUE (pygments_language, name)
);
INSERT INTO realm_playgrounds_new (id, name, pygments_language, url_template)
  SELECT id, name, pygments_language,
    replace(replace(url_prefix, '{', '%7B'), '}', '%7D') || '{code}'
  FROM realm_playgrounds;
DROP TABLE realm_playgrounds;
ALTER TABLE realm_playgrounds_new RENAME TO realm_playgrounds;

CREATE TABLE navigation_views (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  fragment TEXT NOT NULL,
  is_pinned INTEGER NOT NULL,
  name TEXT,
  UNIQUE (user_id, fragment),
  UNIQUE (user_id, name)
);
`;
