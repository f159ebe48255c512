import type { Sql } from './sql';

export interface RealmRow {
  name: string;
  string_id: string;
  description: string;
  date_created: number;
  demo_seeded: number;
  notifications_stream_id: number | null;
  allow_message_editing: number;
  /** Null: content may be edited at any time. */
  message_content_edit_limit_seconds: number | null;
  edit_topic_policy: number;
  /** Null: topics may be edited at any time. */
  move_messages_within_stream_limit_seconds: number | null;
  allow_edit_history: number;
}

export function getRealm(sql: Sql): RealmRow | undefined {
  return sql.get<RealmRow>('SELECT * FROM realm WHERE id = 1');
}

export function insertRealm(sql: Sql, realm: { name: string; dateCreated: number }): void {
  sql.run(
    "INSERT INTO realm (id, name, string_id, date_created) VALUES (1, :name, '', :dateCreated)",
    realm,
  );
}

export function markDemoSeeded(sql: Sql): void {
  sql.run('UPDATE realm SET demo_seeded = 1 WHERE id = 1');
}

export function setNotificationsStream(sql: Sql, streamId: number | null): void {
  sql.run('UPDATE realm SET notifications_stream_id = ? WHERE id = 1', [streamId]);
}
