// What Zulip added between 7.0 and 12.0 to custom profile fields, onboarding
// and invitations, as a Zulip server's own migrations leave existing rows:
// - a profile field may be required (feature level 244), is editable by its
//   owner unless an administrator says otherwise (296), and may be used to
//   match people in typeahead (455), off for every existing field;
// - the one-time notices each person has dismissed (233, 259);
// - an invitation link says whether it joins the default channels (261),
//   and which user groups it adds its newcomers to (322). Links made before
//   keep 7.0's reading, where an empty list of channels meant the default ones.
export const sql = `
ALTER TABLE custom_profile_fields ADD COLUMN required INTEGER NOT NULL DEFAULT 0;
ALTER TABLE custom_profile_fields ADD COLUMN editable_by_user INTEGER NOT NULL DEFAULT 1;
ALTER TABLE custom_profile_fields ADD COLUMN use_for_user_matching INTEGER NOT NULL DEFAULT 0;

CREATE TABLE onboarding_steps (
  user_id INTEGER NOT NULL REFERENCES users(id),
  onboarding_step TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  PRIMARY KEY (user_id, onboarding_step)
) WITHOUT ROWID;

ALTER TABLE invites ADD COLUMN include_realm_default_subscriptions INTEGER NOT NULL DEFAULT 0;
UPDATE invites SET include_realm_default_subscriptions = 1 WHERE stream_ids = '[]';
ALTER TABLE invites ADD COLUMN group_ids TEXT NOT NULL DEFAULT '[]';
`;
