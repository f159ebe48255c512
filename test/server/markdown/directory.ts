import { compiledLinkifier } from '../../../src-main/server/markdown/linkifierPattern';
import type {
  MarkdownLookups,
  MentionableUser,
  UploadedFile,
} from '../../../src-main/server/markdown/lookups';

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

// The organization's uploads by path_id, as their uploads recorded them.
const uploads = new Map<string, UploadedFile>([
  [
    '1/4e/m2A3MSqFnWRLUf9SaPzQ0Up_/sketch.png',
    { contentType: 'image/png', image: { width: 640, height: 480, animated: false } },
  ],
  ['1/4e/m2A3MSqFnWRLUf9SaPzQ0Up_/minutes.pdf', { contentType: 'application/pdf', image: null }],
  [
    '1/aa/tokenA/a.jpg',
    { contentType: 'image/jpeg', image: { width: 300, height: 400, animated: false } },
  ],
  [
    '1/bb/tokenB/b.gif',
    { contentType: 'image/gif', image: { width: 64, height: 64, animated: true } },
  ],
  ['1/cc/tokenC/take.mp3', { contentType: 'audio/mpeg', image: null }],
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
  uploadedFile: (pathId) => uploads.get(pathId),
};
