// Zulip 11's topics_policy (feature level 392): the organization's default
// for messages to the empty "general chat" topic, and each channel's own,
// which "inherit"s the organization's until set. A new organization allows
// the empty topic, as Zulip's does.
export const sql = `
ALTER TABLE realm ADD COLUMN topics_policy TEXT NOT NULL DEFAULT 'allow_empty_topic';
ALTER TABLE streams ADD COLUMN topics_policy TEXT NOT NULL DEFAULT 'inherit';
`;
