// Zulip 12's push-notification records, as a server not yet registered with
// Zulip's push service keeps them: each signed-in phone's Device (feature
// level 468), whose push key and token stay empty until the host can forward
// a registration; the tokens of the legacy APIs (PushDeviceToken), which
// Zulip stores whether or not it can send through them; and the
// organization's require_e2ee_push_notifications (409).
export const sql = `
CREATE TABLE client_devices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  date_created INTEGER NOT NULL
);
CREATE INDEX client_devices_by_user ON client_devices (user_id, id);

CREATE TABLE push_device_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('apns', 'fcm')),
  token TEXT NOT NULL,
  ios_app_id TEXT,
  last_updated INTEGER NOT NULL,
  UNIQUE (user_id, kind, token)
);

ALTER TABLE realm ADD COLUMN require_e2ee_push_notifications INTEGER NOT NULL DEFAULT 0;
`;
