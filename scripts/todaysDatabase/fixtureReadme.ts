import type { FixtureRecord } from './fixtureRecord';

// What each table holds in the fixture, by what the generator did.
const contents: Readonly<Record<string, string>> = {
  realm:
    'every setting changed from its default, an uploaded icon, #announcements as notifications channel',
  users:
    'an owner, an administrator, a moderator, members, a guest, a deactivated member, a member who joined by invitation, four bots (one deactivated, one reminded its owner of a missing channel)',
  recipients: 'one per person, channel and group conversation',
  streams:
    'public, private with and without shared history, every post policy, one renamed, one archived',
  huddles: 'the group conversation of Alice, Bob and Mona',
  subscriptions: "every property set on Alice's, Mona's left #watercooler (inactive)",
  clients: 'the clients that sent and set statuses',
  messages:
    'channel messages in several topics, direct messages, edited, renamed, resolved, moved, a poll, a to-do list, uploads, a delivered scheduled message, a message from a webhook, notices of moves and failures',
  user_messages:
    'read, starred, collapsed, mentioned, wildcard_mentioned, has_alert_word, historical flags',
  messages_fts: 'the search index (with its shadow tables)',
  default_streams: '#general and #design',
  user_settings:
    "every setting of Alice's changed, a few of Bob's, Nina's language from the organization",
  custom_profile_fields:
    'one field of each of the eight types and a custom external account, reordered',
  custom_profile_field_values: "Alice's for every field, Bob's for two",
  user_status: "Alice's and Bob's (text, a Unicode and a custom emoji); Alice and Mona away",
  user_topics: 'muted and unmuted topics (Zulip 7.0 has no API for followed ones)',
  event_queue_generation: 'the generation of the last start',
  event_queues: "Alice's queue, its first event acknowledged",
  event_notices: "the events waiting in Alice's queue",
  user_presence: 'Adam active, Bob idle; Alice and Mona idle once they turned presence off',
  invites: 'a link that never expires (Nina joined by it), one for a century, one revoked',
  realm_icon: 'the uploaded icon',
  attachments: 'an image and a text file linked from messages, and a file never linked',
  attachment_files: 'their bytes',
  attachment_messages: 'which messages link them',
  alert_words: "Bob's",
  user_groups: 'designers, and leads holding designers and @role:moderators',
  user_group_members: 'their members',
  user_group_subgroups: 'the groups inside leads',
  reactions: 'Unicode, custom and Zulip extra emoji, one joined',
  realm_emoji: ':shipit: and a retired one',
  realm_emoji_images: 'their images',
  muted_users: 'Alice muted Gus, Bob muted Dora',
  submessages: 'the poll and to-do list, with votes, an added option, tasks and a strike',
  scheduled_messages: 'two waiting (2099), one delivered, one failed (its channel archived)',
  bot_services: "the outgoing webhook bot's",
  drafts: "Bob's: to a channel, to a person, to nobody yet",
  realm_filters: 'two linkifiers',
  realm_playgrounds: 'a Rust playground',
};

const roleNames: Readonly<Record<number, string>> = {
  100: 'owner',
  200: 'administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
};

/** The folder's README: what wrote it, how to sign in, what it holds. */
export function fixtureReadme(
  record: FixtureRecord,
  tableRows: ReadonlyMap<string, number>,
): string {
  const people = Object.entries(record.people).map(
    ([name, person]) =>
      `| ${name} | ${person.email} | ${person.id} | ${person.active ? roleNames[person.role] : `${roleNames[person.role]}, deactivated`} | \`${person.apiKey}\` |`,
  );
  const bots = Object.entries(record.bots).map(
    ([name, bot]) =>
      `| ${name} | ${bot.email} | ${bot.id} | ${bot.active ? 'active' : 'deactivated'} | \`${bot.apiKey}\` |`,
  );
  const tables = [...tableRows].map(
    ([table, rows]) =>
      `| ${table} | ${rows} | ${contents[table] ?? (table.startsWith('messages_fts_') ? 'the search index' : '')} |`,
  );
  return `# Today's database

A Hearth host's data folder as the version before the move to Zulip 12
(issue 52) wrote it. Issue 52, point 5: a host started on a database written
by that version migrates it in place, without loss.
\`test/server/store/todaysDatabase.test.ts\` starts a host on a copy of it and
reads everything back through the API.

- Schema version: **${record.schemaVersion}** (\`PRAGMA user_version\`)
- Written by commit \`${record.commit}\`, with \`scripts/make-todays-database.ts\`
- Do not regenerate it with later code: its worth is that the code before the
  move wrote it. (To rerun the generator on that commit:
  \`node --import tsx scripts/make-todays-database.ts --out <new folder>\`.)

## Files

- \`hearth.sqlite3\`: the database, checkpointed, with no \`-wal\` or \`-shm\`
  beside it. Today's host keeps uploaded files, custom emoji and the icon in
  the database (\`attachment_files\`, \`realm_emoji_images\`, \`realm_icon\`), so
  a data folder has no uploads directory; \`zuliprc\`, which the host writes
  again at every start, is left out.
- \`fixture.json\`: the accounts and the kept event queue, as the test reads them.

## Time

The host ran on a clock the generator moved by hand, from
${new Date(record.startedAt * 1000).toISOString()} on, ten seconds per request, so every timestamp the
database holds is the same at every run.

## Accounts

Every person's password: \`${record.password}\`.

| name | email | id | role | API key |
| ---- | ----- | -- | ---- | ------- |
${people.join('\n')}

| bot | email | id | state | API key |
| --- | ----- | -- | ----- | ------- |
${bots.join('\n')}

Alice's event queue \`${record.eventQueue.queueId}\` holds the events after ${record.eventQueue.lastEventId}.

## Tables

| table | rows | what they hold |
| ----- | ---- | -------------- |
${tables.join('\n')}
`;
}
