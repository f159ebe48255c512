// Zulip's Realm.default_language: the language a new user starts with. Every
// organization so far started its users with English, Zulip's default.
export const sql = `
ALTER TABLE realm ADD COLUMN default_language TEXT NOT NULL DEFAULT 'en';
`;
