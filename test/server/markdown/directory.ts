import type { MarkdownLookups, MentionableUser } from '../../../src-main/server/markdown/lookups';

// The organization the Markdown cases are written against.
const users: readonly MentionableUser[] = [
  { id: 7, fullName: 'Ada Lovelace', isActive: true },
  { id: 8, fullName: 'Old Timer', isActive: false },
  { id: 9, fullName: 'Grace Hopper', isActive: true },
];

const streams = [
  { id: 1, name: 'general' },
  { id: 3, name: 'design team' },
  { id: 5, name: 'café' },
];

const groups = [{ id: 12, name: 'Support', memberIds: [7, 9] }];

// Stream names match without regard to case, as the store's lookup does.
export const directory: MarkdownLookups = {
  userByName: (name) => users.find((user) => user.fullName.toLowerCase() === name.toLowerCase()),
  userById: (id) => users.find((user) => user.id === id),
  streamByName: (name) =>
    streams.find((stream) => stream.name.toLowerCase() === name.toLowerCase()),
  userGroupByName: (name) =>
    groups.find((group) => group.name.toLowerCase() === name.toLowerCase()),
  alertWords: () => new Map(),
};
