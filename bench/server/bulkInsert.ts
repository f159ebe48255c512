import type { Database, Statement } from 'better-sqlite3';
import type { PlannedMessage } from './messagePlan';

/**
 * Inserts planned messages and their user_messages rows with prepared
 * statements, one multi-row statement per reader count.
 */
export class BulkInserter {
  private readonly message: Statement;
  private readonly readerRows = new Map<number, Statement>();
  userMessages = 0;

  constructor(private readonly db: Database) {
    this.message = db.prepare(
      `INSERT INTO messages (sender_id, recipient_id, subject, content, rendered_content, date_sent, sending_client_id)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  insert(planned: PlannedMessage): void {
    const { content } = planned;
    const id = this.message.run(
      planned.senderId,
      planned.recipientId,
      planned.subject,
      content.content,
      content.html,
      planned.dateSent,
      planned.clientId,
    ).lastInsertRowid;
    const values: (number | bigint)[] = [];
    planned.readers.forEach((reader, index) => values.push(reader, id, planned.flags[index] ?? 0));
    this.rowsStatement(planned.readers.length).run(values);
    this.userMessages += planned.readers.length;
  }

  private rowsStatement(count: number): Statement {
    let statement = this.readerRows.get(count);
    if (!statement) {
      const tuples = Array.from({ length: count }, () => '(?, ?, ?)').join(', ');
      statement = this.db.prepare(
        `INSERT INTO user_messages (user_id, message_id, flags) VALUES ${tuples}`,
      );
      this.readerRows.set(count, statement);
    }
    return statement;
  }
}
