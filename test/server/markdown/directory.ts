import { compiledLinkifier } from '../../../src-main/server/markdown/linkifierPattern';
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

// Custom emoji by name, with their image's file; `octopus` shadows the Unicode one.
const realmEmoji = new Map([
  ['green_tick', '1a2b3c4d.png'],
  ['octopus', '5e6f7a8b.gif'],
]);

// The newest message the author may read in a topic, by stream ID and topic.
const latestInTopic = new Map([
  ['3:some topic', 214],
  ['1:', 99],
]);

const groups = [{ id: 12, name: 'Support', memberIds: [7, 9] }];

// Zulip's own test linkifiers, in the order they apply.
const linkifiers = [
  compiledLinkifier('#(?P<id>[0-9]{2,8})', 'https://trac.example.com/ticket/{id}'),
  compiledLinkifier(
    '(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_-]+)#(?P<id>[0-9]+)',
    'https://github.com/{org}/{repo}/pull/{id}',
  ),
].flatMap((linkifier) => (linkifier ? [linkifier] : []));

// Stream names match without regard to case, as the store's lookup does.
export const directory: MarkdownLookups = {
  userByName: (name) => users.find((user) => user.fullName.toLowerCase() === name.toLowerCase()),
  userById: (id) => users.find((user) => user.id === id),
  streamByName: (name) =>
    streams.find((stream) => stream.name.toLowerCase() === name.toLowerCase()),
  userGroupByName: (name) =>
    groups.find((group) => group.name.toLowerCase() === name.toLowerCase()),
  alertWords: () => new Map(),
  realmEmoji: (name) =>
    realmEmoji.has(name)
      ? { sourceUrl: `/user_avatars/1/emoji/images/${realmEmoji.get(name)}` }
      : undefined,
  linkifiers: () => linkifiers,
  latestTopicMessageId: (streamId, topic) => latestInTopic.get(`${streamId}:${topic}`),
};
