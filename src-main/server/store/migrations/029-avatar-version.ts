// Zulip's UserProfile.avatar_version. The host draws each avatar from the
// user's initials, so a new picture comes with a name whose initials differ;
// every avatar so far is the first.
export const sql = `
ALTER TABLE users ADD COLUMN avatar_version INTEGER NOT NULL DEFAULT 1;
`;
