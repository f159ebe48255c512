// Custom profile fields, as Zulip's CustomProfileField and
// CustomProfileFieldValue. `field_data` keeps Zulip's wire form: a JSON text
// for list-of-options and external-account fields, '' for the others. IDs are
// never reused, so a value a client still holds cannot name a newer field.
export const sql = `
CREATE TABLE custom_profile_fields (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  hint TEXT NOT NULL DEFAULT '',
  field_type INTEGER NOT NULL,
  field_data TEXT NOT NULL DEFAULT '',
  sort_order INTEGER NOT NULL,
  display_in_profile_summary INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE custom_profile_field_values (
  user_id INTEGER NOT NULL REFERENCES users(id),
  field_id INTEGER NOT NULL REFERENCES custom_profile_fields(id),
  value TEXT NOT NULL,
  rendered_value TEXT,
  PRIMARY KEY (user_id, field_id)
) WITHOUT ROWID;
CREATE INDEX custom_profile_field_values_by_field ON custom_profile_field_values (field_id);
`;
