// The settings Zulip added or changed between 7.0 and 12.0 (feature levels
// 216 to 454), as a Zulip server's own migrations leave them:
// - the organization: require_unique_names (246), the guest indicator (216)
//   and direct-message warning (348), both on by default, and the channel of
//   Zulip's update announcements (242), none here;
// - each person's settings under Zulip 12's names: default_view is
//   web_home_view (219), recent_topics is recent (454);
//   desktop_icon_count_display makes room for followed topics at 2 (227);
//   dense_mode (364) gives the compact font size and line height it
//   amounted to (245), for everyone who had it, as it was on by default;
//   it stays beside them while the host declares Zulip 7.0.
export const sql = `
ALTER TABLE realm ADD COLUMN require_unique_names INTEGER NOT NULL DEFAULT 0;
ALTER TABLE realm ADD COLUMN enable_guest_user_indicator INTEGER NOT NULL DEFAULT 1;
ALTER TABLE realm ADD COLUMN enable_guest_user_dm_warning INTEGER NOT NULL DEFAULT 1;
ALTER TABLE realm ADD COLUMN zulip_update_announcements_stream_id INTEGER REFERENCES streams(id);

UPDATE user_settings SET name = 'web_home_view' WHERE name = 'default_view';
UPDATE user_settings SET value = '"recent"'
  WHERE name = 'web_home_view' AND value = '"recent_topics"';
UPDATE user_settings SET name = 'web_escape_navigates_to_home_view'
  WHERE name = 'escape_navigates_to_default_view';

UPDATE user_settings SET value = CAST(value AS INTEGER) + 1
  WHERE name = 'desktop_icon_count_display' AND value IN ('2', '3');

INSERT INTO user_settings (user_id, name, value)
  SELECT id, 'web_font_size_px', '14' FROM users
  WHERE NOT EXISTS (SELECT 1 FROM user_settings
    WHERE user_id = users.id AND name = 'dense_mode' AND value = 'false');
INSERT INTO user_settings (user_id, name, value)
  SELECT id, 'web_line_height_percent', '122' FROM users
  WHERE NOT EXISTS (SELECT 1 FROM user_settings
    WHERE user_id = users.id AND name = 'dense_mode' AND value = 'false');
`;
