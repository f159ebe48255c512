import { mainAreas, windowAreas } from '../../../src-main/i18n/catalogs';
import type { Pick } from './seededRandom';

// The app's own areas, so the generated catalog splits as the real one does.
export const areas = [...windowAreas, ...mainAreas];

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
export const quotas: readonly (readonly [(pick: Pick) => string, number])[] = [
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
