import type { Sql } from './sql';

export interface NewMessage {
  senderId: number;
  recipientId: number;
  subject: string;
  content: string;
  renderedContent: string;
  dateSent: number;
  sendingClientId: number;
}

export function insertMessage(sql: Sql, message: NewMessage): number {
  return sql.run(
    `INSERT INTO messages (sender_id, recipient_id, subject, content, rendered_content, date_sent, sending_client_id)
     VALUES (:senderId, :recipientId, :subject, :content, :renderedContent, :dateSent, :sendingClientId)`,
    message,
  ).lastInsertRowid;
}

/** A message as a viewer sees it; `flags` is null when the viewer has no row for it. */
export interface ViewedMessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  recipient_type: number;
  recipient_type_id: number;
  subject: string;
  content: string;
  rendered_content: string;
  date_sent: number;
  client_name: string;
  flags: number | null;
}

/**
 * What a narrow selects. `viewerRowsOnly` limits the result to messages the
 * viewer received (Zulip's rule for anything but a public stream's history).
 */
export interface MessageFilter {
  viewerId: number;
  viewerRowsOnly: boolean;
  recipientId?: number;
  topic?: string;
  privateOnly?: boolean;
  senderId?: number;
}

function filterSql(filter: MessageFilter): { from: string; where: string } {
  const join = filter.viewerRowsOnly ? 'JOIN' : 'LEFT JOIN';
  const from = `FROM messages m
    JOIN recipients r ON r.id = m.recipient_id
    JOIN clients c ON c.id = m.sending_client_id
    ${join} user_messages um ON um.message_id = m.id AND um.user_id = :viewerId`;
  const conditions = ['1 = 1'];
  if (filter.recipientId !== undefined) conditions.push('m.recipient_id = :recipientId');
  if (filter.topic !== undefined) conditions.push('m.subject = :topic COLLATE NOCASE');
  if (filter.privateOnly) conditions.push('r.type IN (1, 3)');
  if (filter.senderId !== undefined) conditions.push('m.sender_id = :senderId');
  return { from, where: conditions.join(' AND ') };
}

// SQLite binds only numbers, strings and null, so the boolean switches stay out.
function filterParams(filter: MessageFilter): Record<string, unknown> {
  const { viewerId, recipientId, topic, senderId } = filter;
  return Object.fromEntries(
    Object.entries({ viewerId, recipientId, topic, senderId }).filter(([, v]) => v !== undefined),
  );
}

const columns = `m.id, m.sender_id, m.recipient_id, r.type AS recipient_type,
  r.type_id AS recipient_type_id, m.subject, m.content, m.rendered_content, m.date_sent,
  c.name AS client_name, um.flags AS flags`;

/** Up to `limit` messages before (older than) `anchor`, returned oldest first. */
export function messagesBefore(
  sql: Sql,
  filter: MessageFilter,
  anchor: number,
  limit: number,
): ViewedMessageRow[] {
  const { from, where } = filterSql(filter);
  return sql
    .all<ViewedMessageRow>(
      `SELECT ${columns} ${from} WHERE ${where} AND m.id < :anchor ORDER BY m.id DESC LIMIT :limit`,
      { ...filterParams(filter), anchor, limit },
    )
    .reverse();
}

/** Up to `limit` messages from `anchor` on (inclusive), oldest first. */
export function messagesFrom(
  sql: Sql,
  filter: MessageFilter,
  anchor: number,
  limit: number,
): ViewedMessageRow[] {
  const { from, where } = filterSql(filter);
  return sql.all<ViewedMessageRow>(
    `SELECT ${columns} ${from} WHERE ${where} AND m.id >= :anchor ORDER BY m.id ASC LIMIT :limit`,
    { ...filterParams(filter), anchor, limit },
  );
}

export function firstUnreadId(sql: Sql, filter: MessageFilter): number | undefined {
  const { from, where } = filterSql({ ...filter, viewerRowsOnly: true });
  return (
    sql.get<{ id: number | null }>(
      `SELECT min(m.id) AS id ${from} WHERE ${where} AND (um.flags & 1) = 0`,
      filterParams(filter),
    )?.id ?? undefined
  );
}

export function viewedMessageById(
  sql: Sql,
  viewerId: number,
  messageId: number,
): ViewedMessageRow | undefined {
  const { from } = filterSql({ viewerId, viewerRowsOnly: false });
  return sql.get<ViewedMessageRow>(`SELECT ${columns} ${from} WHERE m.id = :messageId`, {
    viewerId,
    messageId,
  });
}
