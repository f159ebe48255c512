import type { Sql } from './sql';

/** One edit as a message row keeps it: an entry of Zulip's Message.edit_history. */
export interface StoredEdit {
  user_id: number;
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_topic?: string;
  topic?: string;
  prev_stream?: number;
  stream?: number;
}

/** The edits of a message row, oldest first. */
export function storedEdits(editHistory: string | null): StoredEdit[] {
  return editHistory === null ? [] : (JSON.parse(editHistory) as StoredEdit[]);
}

const recordEdit = `last_edit_timestamp = :timestamp,
  edit_history = json_insert(COALESCE(edit_history, '[]'), '$[#]', json(:edit))`;

export interface EditedMessage {
  id: number;
  subject: string;
  content: string;
  renderedContent: string;
}

/** Saves a message's new version and appends the edit to its history. */
export function saveMessageEdit(sql: Sql, message: EditedMessage, edit: StoredEdit): void {
  sql.run(
    `UPDATE messages SET subject = :subject, content = :content,
       rendered_content = :renderedContent, ${recordEdit}
     WHERE id = :id`,
    { ...message, timestamp: edit.timestamp, edit: JSON.stringify(edit) },
  );
}

/**
 * Gives the messages a new topic (and, for a move between streams, a new
 * recipient), with the same edit in each one's history.
 */
export function moveMessagesToTopic(
  sql: Sql,
  messageIds: readonly number[],
  subject: string,
  edit: StoredEdit,
  recipientId: number | null = null,
): void {
  sql.run(
    `UPDATE messages SET subject = :subject,
       recipient_id = COALESCE(:recipientId, recipient_id), ${recordEdit}
     WHERE id IN (SELECT value FROM json_each(:ids))`,
    {
      subject,
      recipientId,
      ids: JSON.stringify(messageIds),
      timestamp: edit.timestamp,
      edit: JSON.stringify(edit),
    },
  );
}
