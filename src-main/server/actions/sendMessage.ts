import { announceAccessGains, directMessageAccessGains } from './accessChanges';
import { directMessageGroupRecipientId } from './directMessageGroups';
import { canAccessUser } from './userAccess';
import { cached } from '../cached';
import { asError, errors } from '../errors';
import type { MessageNotice } from '../events/notice';
import type { RenderedMessage } from '../markdown/lookups';
import { renderMessageContent } from '../markdown/render';
import type { Services } from '../services';
import { loadMessageSources, readerFlags, renderMessage } from '../shape/messages';
import { clientIdFor } from '../store/clients';
import { Flag } from '../store/flags';
import { huddleKey, huddleRecipientIdByKey } from '../store/huddles';
import { hasSentTo, insertMessage, viewedMessageById } from '../store/messages';
import { insertSubmessage } from '../store/submessages';
import { topicParticipantIds } from '../store/topics';
import { mutingUserIds } from '../store/mutedUsers';
import { recipientFor, RecipientType } from '../store/recipients';
import { getRealm } from '../store/realm';
import { streamById, streamByName, type StreamRow } from '../store/streams';
import { isSubscribed, subscriberIds } from '../store/subscriptions';
import { insertUserMessages } from '../store/userMessages';
import type { Sql } from '../store/sql';
import { Role, userByEmail, userById, type UserRow } from '../store/users';
import { activityBeforeSend } from '../queries/channelActivity';
import { storeLookups } from '../queries/markdownLookups';
import { grantsContentAccess } from '../queries/streamAccess';
import {
  checkMayCreateTopic,
  checkMayDirectMessage,
  checkMayMention,
  checkMayPost,
  haveWrittenToEachOther,
} from './sendPermissions';
import { applyPoliciesOnSend, type PoliciesOnSend } from './automaticTopicPolicies';
import { announceActivityValues } from './channelActivityEvents';
import { triggerOutgoingWebhooks } from './outgoingWebhookTriggers';
import { owePushesForSend } from './pushTriggers';
import { announceStoredTopicVisibilities } from './topicVisibility';
import { announceClaims, claimAttachments } from './uploads';
import { checkTopicsPolicy } from './topicsPolicy';
import { checkContent, checkTopic } from './validate';
import type { Destination } from '../messageDestination';
import { widgetSubmessageContent } from './widgetCommand';

export interface SendMessageRequest {
  destination: Destination;
  content: string;
  clientName: string;
  /** Zulip's local echo: the sender's queue gets `local_message_id` back. */
  localEcho?: { queueId: string; localId: string } | undefined;
  /** Runs in the transaction that stores the message: what must happen exactly when it is sent. */
  alsoInTransaction?: ((messageId: number) => void) | undefined;
  /** Zulip's read_by_sender: false leaves a reminder to oneself unread. */
  readBySender?: boolean | undefined;
  /** Zulip's skip_stream_access_check, for an outgoing-webhook bot's replies only. */
  skipStreamAccessCheck?: boolean | undefined;
  /**
   * Posted in place of Zulip's Notification Bot: like a bot's sends, it
   * changes none of its sender's topic policies.
   */
  systemNotice?: boolean | undefined;
  /** Those of the recipients the message arrives read for, as a resolved-topic notice does. */
  readOnArrival?: ((recipientIds: readonly number[]) => ReadonlySet<number>) | undefined;
}

export interface Addressed {
  recipientId: number;
  topic: string;
  stream: StreamRow | null;
  readers: number[];
  /** Who among a direct message's guests sees whom for the first time through it. */
  accessGains?: Map<number, number[]>;
}

function findStream(services: Services, stream: string | number): StreamRow {
  if (typeof stream === 'number') {
    const found = streamById(services.sql, stream);
    if (!found) throw errors.streamWithIdDoesNotExist(stream);
    return found;
  }
  const found = streamByName(services.sql, stream.trim());
  if (!found) throw errors.streamDoesNotExist(stream);
  return found;
}

// As Zulip's access_stream_for_send_message: members but guests write to a
// public stream, subscribers to any, and a bot may borrow its owner's
// subscription; since Zulip 10 (feature level 354) a group granting content
// access lets one write without joining where history is shared with
// subscribers. Nobody writes to an archived channel.
function checkMayWrite(sql: Sql, sender: UserRow, stream: StreamRow): void {
  if (stream.deactivated === 1) throw notAuthorizedToSend(stream);
  if (stream.invite_only === 0 && sender.role !== Role.guest) return;
  if (isSubscribed(sql, sender.id, stream.recipient_id)) return;
  if (sender.is_bot === 1 && sender.bot_owner_id !== null) {
    if (isSubscribed(sql, sender.bot_owner_id, stream.recipient_id)) return;
  }
  if (stream.history_public_to_subscribers === 1 && grantsContentAccess(sql, sender, stream))
    return;
  throw notAuthorizedToSend(stream);
}

const notAuthorizedToSend = (stream: StreamRow) =>
  errors.badRequest(`Not authorized to send to channel '${stream.name}'`);

function addressStream(
  services: Services,
  sender: UserRow,
  destination: Extract<Destination, { type: 'stream' }>,
  skipAccessCheck: boolean,
): Addressed {
  const topic = checkTopic(destination.topic);
  const stream = findStream(services, destination.stream);
  const { sql } = services;
  // Zulip's internal sends from its system bots pass over every permission
  // of the organization they speak to.
  if (sender.is_system_bot !== 1) {
    if (!skipAccessCheck) {
      checkMayPost(services.sql, sender, stream);
      checkMayWrite(sql, sender, stream);
    }
    checkMayCreateTopic(sql, sender, stream, topic);
    checkTopicsPolicy(sql, stream, topic);
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
// A one-to-one conversation's group is made beside it: its recipient is the
// `recipient_id` clients see (shape/messages.ts).
function addressPrivate(
  services: Services,
  sender: UserRow,
  destination: Extract<Destination, { type: 'private' }>,
): Addressed {
  if (destination.to.length === 0) throw errors.badRequest('Message must have recipients');
  const { sql } = services;
  const others = destination.to.map((who) => findUser(services, who));
  const systemBot = sender.is_system_bot === 1;
  // Zulip's check_sender_can_access_recipients.
  if (!systemBot && others.some((other) => !canAccessUser(sql, sender, other))) {
    throw errors.badRequest('You do not have permission to access some of the recipients.');
  }
  const readers = [...new Set([sender.id, ...others.map((user) => user.id)])].sort((a, b) => a - b);
  const accessGains = directMessageAccessGains(sql, sender, readers);
  if (readers.length <= 2) {
    const other = others.find((user) => user.id !== sender.id) ?? sender;
    if (!systemBot) {
      checkMayDirectMessage(sql, sender, others, () => haveWrittenToEachOther(sql, sender, other));
    }
    const recipient = recipientFor(sql, RecipientType.personal, other.id);
    if (!recipient) throw new Error(`user ${other.id} has no personal recipient`);
    directMessageGroupRecipientId(sql, readers);
    return { recipientId: recipient.id, topic: '', stream: null, readers, accessGains };
  }
  const existingRecipient = huddleRecipientIdByKey(sql, huddleKey(readers));
  checkMayDirectMessage(
    sql,
    sender,
    others,
    () => existingRecipient !== undefined && hasSentTo(sql, existingRecipient),
  );
  const recipientId = directMessageGroupRecipientId(sql, readers);
  return { recipientId, topic: '', stream: null, readers, accessGains };
}

// Zulip's create_user_messages: personal mentions flag only the users named,
// a stream wildcard flags every recipient, a topic wildcard the topic's
// participants, alert words those who chose them, and the sender has read
// their own message, as has anyone who muted the sender (or the request names).
function flagsOnSend(
  readers: readonly number[],
  senderId: number,
  privateBit: number,
  rendered: RenderedMessage,
  readOnArrival: ReadonlySet<number>,
  topicParticipants: ReadonlySet<number>,
  readBySender: boolean,
): Map<number, number> {
  const wildcard = rendered.wildcardMentioned ? Flag.stream_wildcard_mentioned : 0;
  const flags = new Map<number, number>();
  readers.forEach((id) => {
    let mask = privateBit | wildcard;
    if ((id === senderId && readBySender) || readOnArrival.has(id)) mask |= Flag.read;
    if (rendered.mentionedUserIds.has(id)) mask |= Flag.mentioned;
    if (topicParticipants.has(id)) mask |= Flag.topic_wildcard_mentioned;
    if (rendered.alertedUserIds.has(id)) mask |= Flag.has_alert_word;
    flags.set(id, mask);
  });
  return flags;
}

/**
 * Zulip's check_message without the sending: where a message from the sender
 * to the destination goes, or the refusal sending it would meet. It may make
 * a group's recipient, so it runs in a transaction.
 */
export function addressMessage(
  services: Services,
  sender: UserRow,
  destination: Destination,
  skipStreamAccessCheck = false,
): Addressed {
  return destination.type === 'stream'
    ? addressStream(services, sender, destination, skipStreamAccessCheck)
    : addressPrivate(services, sender, destination);
}

// Zulip's get_recipient_info: those `@**topic**` reaches are the topic's
// participants, the sender among them even before their first message there.
function topicWildcardParticipants(
  sql: Sql,
  addressed: Addressed,
  rendered: RenderedMessage,
  senderId: number,
): ReadonlySet<number> {
  if (!rendered.topicWildcardMentioned || !addressed.stream) return new Set();
  return topicParticipantIds(sql, addressed.recipientId, addressed.topic).add(senderId);
}

const flagsAsJson = (mask: number | null) => JSON.stringify(readerFlags(mask));

interface Sent {
  messageId: number;
  addressed: Addressed;
  flags: Map<number, number>;
  claimed: ReturnType<typeof claimAttachments>;
  policies: PoliciesOnSend | null;
  /** What the channel's object said of its messages before this one. */
  activity: ReturnType<typeof activityBeforeSend> | null;
  /** Whether it owes anyone's phone a notification. */
  pushes: boolean;
}

/** POST /messages's answer: the ID, and the sender's new policy for the topic if the send set one. */
export type SendAnswer = {
  id: number;
  automatic_new_visibility_policy?: number;
};

/** What a send stores, in a transaction of the caller's. */
function storeMessage(
  services: Services,
  sender: UserRow,
  request: SendMessageRequest,
  content: string,
  rendered: RenderedMessage,
): Sent {
  const { sql } = services;
  const addressed = addressMessage(
    services,
    sender,
    request.destination,
    request.skipStreamAccessCheck,
  );
  const participants = topicWildcardParticipants(sql, addressed, rendered, sender.id);
  checkMayMention(sql, sender, addressed.stream, rendered, participants);
  const privateBit = addressed.stream ? 0 : Flag.is_private;
  const activity = addressed.stream ? activityBeforeSend(sql, addressed.stream) : null;
  const readOnArrival = new Set([
    ...mutingUserIds(sql, sender.id),
    ...(request.readOnArrival?.(addressed.readers) ?? []),
  ]);
  const flags = flagsOnSend(
    addressed.readers,
    sender.id,
    privateBit,
    rendered,
    readOnArrival,
    participants,
    request.readBySender ?? true,
  );
  const messageId = insertMessage(sql, {
    senderId: sender.id,
    recipientId: addressed.recipientId,
    subject: addressed.topic,
    content,
    renderedContent: rendered.html,
    dateSent: Math.floor(Date.now() / 1000),
    sendingClientId: clientIdFor(sql, request.clientName),
  });
  insertUserMessages(sql, messageId, flags);
  const widget = widgetSubmessageContent(content);
  if (widget !== null) {
    insertSubmessage(sql, {
      message_id: messageId,
      sender_id: sender.id,
      msg_type: 'widget',
      content: widget,
    });
  }
  const claimed = claimAttachments(sql, sender, messageId, rendered.uploadPaths);
  const { stream, topic, readers } = addressed;
  const policies = stream
    ? applyPoliciesOnSend(services, sender, {
        senderIsBot: sender.is_bot === 1 || request.systemNotice === true,
        stream,
        topic,
        messageId,
        readers,
        mentionedUserIds: rendered.mentionedUserIds,
      })
    : null;
  request.alsoInTransaction?.(messageId);
  const pushes = owePushesForSend(services, {
    messageId,
    senderId: sender.id,
    readers,
    flags,
    stream,
    recipientId: addressed.recipientId,
    topic,
    mentioningGroupOf: rendered.mentioningGroupOf,
  });
  return { messageId, addressed, flags, claimed, policies, activity, pushes };
}

/**
 * What follows a committed send: the topic policies it set (announced first,
 * as Zulip's do_send_messages does), its events, its claimed uploads' events,
 * and any bot's webhook.
 */
function announceMessage(
  services: Services,
  sender: UserRow,
  request: SendMessageRequest,
  rendered: RenderedMessage,
  sent: Sent,
): void {
  const { sql } = services;
  const row = viewedMessageById(sql, sender.id, sent.messageId);
  const [source] = row ? loadMessageSources(sql, getRealm(sql)?.string_id ?? '', [row]) : [];
  if (!source) throw new Error(`message ${sent.messageId} vanished after sending`);
  const { stream } = sent.addressed;
  // Readers share a handful of flag sets, each written as JSON once.
  const jsonByMask = new Map<number | null, string>();
  const notice: MessageNotice = {
    kind: 'message',
    type: 'message',
    render: (options) => renderMessage(source, options),
    flagsJson: (userId) => cached(jsonByMask, sent.flags.get(userId) ?? null, flagsAsJson),
    stream: stream
      ? { id: stream.id, name: stream.name, isPublic: stream.invite_only === 0 }
      : null,
    topic: sent.addressed.topic,
    senderEmail: sender.email,
    localEcho: request.localEcho ?? null,
  };
  announceStoredTopicVisibilities(services, sent.policies?.stored ?? []);
  if (sent.addressed.accessGains) announceAccessGains(services, sent.addressed.accessGains);
  if (stream && sent.activity) {
    announceActivityValues(services, stream, {
      ...(sent.activity.empty ? { first_message_id: sent.messageId } : {}),
      ...(sent.activity.recentlyActive ? {} : { is_recently_active: true }),
    });
  }
  services.queues.notify(notice, sent.addressed.readers);
  if (sent.pushes) services.pushDelivery.wake();
  announceClaims(services, sent.claimed);
  triggerOutgoingWebhooks(services, sender, {
    source,
    readers: sent.addressed.readers,
    mentionedUserIds: rendered.mentionedUserIds,
    isStream: stream !== null,
  });
}

/** The checked content and its rendering, refused at once if the content is bad. */
function prepareSend(services: Services, sender: UserRow, request: SendMessageRequest) {
  const content = checkContent(request.content);
  return { content, rendered: renderMessageContent(content, storeLookups(services.sql, sender)) };
}

export function sendMessage(
  services: Services,
  sender: UserRow,
  request: SendMessageRequest,
): number {
  const { content, rendered } = prepareSend(services, sender, request);
  const sent = services.sql.transaction(() =>
    storeMessage(services, sender, request, content, rendered),
  );
  announceMessage(services, sender, request, rendered, sent);
  return sent.messageId;
}

/**
 * A send stored in the caller's transaction, with what caused it: its events
 * wait for `announce`, to be called once that transaction has committed.
 */
export function stageMessage(
  services: Services,
  sender: UserRow,
  request: SendMessageRequest,
): { messageId: number; announce: () => void } {
  const { content, rendered } = prepareSend(services, sender, request);
  const sent = services.sql.transaction(() =>
    storeMessage(services, sender, request, content, rendered),
  );
  return {
    messageId: sent.messageId,
    announce: () => announceMessage(services, sender, request, rendered, sent),
  };
}

/**
 * A send from POST /messages: stored with the other sends of this turn of
 * the event loop in one commit (Sql.grouped), announced once committed, and
 * its answer or refusal handed to `done` then. A refusal of its content comes at
 * once, thrown.
 */
export function sendMessageGrouped(
  services: Services,
  sender: UserRow,
  request: SendMessageRequest,
  done: (outcome: SendAnswer | Error) => void,
): void {
  const { content, rendered } = prepareSend(services, sender, request);
  services.sql.grouped(
    () => storeMessage(services, sender, request, content, rendered),
    (sent) => {
      if (sent instanceof Error) return done(sent);
      try {
        announceMessage(services, sender, request, rendered, sent);
        const policy = sent.policies?.senderPolicy ?? null;
        done({
          id: sent.messageId,
          ...(policy === null ? {} : { automatic_new_visibility_policy: policy }),
        });
      } catch (error) {
        done(asError(error));
      }
    },
  );
}
