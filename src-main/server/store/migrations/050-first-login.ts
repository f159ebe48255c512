// Zulip's TOS_VERSION_BEFORE_FIRST_LOGIN (feature level 475): a person
// created through POST /users has not signed in yet, and their date_joined
// becomes the time they first do. Everyone already here has.
export const sql = `
ALTER TABLE users ADD COLUMN first_login_pending INTEGER NOT NULL DEFAULT 0;
`;
