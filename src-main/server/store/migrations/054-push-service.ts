// Zulip 12's E2EE push registrations (feature level 468), kept as Zulip
// keeps them on each Device: the phone's push key (a type byte and a
// secretbox key) and its ID, the token registered with the push service and
// the one still on its way there, when that last changed, and the service's
// refusal of it. A registration the host has yet to forward waits in
// push_forwards until the service has it, through restarts. push_service is
// the host's own registration with the service: where it is, who to contact,
// what the service last said, for the Hosting page, and whether it pushes for
// the organization (Zulip's Realm.push_notifications_enabled).
export const sql = `
ALTER TABLE client_devices ADD COLUMN push_key BLOB;
ALTER TABLE client_devices ADD COLUMN push_key_id INTEGER;
ALTER TABLE client_devices ADD COLUMN push_token_kind TEXT CHECK (push_token_kind IN ('apns', 'fcm'));
ALTER TABLE client_devices ADD COLUMN push_token_id TEXT;
ALTER TABLE client_devices ADD COLUMN pending_push_token_id TEXT;
ALTER TABLE client_devices ADD COLUMN push_token_last_updated_timestamp INTEGER;
ALTER TABLE client_devices ADD COLUMN push_registration_error_code TEXT;

CREATE TABLE push_forwards (
  device_id INTEGER PRIMARY KEY REFERENCES client_devices(id) ON DELETE CASCADE,
  token_id TEXT NOT NULL,
  bouncer_public_key TEXT NOT NULL,
  encrypted_push_registration TEXT NOT NULL,
  failed_tries INTEGER NOT NULL DEFAULT 0,
  owed_at INTEGER NOT NULL
);

CREATE TABLE push_service (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  url TEXT NOT NULL,
  contact_email TEXT NOT NULL,
  registered_at INTEGER,
  unreachable_since INTEGER,
  refusal TEXT,
  can_push INTEGER NOT NULL DEFAULT 0
);
`;
