// Zulip 10's message_edit_history_visibility_policy (feature level 358) in
// place of allow_edit_history: who may read a message's earlier versions,
// "all" of them, "moves" alone, or "none". An organization that had edit
// history off keeps it off, as Zulip's own migration took it; the boolean
// is read from the policy from here on, for clients of Zulip 7.0.
//
// And which settings each person changed themselves, which Zulip 12 reads
// from its audit log when an administrator changes a setting for others
// but for those who already chose (feature level 444). Until now only the
// person could change a setting, so every stored one was theirs, save the
// language a new account took from the organization and the compact font
// size and line height migration 040 gave for the old dense_mode.
export const sql = `
ALTER TABLE realm ADD COLUMN message_edit_history_visibility_policy TEXT NOT NULL DEFAULT 'all'
  CHECK (message_edit_history_visibility_policy IN ('all', 'moves', 'none'));
UPDATE realm SET message_edit_history_visibility_policy = 'none' WHERE allow_edit_history = 0;
ALTER TABLE realm DROP COLUMN allow_edit_history;

CREATE TABLE user_setting_edits (
  user_id INTEGER NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  PRIMARY KEY (user_id, name)
) WITHOUT ROWID;
INSERT INTO user_setting_edits (user_id, name)
  SELECT user_id, name FROM user_settings
  WHERE NOT (name = 'default_language'
      AND value = json_quote((SELECT default_language FROM realm WHERE id = 1)))
    AND NOT (name = 'web_font_size_px' AND value = '14')
    AND NOT (name = 'web_line_height_percent' AND value = '122');
`;
