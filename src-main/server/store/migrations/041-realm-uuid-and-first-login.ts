// Zulip's Realm.uuid (feature level 466 gives it to clients as
// `realm_uuid`): the organization's identifier, stable wherever it is
// hosted. The host draws it when it next starts (bootstrapRealm), so that
// this migration, killed and run again, ends as it would have.
//
// Zulip's TOS_VERSION_BEFORE_FIRST_LOGIN, as a flag: someone an
// administrator created through the API has not signed in yet, and their
// date_joined becomes the time they first do (feature level 475). Those
// created before this migration have long had their chance.
export const sql = `
ALTER TABLE realm ADD COLUMN uuid TEXT;
ALTER TABLE users ADD COLUMN first_login_pending INTEGER NOT NULL DEFAULT 0;
`;
