import type { ScheduledMessageRow } from '../store/scheduledMessages';
import type { ExportSource } from './exportSource';
import type { TargetTraits } from './zulipTarget';
import type { ZerverRow } from './zerverRow';

type Row = Omit<ScheduledMessageRow, 'recipient_type' | 'recipient_type_id' | 'client_name'> & {
  /** The channel's ID for a channel message, else null. */
  stream_id: number | null;
};

const sendLater = 1;

/**
 * zerver_scheduledmessage: the messages still waiting to be sent, so that
 * the Zulip server sends them at their time. The importer maps sender,
 * recipient, client, stream and realm to their new IDs and reads
 * `scheduled_timestamp` from Unix seconds; `read_by_sender` has no default
 * there. Those already sent are history, in zerver_message.
 */
export function scheduledMessages(
  source: ExportSource,
  realmId: number,
  traits: TargetTraits,
): ZerverRow[] {
  // Hearth keeps no time of the request: the moment of the export is the
  // latest it can have been, as Zulip's own default for the field takes now.
  const requested = Math.floor(Date.now() / 1000);
  return (
    source
      .all<Row>(
        `SELECT s.*, CASE WHEN r.type = 2 THEN r.type_id END AS stream_id
       FROM scheduled_messages s JOIN recipients r ON r.id = s.recipient_id
       WHERE s.delivered = 0 ORDER BY s.id`,
      )
      // A reminder is a row only Zulip 12's importer knows how to read.
      .filter((row) => traits.scheduledMessageRequestTime || row.delivery_type === sendLater)
      .map((row) => ({
        id: row.id,
        sender: row.sender_id,
        recipient: row.recipient_id,
        subject: row.subject,
        content: row.content,
        rendered_content: row.rendered_content,
        sending_client: row.sending_client_id,
        stream: row.stream_id,
        realm: realmId,
        scheduled_timestamp: row.scheduled_timestamp,
        read_by_sender: false,
        delivered: false,
        delivered_message: null,
        // The importer rewrites the links of a message so marked to the files' new paths.
        has_attachment:
          source.get(`SELECT 1 FROM attachments WHERE instr(?, '/user_uploads/' || path_id) > 0`, [
            row.content,
          ]) !== undefined,
        failed: row.failed === 1,
        failure_message: row.failure_message,
        // Zulip's ScheduledMessage.SEND_LATER (1) or REMIND (2), as Hearth keeps them.
        delivery_type: row.delivery_type,
        ...(traits.scheduledMessageRequestTime
          ? {
              request_timestamp: requested,
              reminder_target_message_id: row.reminder_target_message_id,
              reminder_note: row.reminder_note,
            }
          : {}),
      }))
  );
}
