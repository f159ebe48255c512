import type { Sql } from './sql';

export interface StreamRow {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: number;
  history_public_to_subscribers: number;
  is_announcement_only: number;
  date_created: number;
  recipient_id: number;
}

const withRecipient = `SELECT streams.*, recipients.id AS recipient_id
  FROM streams JOIN recipients ON recipients.type = 2 AND recipients.type_id = streams.id`;

export interface NewStream {
  name: string;
  description: string;
  renderedDescription: string;
  inviteOnly: boolean;
  dateCreated: number;
}

export function insertStream(sql: Sql, stream: NewStream): number {
  return sql.run(
    `INSERT INTO streams (name, description, rendered_description, invite_only, date_created)
     VALUES (:name, :description, :renderedDescription, :inviteOnly, :dateCreated)`,
    { ...stream, inviteOnly: stream.inviteOnly ? 1 : 0 },
  ).lastInsertRowid;
}

export function streamByName(sql: Sql, name: string): StreamRow | undefined {
  return sql.get<StreamRow>(`${withRecipient} WHERE streams.name = ?`, [name]);
}

export function streamById(sql: Sql, id: number): StreamRow | undefined {
  return sql.get<StreamRow>(`${withRecipient} WHERE streams.id = ?`, [id]);
}

export function streamByRecipientId(sql: Sql, recipientId: number): StreamRow | undefined {
  return sql.get<StreamRow>(`${withRecipient} WHERE recipients.id = ?`, [recipientId]);
}

export function publicStreams(sql: Sql): StreamRow[] {
  return sql.all<StreamRow>(`${withRecipient} WHERE streams.invite_only = 0 ORDER BY streams.id`);
}
