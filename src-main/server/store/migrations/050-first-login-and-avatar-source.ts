// Zulip's TOS_VERSION_BEFORE_FIRST_LOGIN (feature level 475): a person
// created through POST /users has not signed in yet, and their date_joined
// becomes the time they first do. Everyone already here has.
// Zulip's Realm.default_avatar_source (feature level 456): 'G', Gravatar,
// as every organization had before it, or 'J', Jdenticon (466), which
// people created from then on get as their avatar_source.
export const sql = `
ALTER TABLE users ADD COLUMN first_login_pending INTEGER NOT NULL DEFAULT 0;
ALTER TABLE realm ADD COLUMN default_avatar_source TEXT NOT NULL DEFAULT 'G';
ALTER TABLE users ADD COLUMN avatar_source TEXT NOT NULL DEFAULT 'G';
`;
