// Zulip's PreregistrationUser beside its MultiuseInvite: an invitation for
// one email address (NULL: a reusable link), kept in the same table so both
// join by a key. `notify_referrer_on_join` is Zulip 9's (feature level 267),
// `welcome_message_custom_text` Zulip 11's (feature level 416, NULL: the
// organization's own). `used_by` is who joined by an email invitation, which
// then stops working.
export const sql = `
ALTER TABLE invites ADD COLUMN email TEXT;
ALTER TABLE invites ADD COLUMN notify_referrer_on_join INTEGER NOT NULL DEFAULT 1;
ALTER TABLE invites ADD COLUMN welcome_message_custom_text TEXT;
ALTER TABLE invites ADD COLUMN used_by INTEGER REFERENCES users (id);
`;
