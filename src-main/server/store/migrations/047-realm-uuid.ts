// Zulip's Realm.uuid (feature level 466 gives it to clients as
// `realm_uuid`): the organization's identifier, stable wherever it is
// hosted. The host draws it when it next starts (bootstrapRealm), so that
// this migration, killed and run again, ends as it would have.
export const sql = `
ALTER TABLE realm ADD COLUMN uuid TEXT;
`;
