import { createHash } from 'node:crypto';
import { ApiError, errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { RenderedMessage } from '../markdown/lookups';
import { renderMessageContent } from '../markdown/render';
import { storeLookups } from '../queries/markdownLookups';
import { accessMessage } from '../queries/messageAccess';
import { accessStreamById, canAccessStream } from '../queries/streamAccess';
import type { Services } from '../services';
import { Flag, flagsToNames, WILDCARD_MENTIONED } from '../store/flags';
import type { AttachmentRow } from '../store/attachments';
import { saveMessageEdit, moveMessagesToTopic, type StoredEdit } from '../store/messageEdits';
import type { ViewedMessageRow } from '../store/messages';
import { readersOf, setReaderFlags, type ReaderRow } from '../store/messageReaders';
import { getRealm, type RealmRow } from '../store/realm';
import { RecipientType } from '../store/recipients';
import { streamById, type StreamRow } from '../store/streams';
import { hasSubmessages } from '../store/submessages';
import type { TopicLink } from '../../wire/linkifiers';
import { topicLinker } from '../queries/topicLinks';
import { subscriberIds } from '../store/subscriptions';
import { messagesInTopic, topicParticipantIds } from '../store/topics';
import type { UserRow } from '../store/users';
import {
  checkMayEditContent,
  checkMayEditTopic,
  checkMayMoveBetweenStreams,
  checkMayMoveWholeTopic,
} from './messageEditRules';
import {
  announceLostAccess,
  applyStreamMoveAccess,
  streamMoveAccess,
  type StreamMoveAccess,
} from './moveBetweenStreams';
import { activityOf, announceActivityChanges } from './channelActivityEvents';
import { postMoveNotices } from './moveNotices';
import {
  announceMovedUserTopics,
  editorSeesMessagesLeft,
  moveUserTopics,
  type MovedUserTopics,
} from './moveUserTopics';
import { owePushesForEdit, type ReaderFlagChange } from './pushTriggers';
import { checkMayCreateTopic, checkMayMention, checkMayPost } from './sendPermissions';
import { announceClaims, detachedUploads, reclaimAttachments } from './uploads';
import { checkTopicsPolicy } from './topicsPolicy';
import { checkContent, checkTopic } from './validate';
import { isResolveToggle } from '../resolvedTopics';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface UpdateMessageRequest {
  messageId: number;
  content: string | undefined;
  /** With `propagateMode`, which other messages of the topic follow the edited one. */
  topic: string | undefined;
  streamId: number | undefined;
  propagateMode: PropagateMode;
  /** Zulip's send_notification_to_old_thread (default false) and …_new_thread (default true). */
  notifyOldThread?: boolean;
  notifyNewThread?: boolean;
  /** The SHA-256 (hex) of the content the editor last saw. */
  prevContentSha256?: string | undefined;
}

/** An edit that passed every check: what changes. */
interface Plan {
  message: ViewedMessageRow;
  stream: StreamRow | null;
  /** The stream the messages move to, when it is another. */
  newStream: StreamRow | null;
  topic: string | null;
  content: EditedContent | null;
  propagateMode: PropagateMode;
}

interface EditedContent {
  raw: string;
  rendered: RenderedMessage;
  /** Those `@**topic**` reaches: the participants of the message's topic, if it has one. */
  topicParticipants: ReadonlySet<number>;
}

function messageStream(services: Services, message: ViewedMessageRow): StreamRow | null {
  if (message.recipient_type !== RecipientType.stream) return null;
  return streamById(services.sql, message.recipient_type_id) ?? null;
}

// A topic the same as the current one changes nothing, as in Zulip; naming the
// stream the message is in is Hearth's leniency, for clients that always send it.
function requestedChanges(
  request: UpdateMessageRequest,
  message: ViewedMessageRow,
  stream: StreamRow | null,
) {
  // Zulip 12 takes the empty topic's display name for the empty topic.
  const topic = request.topic === undefined ? undefined : checkTopic(request.topic);
  return {
    topic: topic === undefined || topic === message.subject ? null : topic,
    streamId:
      request.streamId === undefined || request.streamId === stream?.id ? null : request.streamId,
  };
}

// Zulip's validate_message_edit_payload: the request's own consistency.
// Returns the new topic, already checked as a topic to send to.
function checkPayload(
  request: UpdateMessageRequest,
  stream: StreamRow | null,
  changes: { topic: string | null; streamId: number | null },
): string | null {
  const { topic, streamId } = changes;
  if (topic === null && request.content === undefined && streamId === null) {
    throw errors.badRequest('Nothing to change');
  }
  if (!stream && streamId !== null) {
    throw errors.badRequest('Direct messages cannot be moved to channels.');
  }
  if (!stream && topic !== null) throw errors.badRequest('Direct messages cannot have topics.');
  if (request.propagateMode !== 'change_one' && topic === null && streamId === null) {
    throw errors.badRequest('Invalid propagate_mode without topic edit');
  }
  if (streamId !== null && request.content !== undefined) {
    throw errors.badRequest('Cannot change message content while changing channel');
  }
  return topic;
}

function renderEdit(
  services: Services,
  editor: UserRow,
  message: ViewedMessageRow,
  stream: StreamRow | null,
  content: string,
): EditedContent {
  const { sql } = services;
  // Zulip keeps an emptied message as "(deleted)" rather than refusing it.
  const raw = checkContent(content.trimEnd() === '' ? '(deleted)' : content);
  const rendered = renderMessageContent(raw, storeLookups(sql, editor));
  const topicParticipants =
    rendered.topicWildcardMentioned && stream
      ? topicParticipantIds(sql, message.recipient_id, message.subject)
      : new Set<number>();
  return { raw, rendered, topicParticipants };
}

// Zulip 7.0's check_update_message, its checks in its order.
function planEdit(
  services: Services,
  realm: RealmRow,
  editor: UserRow,
  request: UpdateMessageRequest,
  now: number,
): Plan {
  const { sql } = services;
  const message = accessMessage(sql, editor, request.messageId);
  if (request.content !== undefined) checkMayEditContent(realm, editor, message, now);
  const stream = messageStream(services, message);
  const changes = requestedChanges(request, message, stream);
  const topic = checkPayload(request, stream, changes);
  // Zulip: a poll's or to-do list's text is where its widget came from.
  if (request.content !== undefined && hasSubmessages(sql, message.id)) {
    throw errors.badRequest('Widgets cannot be edited.');
  }
  // Zulip 11's guard against a race of two editors (feature level 379),
  // checked for any edit, as Zulip does.
  if (
    request.prevContentSha256 !== undefined &&
    request.prevContentSha256 !== createHash('sha256').update(message.content).digest('hex')
  ) {
    throw new ApiError(
      "'prev_content_sha256' value does not match the expected value.",
      'EXPECTATION_MISMATCH',
    );
  }
  if (topic !== null) checkMayEditTopic(sql, realm, editor, message, { stream, topic }, now);
  const content =
    request.content === undefined
      ? null
      : renderEdit(services, editor, message, stream, request.content);
  let newStream: StreamRow | null = null;
  if (changes.streamId !== null && stream) {
    const from = { stream, canAccess: canAccessStream(sql, editor, stream) };
    checkMayMoveBetweenStreams(sql, realm, editor, message, from, now);
    newStream = accessStreamById(sql, editor, changes.streamId);
    checkMayPost(sql, editor, newStream);
  }
  if (stream) {
    const moved = topic !== null || newStream !== null;
    checkTopicsPolicy(sql, newStream ?? stream, topic ?? message.subject, moved);
  }
  if (request.propagateMode === 'change_all' && (topic !== null || newStream) && stream) {
    const changed = { topic: topic !== null, stream: newStream !== null };
    checkMayMoveWholeTopic(
      sql,
      realm,
      editor,
      { stream, topic: message.subject, changes: changed },
      now,
    );
  }
  // Zulip: a move starts its destination topic as a send would, unless it
  // only marks the topic resolved or unresolved.
  const target = topic ?? message.subject;
  if ((topic !== null || newStream) && stream && !isResolveToggle(message.subject, target)) {
    checkMayCreateTopic(sql, editor, newStream ?? stream, target);
  }
  if (content) checkMayMention(sql, editor, stream, content.rendered, content.topicParticipants);
  return { message, stream, newStream, topic, content, propagateMode: request.propagateMode };
}

// Zulip's update_user_message_flags: mentions and alert words are re-read
// from the new rendering, for everyone who has the message.
const RENDERED_FLAGS = Flag.mentioned | WILDCARD_MENTIONED | Flag.has_alert_word;

function flagsAfterRendering(reader: ReaderRow, content: EditedContent): number {
  const { rendered } = content;
  let flags = reader.flags & ~RENDERED_FLAGS;
  if (rendered.mentionedUserIds.has(reader.user_id)) flags |= Flag.mentioned;
  if (rendered.wildcardMentioned) flags |= Flag.stream_wildcard_mentioned;
  if (content.topicParticipants.has(reader.user_id)) flags |= Flag.topic_wildcard_mentioned;
  if (rendered.alertedUserIds.has(reader.user_id)) flags |= Flag.has_alert_word;
  return flags;
}

/** Rewrites the readers' flags; those that changed come back, before and after. */
function updateMentionFlags(
  services: Services,
  messageId: number,
  content: EditedContent,
): ReaderFlagChange[] {
  const changed: ReaderFlagChange[] = [];
  for (const reader of readersOf(services.sql, messageId)) {
    const flags = flagsAfterRendering(reader, content);
    if (flags === reader.flags) continue;
    setReaderFlags(services.sql, messageId, reader.user_id, flags);
    changed.push({ userId: reader.user_id, before: reader.flags, after: flags });
  }
  return changed;
}

// Zulip's update_messages_for_topic_edit: the other messages of the topic
// (matched without regard to case) that follow the edited one.
function propagatedIds(services: Services, plan: Plan): number[] {
  const { message, stream, propagateMode } = plan;
  if ((plan.topic === null && !plan.newStream) || !stream || propagateMode === 'change_one') {
    return [];
  }
  return messagesInTopic(services.sql, stream.recipient_id, message.subject)
    .map((row) => row.id)
    .filter((id) => (propagateMode === 'change_all' ? id !== message.id : id > message.id));
}

interface Applied {
  messageIds: number[];
  userTopicsMoved: MovedUserTopics | null;
  attachmentsChanged: AttachmentRow[];
  access: StreamMoveAccess | null;
  /** Whether the editor sees nothing of the topic left behind. */
  movedAll: boolean;
  /** Whether phones owe a notification or a remove for changed mentions. */
  pushesOwed: boolean;
}

// A move to another stream: every moved message, the edited one too, takes
// the new stream (and topic) with one entry in its history, as Zulip's
// edit_history records prev_stream and stream.
function applyStreamMove(
  services: Services,
  editor: UserRow,
  plan: Plan & { stream: StreamRow; newStream: StreamRow },
  now: number,
): Applied {
  const { sql } = services;
  const { message, stream, newStream, topic } = plan;
  const messageIds = [message.id, ...propagatedIds(services, plan)].sort((a, b) => a - b);
  const edit: StoredEdit = {
    user_id: editor.id,
    timestamp: now,
    prev_stream: stream.id,
    stream: newStream.id,
    ...(topic === null ? {} : { prev_topic: message.subject, topic }),
  };
  const access = streamMoveAccess(services, stream, newStream);
  moveMessagesToTopic(sql, messageIds, topic ?? message.subject, edit, newStream.recipient_id);
  applyStreamMoveAccess(services, access, messageIds);
  const move = {
    stream,
    toStream: newStream,
    from: message.subject,
    to: topic ?? message.subject,
    wholeTopic: plan.propagateMode === 'change_all',
    now,
  };
  return {
    messageIds,
    userTopicsMoved: moveUserTopics(services, editor, move),
    attachmentsChanged: [],
    access,
    movedAll: !editorSeesMessagesLeft(sql, editor, move),
    pushesOwed: false,
  };
}

function applyEdit(services: Services, editor: UserRow, plan: Plan, now: number): Applied {
  const { sql } = services;
  const { message, topic, content, stream, newStream } = plan;
  if (stream && newStream)
    return applyStreamMove(services, editor, { ...plan, stream, newStream }, now);
  const edit: StoredEdit = { user_id: editor.id, timestamp: now };
  if (content) {
    edit.prev_content = message.content;
    edit.prev_rendered_content = message.rendered_content;
  }
  if (topic !== null) {
    edit.prev_topic = message.subject;
    edit.topic = topic;
  }
  saveMessageEdit(
    sql,
    {
      id: message.id,
      subject: topic ?? message.subject,
      content: content?.raw ?? message.content,
      renderedContent: content?.rendered.html ?? message.rendered_content,
    },
    edit,
  );
  const readers = content ? updateMentionFlags(services, message.id, content) : [];
  const pushesOwed =
    stream !== null &&
    owePushesForEdit(services, {
      stream,
      recipientId: stream.recipient_id,
      topic: topic ?? message.subject,
      messageId: message.id,
      senderId: message.sender_id,
      editorId: editor.id,
      readers,
    });
  const attachmentsChanged = content
    ? reclaimAttachments(sql, editor, message.id, content.rendered.uploadPaths)
    : [];

  const propagated = propagatedIds(services, plan);
  if (topic !== null && propagated.length > 0) {
    // The other messages record only the topic change.
    const topicEdit = { user_id: editor.id, timestamp: now, prev_topic: message.subject, topic };
    moveMessagesToTopic(sql, propagated, topic, topicEdit);
  }
  const userTopicsMoved =
    topic !== null && plan.stream
      ? moveUserTopics(services, editor, {
          stream: plan.stream,
          from: message.subject,
          to: topic,
          wholeTopic: plan.propagateMode === 'change_all',
          now,
        })
      : null;
  const movedAll =
    topic !== null && stream !== null
      ? !editorSeesMessagesLeft(sql, editor, { stream, from: message.subject })
      : false;
  return {
    messageIds: [message.id, ...propagated].sort((a, b) => a - b),
    userTopicsMoved,
    attachmentsChanged,
    access: null,
    movedAll,
    pushesOwed,
  };
}

// Zulip's update_message event, as its tornado layer hands it to clients.
function eventPayload(
  editor: UserRow,
  plan: Plan,
  applied: Applied,
  now: number,
  linksOf: (topic: string) => TopicLink[],
) {
  const { message, stream, newStream, topic, content } = plan;
  const moved = topic !== null || newStream !== null;
  return {
    user_id: editor.id,
    edit_timestamp: now,
    message_id: message.id,
    message_ids: applied.messageIds,
    rendering_only: false,
    ...(stream ? { stream_name: stream.name, stream_id: stream.id } : {}),
    ...(newStream ? { new_stream_id: newStream.id } : {}),
    ...(moved ? { propagate_mode: plan.propagateMode, orig_subject: message.subject } : {}),
    ...(topic === null ? {} : { subject: topic, topic_links: linksOf(topic) }),
    ...(content
      ? {
          orig_content: message.content,
          orig_rendered_content: message.rendered_content,
          content: content.raw,
          rendered_content: content.rendered.html,
          is_me_message: content.rendered.isMeMessage,
        }
      : {}),
  };
}

/**
 * Who hears of the edit, with the flags each one's event carries: everyone
 * with a row for the message, and (Zulip's rule for streams that share their
 * history) current subscribers without one, as having read it. After a move
 * to another stream the rows and subscribers are the new stream's; Hearth
 * also tells those who gave up their rows but still see the stream, so their
 * view and unread counts follow the messages.
 */
function audience(services: Services, plan: Plan, applied: Applied): Map<string, number[]> {
  const byFlags = new Map<string, number[]>();
  const add = (flags: string[], userId: number) => {
    const key = JSON.stringify(flags);
    byFlags.set(key, [...(byFlags.get(key) ?? []), userId]);
  };
  const readers = readersOf(services.sql, plan.message.id);
  for (const reader of readers) add(flagsToNames(reader.flags), reader.user_id);
  const stream = plan.newStream ?? plan.stream;
  const told = new Set(readers.map((reader) => reader.user_id));
  if (stream && stream.history_public_to_subscribers === 1) {
    for (const userId of subscriberIds(services.sql, stream.recipient_id)) {
      if (!told.has(userId)) add(['read'], userId);
      told.add(userId);
    }
  }
  const losingAccess = new Set(applied.access?.losingAccess ?? []);
  for (const userId of applied.access?.losingRows ?? []) {
    if (!losingAccess.has(userId) && !told.has(userId)) add(['read'], userId);
  }
  return byFlags;
}

/**
 * Zulip's PATCH /messages/{message_id}: edits a message's content (its sender
 * only) and/or topic (with the later or all messages of the topic), keeps the
 * edit in the message's history and tells everyone who has the message.
 */
export function updateMessage(
  services: Services,
  editor: UserRow,
  request: UpdateMessageRequest,
): { detachedUploads: object[] } {
  const { sql } = services;
  const realm = getRealm(sql);
  if (!realm) throw new Error('the organization is missing');
  const now = Math.floor(Date.now() / 1000);
  const plan = planEdit(services, realm, editor, request, now);
  const moves = plan.stream && plan.newStream ? [plan.stream.id, plan.newStream.id] : [];
  const activity = activityOf(sql, moves);
  const applied = sql.transaction(() => applyEdit(services, editor, plan, now));
  if (applied.pushesOwed) services.pushDelivery.wake();
  const detached = plan.content
    ? detachedUploads(sql, editor, applied.attachmentsChanged, plan.content.rendered.uploadPaths)
    : [];

  if (applied.userTopicsMoved) announceMovedUserTopics(services, applied.userTopicsMoved);
  announceClaims(services, applied.attachmentsChanged);
  const { message, stream, newStream, topic } = plan;
  if (applied.access && stream) {
    announceLostAccess(services, applied.access, {
      from: stream,
      topic: message.subject,
      messageIds: applied.messageIds,
    });
  }
  const payload = eventPayload(editor, plan, applied, now, topicLinker(services.sql));
  for (const [flags, userIds] of audience(services, plan, applied)) {
    services.queues.notify(
      plainNotice('update_message', { ...payload, flags: JSON.parse(flags) as string[] }),
      userIds,
    );
  }
  announceActivityChanges(services, activity);
  if (stream && (topic !== null || newStream)) {
    postMoveNotices(
      services,
      editor,
      {
        messageId: message.id,
        from: stream,
        fromTopic: message.subject,
        to: newStream ?? stream,
        toTopic: topic ?? message.subject,
        messageIds: applied.messageIds,
        movedAll: applied.movedAll,
        contentEdited: plan.content !== null,
      },
      {
        toOldThread: request.notifyOldThread ?? false,
        toNewThread: request.notifyNewThread ?? true,
      },
    );
  }
  return { detachedUploads: detached };
}
