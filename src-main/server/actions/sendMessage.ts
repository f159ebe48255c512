import { errors } from '../errors';
import type { MessageNotice } from '../events/notice';
import { renderMarkdown } from '../markdown/render';
import type { Services } from '../services';
import { loadMessageSources, readerFlags, renderMessage } from '../shape/messages';
import { clientIdFor } from '../store/clients';
import { Flag } from '../store/flags';
import { huddleIdByKey, huddleKey, insertHuddle } from '../store/huddles';
import { insertMessage, viewedMessageById } from '../store/messages';
import { insertRecipient, recipientFor, RecipientType } from '../store/recipients';
import { getRealm } from '../store/realm';
import { streamById, streamByName, type StreamRow } from '../store/streams';
import { insertSubscription, isSubscribed, subscriberIds } from '../store/subscriptions';
import { insertUserMessages } from '../store/userMessages';
import { userByEmail, userById, type UserRow } from '../store/users';
import { checkContent, checkTopic } from './validate';

export type Destination =
  | { type: 'stream'; stream: string | number; topic: string }
  | { type: 'private'; to: readonly (string | number)[] };

export interface SendMessageRequest {
  destination: Destination;
  content: string;
  clientName: string;
  /** Zulip's local echo: the sender's queue gets `local_message_id` back. */
  localEcho?: { queueId: string; localId: string } | undefined;
}

interface Addressed {
  recipientId: number;
  topic: string;
  stream: StreamRow | null;
  readers: number[];
}

function findStream(services: Services, stream: string | number): StreamRow {
  const found =
    typeof stream === 'number'
      ? streamById(services.sql, stream)
      : streamByName(services.sql, stream.trim());
  if (!found) throw errors.streamDoesNotExist(String(stream));
  return found;
}

function addressStream(
  services: Services,
  sender: UserRow,
  destination: Extract<Destination, { type: 'stream' }>,
): Addressed {
  const topic = checkTopic(destination.topic);
  const stream = findStream(services, destination.stream);
  const { sql } = services;
  if (stream.invite_only === 1 && !isSubscribed(sql, sender.id, stream.recipient_id)) {
    throw errors.badRequest(`Not authorized to send to stream '${stream.name}'`);
  }
  const readers = new Set(subscriberIds(sql, stream.recipient_id));
  readers.add(sender.id);
  return { recipientId: stream.recipient_id, topic, stream, readers: [...readers] };
}

function findUser(services: Services, who: string | number): UserRow {
  const user =
    typeof who === 'number' ? userById(services.sql, who) : userByEmail(services.sql, who.trim());
  if (!user) {
    throw typeof who === 'number'
      ? errors.badRequest(`Invalid user ID ${who}`)
      : errors.badRequest(`Invalid email '${who}'`);
  }
  if (user.is_active !== 1) throw errors.badRequest(`'${user.email}' is no longer using Hearth.`);
  return user;
}

// Zulip addresses a one-to-one conversation to the other person's personal
// recipient (one's own for a note to self) and anything larger to a huddle.
function addressPrivate(
  services: Services,
  sender: UserRow,
  destination: Extract<Destination, { type: 'private' }>,
): Addressed {
  if (destination.to.length === 0) throw errors.badRequest('Message must have recipients');
  const { sql } = services;
  const others = destination.to.map((who) => findUser(services, who).id);
  const readers = [...new Set([sender.id, ...others])].sort((a, b) => a - b);
  if (readers.length <= 2) {
    const other = readers.find((id) => id !== sender.id) ?? sender.id;
    const recipient = recipientFor(sql, RecipientType.personal, other);
    if (!recipient) throw new Error(`user ${other} has no personal recipient`);
    return { recipientId: recipient.id, topic: '', stream: null, readers };
  }
  const key = huddleKey(readers);
  const existing = huddleIdByKey(sql, key);
  if (existing !== undefined) {
    const recipient = recipientFor(sql, RecipientType.huddle, existing);
    if (!recipient) throw new Error(`huddle ${existing} has no recipient`);
    return { recipientId: recipient.id, topic: '', stream: null, readers };
  }
  const recipientId = insertRecipient(sql, RecipientType.huddle, insertHuddle(sql, key));
  for (const userId of readers) insertSubscription(sql, { userId, recipientId, color: '' });
  return { recipientId, topic: '', stream: null, readers };
}

export function sendMessage(
  services: Services,
  sender: UserRow,
  request: SendMessageRequest,
): number {
  const { sql } = services;
  const content = checkContent(request.content);
  const renderedContent = renderMarkdown(content);

  const sent = sql.transaction(() => {
    const addressed =
      request.destination.type === 'stream'
        ? addressStream(services, sender, request.destination)
        : addressPrivate(services, sender, request.destination);
    const privateBit = addressed.stream ? 0 : Flag.is_private;
    const flags = new Map(
      addressed.readers.map((id) => [id, privateBit | (id === sender.id ? Flag.read : 0)]),
    );
    const messageId = insertMessage(sql, {
      senderId: sender.id,
      recipientId: addressed.recipientId,
      subject: addressed.topic,
      content,
      renderedContent,
      dateSent: Math.floor(Date.now() / 1000),
      sendingClientId: clientIdFor(sql, request.clientName),
    });
    insertUserMessages(
      sql,
      messageId,
      [...flags].map(([userId, mask]) => ({ userId, flags: mask })),
    );
    return { messageId, addressed, flags };
  });

  const row = viewedMessageById(sql, sender.id, sent.messageId);
  const [source] = row ? loadMessageSources(sql, getRealm(sql)?.string_id ?? '', [row]) : [];
  if (!source) throw new Error(`message ${sent.messageId} vanished after sending`);
  const { stream } = sent.addressed;
  const notice: MessageNotice = {
    kind: 'message',
    type: 'message',
    render: (options) => renderMessage(source, options),
    flagsFor: (userId) => readerFlags(sent.flags.get(userId) ?? null),
    stream: stream
      ? { id: stream.id, name: stream.name, isPublic: stream.invite_only === 0 }
      : null,
    topic: sent.addressed.topic,
    senderEmail: sender.email,
    localEcho: request.localEcho ?? null,
  };
  services.queues.notify(notice, sent.addressed.readers);
  return sent.messageId;
}
