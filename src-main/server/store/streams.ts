import type { Sql } from './sql';

/** A channel's permissions (Zulip 10 and 11), each a column of Zulip's JSON group-setting value. */
export const channelGroupSettingColumns = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_create_topic_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
] as const;

export type ChannelGroupSettingColumn = (typeof channelGroupSettingColumns)[number];

export interface StreamRow extends Record<ChannelGroupSettingColumn, string> {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: number;
  history_public_to_subscribers: number;
  date_created: number;
  /** Null where nobody kept who made it. */
  creator_id: number | null;
  /** Zulip's Stream.deactivated: archived, kept with its name, subscribers and messages. */
  deactivated: number;
  /** The channel folder it is filed in, if any. */
  folder_id: number | null;
  /** Zulip's topics_policy: 'inherit' or the channel's own. */
  topics_policy: string;
  recipient_id: number;
}

const withRecipient = `SELECT streams.*, recipients.id AS recipient_id
  FROM streams JOIN recipients ON recipients.type = 2 AND recipients.type_id = streams.id`;

// One channel, looked up on every send and every read of a channel: its
// recipient read by a subquery costs a tenth of the join above (SQLite 3.54
// as better-sqlite3 builds it, on bench:server's organization: 5 µs against
// 55 µs a lookup), which pays for itself only over many rows.
const oneWithRecipient = `SELECT streams.*,
  (SELECT id FROM recipients WHERE type = 2 AND type_id = streams.id) AS recipient_id
  FROM streams`;

export interface NewStream {
  name: string;
  description: string;
  renderedDescription: string;
  inviteOnly: boolean;
  historyPublicToSubscribers: boolean;
  dateCreated: number;
  creatorId: number;
  /** Each setting's JSON value. */
  settings: Record<ChannelGroupSettingColumn, string>;
}

export function insertStream(sql: Sql, stream: NewStream): number {
  const settings = channelGroupSettingColumns.join(', ');
  const values = channelGroupSettingColumns.map((name) => `:${name}`).join(', ');
  return sql.run(
    `INSERT INTO streams (name, description, rendered_description, invite_only,
       history_public_to_subscribers, date_created, creator_id, ${settings})
     VALUES (:name, :description, :renderedDescription, :inviteOnly,
       :historyPublicToSubscribers, :dateCreated, :creatorId, ${values})`,
    {
      name: stream.name,
      description: stream.description,
      renderedDescription: stream.renderedDescription,
      inviteOnly: stream.inviteOnly ? 1 : 0,
      historyPublicToSubscribers: stream.historyPublicToSubscribers ? 1 : 0,
      dateCreated: stream.dateCreated,
      creatorId: stream.creatorId,
      ...stream.settings,
    },
  ).lastInsertRowid;
}

// Since Zulip 10 an archived channel keeps its name, which stays taken, so it
// is found by name as by ID; the lists leave it out unless asked for it, as
// Zulip's queries filter on deactivated=False for clients that cannot show it.
const listed = (includeArchived: boolean) =>
  includeArchived ? '1 = 1' : 'streams.deactivated = 0';

export function streamByName(sql: Sql, name: string): StreamRow | undefined {
  return sql.get<StreamRow>(`${oneWithRecipient} WHERE streams.name = ?`, [name]);
}

export function streamById(sql: Sql, id: number): StreamRow | undefined {
  return sql.get<StreamRow>(`${oneWithRecipient} WHERE streams.id = ?`, [id]);
}

export function streamByRecipientId(sql: Sql, recipientId: number): StreamRow | undefined {
  return sql.get<StreamRow>(
    `${oneWithRecipient}
     WHERE streams.id = (SELECT type_id FROM recipients WHERE id = ? AND type = 2)`,
    [recipientId],
  );
}

export function publicStreams(sql: Sql, includeArchived = false): StreamRow[] {
  return sql.all<StreamRow>(
    `${withRecipient} WHERE streams.invite_only = 0 AND ${listed(includeArchived)}
     ORDER BY streams.id`,
  );
}

export function allStreams(sql: Sql, includeArchived = false): StreamRow[] {
  return sql.all<StreamRow>(
    `${withRecipient} WHERE ${listed(includeArchived)} ORDER BY streams.id`,
  );
}

/** The IDs of the archived channels. */
export function archivedStreamIds(sql: Sql): Set<number> {
  return new Set(
    sql.all<{ id: number }>('SELECT id FROM streams WHERE deactivated = 1').map((row) => row.id),
  );
}

/** Streams with an active subscription of the user. */
export function streamsSubscribedBy(
  sql: Sql,
  userId: number,
  includeArchived = false,
): StreamRow[] {
  return sql.all<StreamRow>(
    `${withRecipient} WHERE recipients.id IN
       (SELECT recipient_id FROM subscriptions WHERE user_id = ? AND is_active = 1)
       AND ${listed(includeArchived)}
     ORDER BY streams.id`,
    [userId],
  );
}

export function defaultStreams(sql: Sql): StreamRow[] {
  return sql.all<StreamRow>(
    `${withRecipient} WHERE streams.id IN (SELECT stream_id FROM default_streams)
       AND ${listed(false)}
     ORDER BY streams.id`,
  );
}

export interface StreamChanges {
  name?: string;
  description?: string;
  renderedDescription?: string;
  inviteOnly?: boolean;
  historyPublicToSubscribers?: boolean;
  /** The folder to file it in; null takes it out of its folder. */
  folderId?: number | null;
  topicsPolicy?: string;
  /** Each changed setting's JSON value. */
  settings?: Partial<Record<ChannelGroupSettingColumn, string>>;
}

export function updateStreamRow(sql: Sql, streamId: number, changes: StreamChanges): void {
  const columns: [string, unknown][] = [
    ['name', changes.name],
    ['description', changes.description],
    ['rendered_description', changes.renderedDescription],
    ['invite_only', changes.inviteOnly === undefined ? undefined : Number(changes.inviteOnly)],
    [
      'history_public_to_subscribers',
      changes.historyPublicToSubscribers === undefined
        ? undefined
        : Number(changes.historyPublicToSubscribers),
    ],
    ['folder_id', changes.folderId],
    ['topics_policy', changes.topicsPolicy],
    ...Object.entries(changes.settings ?? {}),
  ];
  // Column names come from this list, never from the request.
  for (const [column, value] of columns) {
    if (value !== undefined)
      sql.run(`UPDATE streams SET ${column} = ? WHERE id = ?`, [value, streamId]);
  }
}

/**
 * Zulip's do_deactivate_stream and do_unarchive_stream on the row: since
 * Zulip 10 archiving changes nothing else, neither name nor privacy.
 */
export function setStreamArchived(sql: Sql, streamId: number, archived: boolean): void {
  sql.run('UPDATE streams SET deactivated = ? WHERE id = ?', [Number(archived), streamId]);
}

export function isDefaultStream(sql: Sql, streamId: number): boolean {
  return sql.get('SELECT 1 FROM default_streams WHERE stream_id = ?', [streamId]) !== undefined;
}

export function insertDefaultStream(sql: Sql, streamId: number): void {
  sql.run('INSERT OR IGNORE INTO default_streams (stream_id) VALUES (?)', [streamId]);
}

export function deleteDefaultStream(sql: Sql, streamId: number): void {
  sql.run('DELETE FROM default_streams WHERE stream_id = ?', [streamId]);
}

export interface TopicRow {
  name: string;
  max_id: number;
}

/**
 * The stream's topics, newest first. Zulip groups topics without regard to
 * case and names each by the spelling of its latest message; a reader without
 * access to the stream's history sees only topics of messages they received.
 */
export function topicsOfStream(sql: Sql, stream: StreamRow, viewerId: number): TopicRow[] {
  const fullHistory = stream.invite_only === 0 || stream.history_public_to_subscribers === 1;
  const rows = fullHistory
    ? sql.all<TopicRow>(
        `SELECT subject AS name, max(id) AS max_id FROM messages
         WHERE recipient_id = ? GROUP BY subject`,
        [stream.recipient_id],
      )
    : sql.all<TopicRow>(
        `SELECT messages.subject AS name, max(messages.id) AS max_id
         FROM user_messages JOIN messages ON messages.id = user_messages.message_id
         WHERE user_messages.user_id = ? AND messages.recipient_id = ?
         GROUP BY messages.subject`,
        [viewerId, stream.recipient_id],
      );
  const latest = new Map<string, TopicRow>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    const known = latest.get(key);
    if (!known || known.max_id < row.max_id) latest.set(key, row);
  }
  return [...latest.values()].sort((a, b) => b.max_id - a.max_id);
}

/** Whether any message in the channel has a topic other than the empty one. */
export function channelHasNamedTopics(sql: Sql, recipientId: number): boolean {
  return (
    sql.get("SELECT 1 FROM messages WHERE recipient_id = ? AND subject != '' LIMIT 1", [
      recipientId,
    ]) !== undefined
  );
}
