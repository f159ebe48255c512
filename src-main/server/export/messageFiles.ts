import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Flag } from '../store/flags';
import { storedEdits } from '../store/messageEdits';
import { RecipientType } from '../store/recipients';
import type { ExportPace } from './exportPace';
import type { ExportSelection } from './exportScope';
import type { ExportSource } from './exportSource';
import type { TargetTraits } from './zulipTarget';
import type { ZerverRow } from './zerverRow';

/** Messages a file, as Zulip's own export and its converters write them. */
export const messagesPerFile = 1000;

// Zulip's Message.DM_TOPIC, from the release that has is_channel_message.
const dmTopic = '\x07';

interface MessageRecord {
  id: number;
  sender_id: number;
  recipient_id: number;
  recipient_type: number;
  subject: string;
  content: string;
  rendered_content: string;
  date_sent: number;
  sending_client_id: number;
  has_link: number;
  has_image: number;
  has_attachment: number;
  last_edit_timestamp: number | null;
  edit_history: string | null;
}

export const messageFileName = (index: number) => `messages-${String(index).padStart(6, '0')}.json`;

function messageRow(message: MessageRecord, realmId: number, traits: TargetTraits): ZerverRow {
  const direct = message.recipient_type !== RecipientType.stream;
  const edits = storedEdits(message.edit_history);
  return {
    id: message.id,
    sender: message.sender_id,
    recipient: message.recipient_id,
    sending_client: message.sending_client_id,
    realm: realmId,
    subject: direct && traits.channelMessageFlag ? dmTopic : message.subject,
    content: message.content,
    // Kept as Hearth rendered it, in Zulip's shapes: the importer renumbers
    // the users and streams it names, and renders only a message without HTML.
    rendered_content: message.rendered_content,
    rendered_content_version: 1,
    date_sent: message.date_sent,
    last_edit_time: message.last_edit_timestamp,
    // Zulip keeps a message's edits newest first; Hearth appends them.
    edit_history: edits.length === 0 ? null : JSON.stringify(edits.reverse()),
    has_attachment: message.has_attachment === 1,
    has_image: message.has_image === 1,
    has_link: message.has_link === 1,
    ...(traits.channelMessageFlag ? { is_channel_message: !direct } : {}),
  };
}

interface UserMessageRecord {
  user_id: number;
  message_id: number;
  flags: number;
}

/**
 * Zulip's rule for an export that does not hold everyone's private data: a
 * public channel's messages go in, and any other message only where someone
 * whose private data goes in sent a direct message or received the message.
 * Their own flags alone go with it.
 */
function selected(
  batch: readonly MessageRecord[],
  received: readonly UserMessageRecord[],
  { scope, conversations }: ExportSelection,
): { messages: MessageRecord[]; rows: UserMessageRecord[] } {
  const rows = received.filter((row) => scope.holdsPrivateDataOf(row.user_id));
  if (scope.everyone) return { messages: [...batch], rows };
  const receivedByHolder = new Set(rows.map((row) => row.message_id));
  const messages = batch.filter(
    (message) =>
      conversations.recipientIds.has(message.recipient_id) &&
      (conversations.publicRecipientIds.has(message.recipient_id) ||
        receivedByHolder.has(message.id) ||
        (message.recipient_type !== RecipientType.stream &&
          scope.holdsPrivateDataOf(message.sender_id))),
  );
  const kept = new Set(messages.map((message) => message.id));
  return { messages, rows: rows.filter((row) => kept.has(row.message_id)) };
}

/** Messages read at a time, with their user messages, between two chances to yield. */
const messagesPerStep = 100;

/**
 * Writes messages-000001.json and on, each at most a thousand messages with
 * the user-message rows that belong to them; the importer stops at the first
 * number missing. Reads and writes a hundred messages at a time, giving the
 * event loop back between them as `pace` asks. Returns how many messages and
 * user messages it wrote, and which messages.
 */
export async function writeMessageFiles(
  source: ExportSource,
  dir: string,
  realmId: number,
  traits: TargetTraits,
  selection: ExportSelection,
  pace: ExportPace,
): Promise<{ messages: number; userMessages: number; files: number; messageIds: Set<number> }> {
  let userMessages = 0;
  let files = 0;
  const messageIds = new Set<number>();
  // The rows of the file being filled, each already JSON.
  let fileMessages: string[] = [];
  let fileUserMessages: string[] = [];
  const writeOut = async () => {
    if (fileMessages.length === 0) return;
    files++;
    const text =
      `{"zerver_message": [\n${fileMessages.join(',\n')}\n],\n` +
      `"zerver_usermessage": [\n${fileUserMessages.join(',\n')}\n]}\n`;
    fileMessages = [];
    fileUserMessages = [];
    await writeFile(join(dir, messageFileName(files)), text);
  };
  let candidates: MessageRecord[] = [];
  const take = async () => {
    const first = candidates[0];
    const last = candidates.at(-1);
    if (!first || !last) return;
    const received = source.all<UserMessageRecord>(
      // A system bot's own copies stay behind, as they live outside Zulip's realm.
      `SELECT user_id, message_id, flags FROM user_messages
       WHERE message_id BETWEEN ? AND ?
         AND user_id NOT IN (SELECT id FROM users WHERE is_system_bot = 1)
       ORDER BY message_id, user_id`,
      [first.id, last.id],
    );
    const chosen = selected(candidates, received, selection);
    candidates = [];
    const rowsOf = new Map<number, UserMessageRecord[]>();
    for (const row of chosen.rows) {
      rowsOf.set(row.message_id, [...(rowsOf.get(row.message_id) ?? []), row]);
    }
    for (const message of chosen.messages) {
      if (fileMessages.length === messagesPerFile) await writeOut();
      const direct = message.recipient_type !== RecipientType.stream;
      fileMessages.push(JSON.stringify(messageRow(message, realmId, traits)));
      for (const row of rowsOf.get(message.id) ?? []) {
        userMessages++;
        fileUserMessages.push(
          JSON.stringify({
            id: userMessages,
            user_profile: row.user_id,
            message: row.message_id,
            // Zulip finds direct messages by this flag, which Hearth may not have set.
            flags_mask: direct ? row.flags | Flag.is_private : row.flags,
          }),
        );
      }
      messageIds.add(message.id);
    }
    await pace.step();
  };
  for (const message of source.iterate<MessageRecord>(
    `SELECT m.id, m.sender_id, m.recipient_id, r.type AS recipient_type, m.subject, m.content,
       m.rendered_content, m.date_sent, m.sending_client_id, m.has_link, m.has_image,
       m.has_attachment, m.last_edit_timestamp, m.edit_history
     FROM messages m JOIN recipients r ON r.id = m.recipient_id ORDER BY m.id`,
  )) {
    candidates.push(message);
    // The rows are gathered while the statement is open: better-sqlite3 lets
    // a connection read with a second statement while iterating a first.
    if (candidates.length === messagesPerStep) await take();
  }
  await take();
  await writeOut();
  return { messages: messageIds.size, userMessages, files, messageIds };
}
