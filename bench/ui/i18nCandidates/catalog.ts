// The workload the message-catalog candidates are compared on: a catalog of
// 2,000 English messages and the 300 a first view shows, with values. It is
// generated from a fixed seed, so every run and every candidate formats the
// same text; once locales/en holds 1,000 messages or more, those are used
// instead, with the bench's own checked messages added.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { FirstViewEntry, JsonValue, JsonValues } from './page';

export const CATALOG_SIZE = 2_000;
export const FIRST_VIEW = 300;
const LOCALE_MESSAGES_NEEDED = 1_000;

export type Catalog = Record<string, string>;

/** A message whose output for its values is known, so a run proves it formatted rather than echoed. */
export interface CheckedMessage {
  key: string;
  source: string;
  values?: JsonValues;
  expected: string;
}

// In every first view: each candidate must produce exactly this text for them
// or the run stops, since a figure for output that is wrong would mislead.
export const checkedMessages: readonly CheckedMessage[] = [
  {
    key: 'bench.typing',
    source: '{name} is typing…',
    values: { name: 'Bea Ortiz' },
    expected: 'Bea Ortiz is typing…',
  },
  {
    key: 'bench.unread',
    source:
      '{count, plural, =0 {No unread messages} one {# unread message} other {# unread messages}}',
    values: { count: 1234 },
    expected: '1,234 unread messages',
  },
  {
    key: 'bench.notified',
    source:
      '{gender, select, female {{name} updated her status} male {{name} updated his status} other {{name} updated their status}}',
    values: { gender: 'other', name: 'Chidi' },
    expected: 'Chidi updated their status',
  },
  {
    key: 'bench.rank',
    source:
      'You are the {position, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} subscriber',
    values: { position: 22 },
    expected: 'You are the 22nd subscriber',
  },
  {
    key: 'bench.storage',
    source: '{fraction, number, percent} of the upload quota used',
    values: { fraction: 0.42 },
    expected: '42% of the upload quota used',
  },
];

// Formatted after the timed loads, one by one, for the feature column: what
// ICU MessageFormat 1 asks for beyond placeholders. A tag's function wraps
// its text in brackets, so a library that leaves tags as text fails it.
export const featureMessages: readonly (CheckedMessage & { feature: string })[] = [
  {
    feature: 'plural',
    key: 'bench.feature.plural',
    source: '{count, plural, =0 {No files} one {# file} other {# files}}',
    values: { count: 0 },
    expected: 'No files',
  },
  {
    feature: 'offset',
    key: 'bench.feature.offset',
    source:
      '{count, plural, offset:1 =0 {Nobody reacted} =1 {{name} reacted} one {{name} and # other reacted} other {{name} and # others reacted}}',
    values: { count: 3, name: 'Ann' },
    expected: 'Ann and 2 others reacted',
  },
  {
    feature: 'select',
    key: 'bench.feature.select',
    source: '{role, select, owner {Owner} admin {Administrator} other {Member}}',
    values: { role: 'admin' },
    expected: 'Administrator',
  },
  {
    feature: 'selectordinal',
    key: 'bench.feature.selectordinal',
    source: '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} reply',
    values: { n: 3 },
    expected: '3rd reply',
  },
  {
    feature: 'number',
    key: 'bench.feature.number',
    source: '{size, number} bytes, {amount, number, ::currency/EUR}',
    values: { size: 1048576, amount: 12.5 },
    expected: '1,048,576 bytes, €12.50',
  },
  {
    feature: 'date',
    key: 'bench.feature.date',
    source: 'Sent {when, date, medium} at {when, time, short}',
    values: { when: { date: Date.UTC(2026, 10, 25, 15, 45) } },
    expected: 'Sent Nov 25, 2026 at 3:45 PM',
  },
  {
    feature: 'date skeleton',
    key: 'bench.feature.dateSkeleton',
    source: 'Joined {when, date, ::yyyyMMMd}',
    values: { when: { date: Date.UTC(2026, 10, 25, 15, 45) } },
    expected: 'Joined Nov 25, 2026',
  },
  {
    feature: 'tags',
    key: 'bench.feature.tags',
    source: 'Read the <link>terms of use</link> first',
    values: {},
    expected: 'Read the [terms of use] first',
  },
  {
    feature: 'quoting',
    key: 'bench.feature.quoting',
    source: "Type '{'name'}' to mention someone, it''s {n, number} keys",
    values: { n: 6 },
    expected: "Type {name} to mention someone, it's 6 keys",
  },
];

/** Deterministic numbers in [0, 1): mulberry32. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Pick = <T>(list: readonly T[]) => T;

const areas = ['common', 'window', 'settings', 'feed', 'channels', 'hosting', 'people', 'main'];

const actions = [
  'Mute',
  'Unmute',
  'Archive',
  'Rename',
  'Pin',
  'Unpin',
  'Hide',
  'Show',
  'Delete',
  'Edit',
  'Copy a link to',
  'Mark as read',
  'Subscribe to',
  'Unsubscribe from',
  'Star',
  'Move',
  'Resolve',
  'Follow',
  'Collapse',
  'Expand',
  'Search',
  'Export',
  'Share',
  'Open',
  'Forward',
  'Quote',
  'Report',
  'Restore',
  'Leave',
  'Invite people to',
];
const objects = [
  'this topic',
  'this channel',
  'the message',
  'all direct messages',
  'the conversation',
  'your draft',
  'the attachment',
  'this organization',
  'the selected messages',
  'the pinned topics',
  'the scheduled message',
  'this thread',
  'the profile picture',
  'the invitation link',
  'the custom emoji',
  'this view',
  'the unread messages',
  'the muted topics',
  'the starred messages',
  'the recent conversations',
  'the user group',
  'the linkifier',
  'the saved snippet',
  'the reminder',
  'the poll',
  'the code block',
  'the uploaded file',
  'the channel folder',
  'the inbox',
  'the combined feed',
];
const suffixes = ['', '', '', '…', ' for everyone', ' on this computer', ' now', ' again'];
const subjects = [
  'The host',
  'Your draft',
  'The connection',
  'This message',
  'The upload',
  'The export',
  'Your session',
  'The server',
  'The channel',
  'The topic',
  'The invitation',
  'Your password',
  'The organization',
  'The update',
  'The backup',
  'The certificate',
  'The proxy',
  'Your API key',
  'The notification sound',
  'The search index',
];
const states = [
  'could not be reached',
  'was saved',
  'stopped unexpectedly',
  'is already taken',
  'was deleted',
  'is read-only',
  'has expired',
  'is too long',
  'is not supported on this computer',
  'was moved to another channel',
  'is still loading',
  'is up to date',
  'needs your attention',
  'was restored',
  'is out of date',
  'was interrupted',
];
const advice = [
  '',
  '',
  ' Check your connection and try again.',
  ' Try again in a few minutes.',
  ' Ask an administrator for help.',
  ' Restart Hearth to finish.',
  ' Your changes were not lost.',
  ' Choose another name.',
  ' Sign in again to continue.',
  ' See the log for details.',
];
const labels = [
  'Notification sound',
  'Default language',
  'Time zone',
  'Display name',
  'Theme',
  'Font size',
  'Message density',
  'Desktop notifications',
  'Email notifications',
  'Proxy settings',
  'Spell checking',
  'Start at login',
  'Network',
  'Privacy',
  'Keyboard shortcuts',
  'Emoji set',
  'Home view',
  'Animate avatars',
  'Show typing notifications',
  'Send read receipts',
];
const labelSuffixes = [
  '',
  ' (beta)',
  ' settings',
  ' for this organization',
  ' on this computer',
  ':',
];
const placeholderTemplates = [
  '{name} joined #{channel}',
  'Reply to {name}',
  'Signed in as {email}',
  '{name} renamed the topic to “{topic}”',
  'Uploading {file}…',
  'Connected to {host}',
  'Hearth {version} is ready to install',
  'Message #{channel} > {topic}',
  'Could not upload {file}: {reason}',
  '{name} invited you to #{channel}',
  'Search in #{channel}',
  'Mute {name}',
  '{name} moved this topic to #{channel}',
  'Switch to {language}',
  'Open {host} in your browser',
  'Last synced with {host}',
  'Direct message with {name}',
  '{name} reacted with {emoji}',
  'Remove {name} from #{channel}',
  'Welcome to {organization}!',
  'Copied {file} to the clipboard',
  '{name} started a call',
  'Drafts for #{channel} > {topic}',
  'Saved to {path}',
  '{name} is now an administrator of {organization}',
  'Export {organization} to {path}',
  'Mark #{channel} as read',
  'New topic in #{channel}',
  '{name} edited a message in {topic}',
  'Leave {organization}?',
  'Reconnecting to {host}…',
  'Downloaded {file}',
];
const placeholderTails = [
  '',
  ' in {where}',
  ' ({detail})',
  ' just now',
  ' on {device}',
  '. {advice}',
  ' from {device}',
  ' — {detail}',
  ' for {name}',
  ' again',
  ' by {name}',
  '?',
  ' (beta)',
  ' in the background',
  ' while you were away',
  ' a moment ago',
];
const nouns: readonly (readonly [string, string])[] = [
  ['message', 'messages'],
  ['unread message', 'unread messages'],
  ['reply', 'replies'],
  ['file', 'files'],
  ['member', 'members'],
  ['subscriber', 'subscribers'],
  ['topic', 'topics'],
  ['channel', 'channels'],
  ['mention', 'mentions'],
  ['reaction', 'reactions'],
  ['draft', 'drafts'],
  ['minute', 'minutes'],
  ['hour', 'hours'],
  ['day', 'days'],
  ['person', 'people'],
  ['invitation', 'invitations'],
  ['upload', 'uploads'],
  ['device', 'devices'],
  ['session', 'sessions'],
  ['custom emoji', 'custom emoji'],
  ['user group', 'user groups'],
  ['starred message', 'starred messages'],
  ['scheduled message', 'scheduled messages'],
  ['attachment', 'attachments'],
];
const pluralFrames = [
  (n: string, ns: string) => `{count, plural, one {# ${n}} other {# ${ns}}}`,
  (n: string, ns: string) => `{count, plural, =0 {No ${ns}} one {# ${n}} other {# ${ns}}}`,
  (n: string, ns: string) => `You have {count, plural, one {# ${n}} other {# ${ns}}}`,
  (n: string, ns: string) => `{count, plural, one {# ${n}} other {# ${ns}}} in #{channel}`,
  (n: string, ns: string) => `{name} added {count, plural, one {one ${n}} other {# ${ns}}}`,
  (n: string, ns: string) => `Delete {count, plural, one {this ${n}} other {these # ${ns}}}?`,
  (n: string, ns: string) =>
    `{count, plural, =0 {No new ${ns}} one {One new ${n}} other {# new ${ns}}} since {when, time, short}`,
  (n: string, ns: string) =>
    `Showing {shown, number} of {count, plural, one {# ${n}} other {# ${ns}}}`,
  (n: string, ns: string) => `{count, plural, one {# ${n}} other {# ${ns}}} selected`,
  (n: string, ns: string) => `Load {count, plural, one {# more ${n}} other {# more ${ns}}}`,
  (n: string, ns: string) =>
    `{count, plural, =0 {Nothing to export} one {Exporting # ${n}…} other {Exporting # ${ns}…}}`,
  (n: string, ns: string) =>
    `{count, plural, one {# ${n}} other {# ${ns}}} could not be loaded. Try again?`,
  (n: string, ns: string) =>
    `{name} and {count, plural, one {# other person} other {# other people}} have ${ns}`,
  (n: string, ns: string) => `Keep {count, plural, one {the last ${n}} other {the last # ${ns}}}`,
];
/** A frame with `{x}` for its filler, and the fillers that read well in it. */
type Framed = readonly [(x: string) => string, readonly string[]];
const profileParts = [
  'profile',
  'status',
  'avatar',
  'display name',
  'time zone',
  'pronouns',
  'email address',
];
const abilities = [
  'can manage channels',
  'can invite people',
  'can edit any message',
  'can delete messages',
  'can create topics',
  'can see this',
  'can add custom emoji',
  'can move topics',
  'can create user groups',
  'can export the organization',
  'can change the organization name',
  'can pin topics',
];
const scopes = ['', ' in this channel', ' in this organization', ' in private channels'];
const selectFrames: readonly Framed[] = [
  ...['updated', 'hid', 'changed', 'removed', 'shared'].map((verb): Framed => [
    (x) =>
      `{gender, select, female {{name} ${verb} her ${x}} male {{name} ${verb} his ${x}} other {{name} ${verb} their ${x}}}`,
    profileParts,
  ]),
  [
    (x) =>
      `{role, select, owner {Owners ${x}} admin {Administrators ${x}} member {Members ${x}} other {Guests ${x}}}`,
    abilities.flatMap((ability) => scopes.map((scope) => ability + scope)),
  ],
  [
    (x) =>
      `{platform, select, mac {Press ⌘K to ${x}} windows {Press Ctrl+K to ${x}} other {Press Ctrl+K to ${x}}}`,
    ['jump to a channel', 'open search', 'start a direct message', 'switch organizations'],
  ],
  [
    (x) =>
      `{gender, select, female {She has {count, plural, one {# message} other {# messages}} ${x}} other {They have {count, plural, one {# message} other {# messages}} ${x}}}`,
    ['to read', 'waiting', 'in drafts', 'scheduled', 'starred', 'unsent'],
  ],
  [
    (x) =>
      `{status, select, active {Active ${x}} idle {Idle ${x}} offline {Offline ${x}} other {Unknown ${x}}}`,
    ['now', 'on the phone', 'on this computer', 'in another window', 'since this morning'],
  ],
];
const formattedFrames: readonly Framed[] = [
  [
    (x) => `{fraction, number, percent} of ${x} used`,
    ['the disk', 'storage', 'the upload quota', 'the memory budget', 'the search index'],
  ],
  [
    (x) => `Last seen {when, date, medium}${x}`,
    ['', ' on this computer', ' by the host', ' on the phone', ' in #general'],
  ],
  [
    (x) => `Sent {when, time, short}${x}`,
    ['', ' from the phone', ' by the host', ' (edited)', ' with an attachment'],
  ],
  [
    (x) => `Expires on {when, date, long}${x}`,
    ['', '. Renew it in Settings.', ' unless it is used', ' (invitation)', ' (API key)'],
  ],
  [
    (x) => `{position, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} ${x}`,
    ['attempt', 'unread topic', 'member of this channel', 'reply', 'day in a row'],
  ],
  [
    (x) => `{size, number} KB ${x}`,
    ['free', 'free on this computer', 'free for uploads', 'used by drafts', 'to download'],
  ],
  [
    (x) => `Scheduled for {when, date, short} at {when, time, short}${x}`,
    ['', ' (your time)', ' in #general', ', repeats weekly'],
  ],
];
const tagFrames: readonly Framed[] = [
  [
    (x) => `Read the <link>${x}</link> to learn more.`,
    ['Zulip API documentation', 'hosting guide', 'import guide', 'release notes', 'FAQ'],
  ],
  [
    (x) => `<b>{name}</b> ${x} in #{channel}`,
    ['mentioned you', 'replied to you', 'reacted to your message', 'started a topic', 'quoted you'],
  ],
  [
    (x) => `By continuing you agree to the <link>${x}</link>.`,
    ['terms of service', 'privacy policy', 'acceptable use policy', 'community guidelines'],
  ],
  [
    (x) => `Press <kbd>${x}</kbd> to send, <kbd>Shift+Enter</kbd> for a new line`,
    ['Enter', 'Ctrl+Enter', '⌘+Enter'],
  ],
  [
    (x) => `<b>{count, plural, one {# person} other {# people}}</b> ${x}`,
    ['are typing…', 'have read this', 'reacted', 'were invited', 'joined today'],
  ],
  [
    (x) => `${x} <link>Undo</link>`,
    ['Topic moved.', 'Message deleted.', 'Channel archived.', 'Marked as read.', 'Muted.'],
  ],
];

const framed =
  (frames: readonly Framed[], tails: readonly string[] = ['']) =>
  (pick: Pick): string => {
    const [frame, fillers] = pick(frames);
    return frame(pick(fillers)) + pick(tails);
  };

/** How many of each kind of message the generated catalog has: mostly plain text, as a real one. */
const quotas: readonly (readonly [(pick: Pick) => string, number])[] = [
  [
    (pick) => {
      const form = pick([0, 0, 1, 1, 2]);
      if (form === 0) return `${pick(actions)} ${pick(objects)}${pick(suffixes)}`;
      if (form === 1) return `${pick(subjects)} ${pick(states)}.${pick(advice)}`;
      return `${pick(labels)}${pick(labelSuffixes)}`;
    },
    1_186,
  ],
  [(pick) => `${pick(placeholderTemplates)}${pick(placeholderTails)}`, 360],
  [
    (pick) => {
      const [one, other] = pick(nouns);
      return pick(pluralFrames)(one, other);
    },
    240,
  ],
  [framed(selectFrames), 80],
  [framed(formattedFrames, ['', ' so far', ' today', ' this week', ' on this computer']), 60],
  [framed(tagFrames, ['', ' (beta)', ' Learn more in Settings.', ' on this computer']), 60],
];

function keyFor(area: string, source: string, taken: ReadonlySet<string>): string {
  // The words outside any argument: innermost braces first, until none are left.
  let text = source.replace(/<[^>]*>/g, ' ');
  while (/\{[^{}]*\}/.test(text)) text = text.replace(/\{[^{}]*\}/g, ' ');
  const words = text
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .slice(0, 4)
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1).toLowerCase(),
    );
  const stem = `${area}.${words.join('') || 'message'}`;
  let key = stem;
  for (let n = 2; taken.has(key); n++) key = `${stem}${n}`;
  return key;
}

/** 2,000 distinct messages from a fixed seed, the bench's checked ones among them. */
export function generateCatalog(): Catalog {
  const next = random(38);
  const pick: Pick = (list) => list[Math.floor(next() * list.length)] as (typeof list)[number];
  const catalog: Catalog = {};
  const sources = new Set<string>();
  for (const message of [...checkedMessages, ...featureMessages]) {
    catalog[message.key] = message.source;
    sources.add(message.source);
  }
  const keys = new Set(Object.keys(catalog));
  for (const [make, quota] of quotas) {
    for (let made = 0, tries = 0; made < quota; tries++) {
      if (tries > 100 * quota)
        throw new Error(`the generator ran out of messages like ${make(pick)}`);
      const source = make(pick);
      if (sources.has(source)) continue;
      const key = keyFor(pick(areas), source, keys);
      sources.add(source);
      keys.add(key);
      catalog[key] = source;
      made++;
    }
  }
  if (keys.size !== CATALOG_SIZE) {
    throw new Error(`the generated catalog has ${keys.size} messages, not ${CATALOG_SIZE}`);
  }
  return catalog;
}

/** locales/en's messages, with the bench's checked ones, when there are enough of them. */
async function localeCatalog(): Promise<Catalog | null> {
  const folder = 'locales/en';
  const files = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.json'));
  const catalog: Catalog = {};
  for (const file of files) {
    const messages = JSON.parse(await readFile(join(folder, file), 'utf8')) as Record<
      string,
      unknown
    >;
    for (const [key, source] of Object.entries(messages)) {
      if (typeof source === 'string') catalog[key] = source;
    }
  }
  if (Object.keys(catalog).length < LOCALE_MESSAGES_NEEDED) return null;
  for (const message of [...checkedMessages, ...featureMessages]) {
    catalog[message.key] = message.source;
  }
  return catalog;
}

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

// intl-messageformat's element types (@formatjs/icu-messageformat-parser TYPE).
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

const stringPools: Record<string, readonly string[]> = {
  name: ['Aaron', 'Bea Ortiz', 'Chidi', 'Dana Kowalski', 'Émile', 'Farah'],
  channel: ['general', 'design', 'release-planning', 'help', 'random'],
  topic: ['weekly sync', 'bug triage', 'lunch', 'v2 launch', 'onboarding'],
  email: ['aaron@example.com', 'bea@hearth.test'],
  file: ['report.pdf', 'screenshot 2026-11-25.png', 'notes.txt'],
  host: ['chat.example.com', 'hearth.local:9443'],
  version: ['0.2.0', '1.4.3'],
  reason: ['the file is too large', 'the host refused it'],
  language: ['Deutsch', '日本語', 'Français'],
  emoji: [':tada:', ':thumbs_up:'],
  organization: ['Acme', 'Hearth Friends'],
  path: ['~/Downloads/export.zip'],
  where: ['the sidebar', 'your inbox', 'this window'],
  advice: ['Try again later.', 'Nothing was lost.'],
  detail: ['offline', 'read-only'],
  device: ['the laptop', 'Pixel 9'],
};
const numberPool = [0, 1, 2, 3, 5, 12, 21, 101, 1234];

/** Values for every argument of `source`, chosen from its names and types; tags are named apart. */
function valuesFor(source: string, pick: Pick): { values?: JsonValues; tags: string[] } {
  const values: Record<string, JsonValue> = {};
  const tags: string[] = [];
  const walk = (elements: readonly Element[]): void => {
    for (const element of elements) {
      const name = (element as { value?: unknown }).value;
      if (typeof name === 'string') {
        switch (element.type as number) {
          case ARGUMENT:
            values[name] ??= pick(stringPools[name] ?? ['Hearth']);
            break;
          case NUMBER:
            values[name] ??= name === 'fraction' ? pick([0.05, 0.42, 0.875]) : pick(numberPool);
            break;
          case DATE:
          case TIME:
            values[name] ??= { date: Date.UTC(2026, 10, pick([1, 12, 25]), pick([8, 15]), 45) };
            break;
          case PLURAL:
            values[name] ??= pick(numberPool);
            break;
          case SELECT:
            if ('options' in element) {
              const options = Object.keys(element.options);
              const named = options.filter((option) => option !== 'other');
              values[name] ??= pick(named.length > 0 ? named : options);
            }
            break;
          case TAG:
            if (!tags.includes(name)) tags.push(name);
            break;
        }
      }
      if ('options' in element && element.options) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if ('children' in element && Array.isArray(element.children)) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(source, 'en').getAst());
  return Object.keys(values).length > 0 ? { values, tags } : { tags };
}

export interface Workload {
  catalog: Catalog;
  /** Where the messages came from, for the bench's header. */
  origin: string;
  /** The first view's messages, in the order it shows them, with values. */
  firstView: FirstViewEntry[];
}

/** The catalog and first view every candidate formats; the checked messages are in it. */
export async function workload(): Promise<Workload> {
  const fromLocales = await localeCatalog();
  const catalog = fromLocales ?? generateCatalog();
  const next = random(300);
  const pick: Pick = (list) => list[Math.floor(next() * list.length)] as (typeof list)[number];
  const checked = new Set(checkedMessages.map((message) => message.key));
  const others = Object.keys(catalog).filter(
    (key) => !checked.has(key) && !key.startsWith('bench.feature.'),
  );
  const chosen = new Set<string>();
  while (chosen.size < FIRST_VIEW - checked.size) chosen.add(pick(others));
  const firstView: FirstViewEntry[] = checkedMessages.map((message) => ({
    key: message.key,
    ...(message.values ? { values: message.values } : {}),
    tags: [],
  }));
  for (const key of chosen) firstView.push({ key, ...valuesFor(catalog[key] ?? '', pick) });
  return {
    catalog,
    origin: fromLocales
      ? `locales/en (${Object.keys(catalog).length.toLocaleString('en')} messages)`
      : `generated (${Object.keys(catalog).length.toLocaleString('en')} messages; locales/en has fewer than ${LOCALE_MESSAGES_NEEDED.toLocaleString('en')})`,
    firstView,
  };
}
