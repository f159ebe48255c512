import { errors } from '../errors';
import { RecipientType } from '../store/recipients';
import type { ViewedMessageRow } from '../store/messages';
import type { Sql } from '../store/sql';
import { streamById } from '../store/streams';
import { userById, type UserRow } from '../store/users';
import {
  directMessagePeople,
  directMessageUrl,
  silentMention,
  TRUNCATED,
  unusedFence,
} from './quotedMessage';
import { channelMessageUrl } from '../markdown/topicLinkSyntax';
import { MAX_MESSAGE_BYTES } from './validate';

// Zulip's settings.MAX_REMINDER_NOTE_LENGTH, which register reports as
// max_reminder_note_length (feature level 415).
export const MAX_REMINDER_NOTE_LENGTH = 1000;

/** Zulip's normalize_note_text: trailing space and leading blank lines go. */
export function checkReminderNote(note: string): string {
  const body = note.trimEnd().replace(/^\n+/, '');
  if (body.length > MAX_REMINDER_NOTE_LENGTH) {
    throw errors.badRequest(`Maximum reminder note length: ${MAX_REMINDER_NOTE_LENGTH} characters`);
  }
  return body;
}

// Zulip's get_user_mentions_for_display: "A", "A and B", "A, B and C".
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

interface Place {
  url: string;
  /** "in #**channel>topic**" or "to @_**someone**". */
  where: string;
}

// Zulip's message_link_url and the place the reminder names.
function placeOf(sql: Sql, realmUri: string, message: ViewedMessageRow): Place {
  if (message.recipient_type === RecipientType.stream) {
    const stream = streamById(sql, message.recipient_type_id);
    const name = stream?.name ?? '';
    const channel = { id: message.recipient_type_id, name };
    return {
      url: channelMessageUrl(realmUri, channel, message.subject, message.id),
      where: `in #**${name}>${message.subject}**`,
    };
  }
  const readers = directMessagePeople(sql, message);
  const others = readers.filter((id) => id !== message.sender_id);
  const named = (others.length > 0 ? others : [message.sender_id])
    .map((id) => userById(sql, id))
    .filter((user): user is UserRow => user !== undefined);
  return {
    url: directMessageUrl(realmUri, readers, message.id),
    where: `to ${listed(named.map(silentMention))}`,
  };
}

/**
 * What a reminder says, as Zulip's get_reminder_formatted_content lays it
 * out in its own words: that the user asked for it (with their note,
 * quoted), who wrote the message where (linked), and the message quoted, or
 * the widget it opened.
 */
export function reminderContent(
  sql: Sql,
  realmUri: string,
  message: ViewedMessageRow,
  note: string | null,
): string {
  const isChannel = message.recipient_type === RecipientType.stream;
  const asked = isChannel
    ? 'You asked to be reminded about this message.'
    : 'You asked to be reminded about this direct message.';
  let content = note ? `${asked} Your note:\n > ${note}` : asked;
  content += '\n\n';
  const sender = userById(sql, message.sender_id);
  const who = sender ? silentMention(sender) : '';
  const { url, where } = placeOf(sql, realmUri, message);
  const widget = message.content.startsWith('/poll')
    ? 'poll'
    : message.content.startsWith('/todo')
      ? 'todo list'
      : null;
  if (widget) return `${content}${who} [sent](${url}) a ${widget} ${where}.`;
  content += `${who} [wrote](${url}) ${where}:\n`;
  const fence = unusedFence(content);
  const room = MAX_MESSAGE_BYTES - (content.length + 2 * fence.length + 'quote\n\n\n'.length);
  const quoted =
    message.content.length > room
      ? message.content.slice(0, room - TRUNCATED.length) + TRUNCATED
      : message.content;
  return `${content}${fence}quote\n${quoted}\n${fence}`;
}
