import type { Sql } from './sql';

// Zulip's Recipient.type values: a message's recipient_id points at one of these.
export const RecipientType = { personal: 1, stream: 2, huddle: 3 } as const;
export type RecipientTypeValue = (typeof RecipientType)[keyof typeof RecipientType];

export interface RecipientRow {
  id: number;
  type: RecipientTypeValue;
  type_id: number;
}

export function insertRecipient(sql: Sql, type: RecipientTypeValue, typeId: number): number {
  return sql.run('INSERT INTO recipients (type, type_id) VALUES (?, ?)', [type, typeId])
    .lastInsertRowid;
}

export function recipientFor(
  sql: Sql,
  type: RecipientTypeValue,
  typeId: number,
): RecipientRow | undefined {
  return sql.get<RecipientRow>('SELECT * FROM recipients WHERE type = ? AND type_id = ?', [
    type,
    typeId,
  ]);
}

export function recipientById(sql: Sql, id: number): RecipientRow | undefined {
  return sql.get<RecipientRow>('SELECT * FROM recipients WHERE id = ?', [id]);
}
