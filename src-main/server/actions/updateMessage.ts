import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { RenderedMessage } from '../markdown/lookups';
import { renderMessageContent } from '../markdown/render';
import { storeLookups } from '../queries/markdownLookups';
import { accessMessage } from '../queries/messageAccess';
import type { Services } from '../services';
import { Flag, flagsToNames } from '../store/flags';
import type { AttachmentRow } from '../store/attachments';
import { saveMessageEdit, moveMessagesToTopic, type StoredEdit } from '../store/messageEdits';
import type { ViewedMessageRow } from '../store/messages';
import { readersOf, setReaderFlags, type ReaderRow } from '../store/messageReaders';
import { getRealm, type RealmRow } from '../store/realm';
import { RecipientType } from '../store/recipients';
import { streamById, type StreamRow } from '../store/streams';
import { subscriberIds } from '../store/subscriptions';
import { messagesInTopic } from '../store/topics';
import type { UserRow } from '../store/users';
import { checkMayEditContent, checkMayEditTopic, checkMayMoveWholeTopic } from './messageEditRules';
import { announceMovedUserTopics, moveUserTopics, type MovedUserTopics } from './moveUserTopics';
import { announceClaims, reclaimAttachments } from './uploads';
import { checkContent, checkTopic } from './validate';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface UpdateMessageRequest {
  messageId: number;
  content: string | undefined;
  /** With `propagateMode`, which other messages of the topic follow the edited one. */
  topic: string | undefined;
  streamId: number | undefined;
  propagateMode: PropagateMode;
}

// Zulip's Markdown processor version, which edit history and events carry;
// Hearth has had one rendering, so no message ever needs rendering again.
const MARKDOWN_VERSION = 1;

/** An edit that passed every check: what changes. */
interface Plan {
  message: ViewedMessageRow;
  stream: StreamRow | null;
  topic: string | null;
  content: { raw: string; rendered: RenderedMessage } | null;
  propagateMode: PropagateMode;
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
  const topic = request.topic?.trim();
  return {
    topic: topic === undefined || topic === message.subject ? null : topic,
    streamId:
      request.streamId === undefined || request.streamId === stream?.id ? null : request.streamId,
  };
}

// Zulip's validate_message_edit_payload: the request's own consistency.
// Returns the new topic, checked as a topic to send to.
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
    throw errors.badRequest('Direct messages cannot be moved to streams.');
  }
  if (!stream && topic !== null) throw errors.badRequest('Direct messages cannot have topics.');
  if (request.propagateMode !== 'change_one' && topic === null && streamId === null) {
    throw errors.badRequest('Invalid propagate_mode without topic edit');
  }
  const checkedTopic = topic === null ? null : checkTopic(topic);
  if (streamId !== null && request.content !== undefined) {
    throw errors.badRequest('Cannot change message content while changing stream');
  }
  return checkedTopic;
}

function renderEdit(services: Services, content: string): Plan['content'] {
  // Zulip keeps an emptied message as "(deleted)" rather than refusing it.
  const raw = checkContent(content.trimEnd() === '' ? '(deleted)' : content);
  return { raw, rendered: renderMessageContent(raw, storeLookups(services.sql)) };
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
  if (topic !== null) checkMayEditTopic(realm, editor, message, now);
  const content = request.content === undefined ? null : renderEdit(services, request.content);
  // Hearth's organization lets nobody move messages between streams (Zulip's
  // move_messages_between_streams_policy "nobody"), so this is Zulip's refusal.
  if (changes.streamId !== null) {
    throw errors.badRequest("You don't have permission to move this message");
  }
  if (request.propagateMode === 'change_all' && topic !== null && stream) {
    checkMayMoveWholeTopic(sql, realm, editor, stream, message.subject, now);
  }
  return { message, stream, topic, content, propagateMode: request.propagateMode };
}

// Zulip's update_user_message_flags: mentions and alert words are re-read
// from the new rendering, for everyone who has the message.
function flagsAfterRendering(reader: ReaderRow, rendered: RenderedMessage): number {
  let flags = reader.flags & ~(Flag.mentioned | Flag.wildcard_mentioned | Flag.has_alert_word);
  if (rendered.mentionedUserIds.has(reader.user_id)) flags |= Flag.mentioned;
  if (rendered.wildcardMentioned) flags |= Flag.wildcard_mentioned;
  if (rendered.alertedUserIds.has(reader.user_id)) flags |= Flag.has_alert_word;
  return flags;
}

function updateMentionFlags(
  services: Services,
  messageId: number,
  rendered: RenderedMessage,
): void {
  for (const reader of readersOf(services.sql, messageId)) {
    const flags = flagsAfterRendering(reader, rendered);
    if (flags !== reader.flags) setReaderFlags(services.sql, messageId, reader.user_id, flags);
  }
}

// Zulip's update_messages_for_topic_edit: the other messages of the topic
// (matched without regard to case) that follow the edited one.
function propagatedIds(services: Services, plan: Plan): number[] {
  const { message, stream, propagateMode } = plan;
  if (plan.topic === null || !stream || propagateMode === 'change_one') return [];
  return messagesInTopic(services.sql, stream.recipient_id, message.subject)
    .map((row) => row.id)
    .filter((id) => (propagateMode === 'change_all' ? id !== message.id : id > message.id));
}

interface Applied {
  messageIds: number[];
  userTopicsMoved: MovedUserTopics | null;
  attachmentsChanged: AttachmentRow[];
}

function applyEdit(services: Services, editor: UserRow, plan: Plan, now: number): Applied {
  const { sql } = services;
  const { message, topic, content } = plan;
  const edit: StoredEdit = { user_id: editor.id, timestamp: now };
  if (content) {
    edit.prev_content = message.content;
    edit.prev_rendered_content = message.rendered_content;
    edit.prev_rendered_content_version = MARKDOWN_VERSION;
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
  if (content) updateMentionFlags(services, message.id, content.rendered);
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
  return {
    messageIds: [message.id, ...propagated].sort((a, b) => a - b),
    userTopicsMoved,
    attachmentsChanged,
  };
}

// Zulip's update_message event, as its tornado layer hands it to clients.
function eventPayload(editor: UserRow, plan: Plan, applied: Applied, now: number) {
  const { message, stream, topic, content } = plan;
  return {
    user_id: editor.id,
    edit_timestamp: now,
    message_id: message.id,
    message_ids: applied.messageIds,
    rendering_only: false,
    ...(stream ? { stream_name: stream.name, stream_id: stream.id } : {}),
    ...(topic === null
      ? {}
      : {
          propagate_mode: plan.propagateMode,
          orig_subject: message.subject,
          subject: topic,
          topic_links: [],
        }),
    ...(content
      ? {
          orig_content: message.content,
          orig_rendered_content: message.rendered_content,
          prev_rendered_content_version: MARKDOWN_VERSION,
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
 * history) current subscribers without one, as having read it.
 */
function audience(services: Services, plan: Plan): Map<string, number[]> {
  const byFlags = new Map<string, number[]>();
  const add = (flags: string[], userId: number) => {
    const key = JSON.stringify(flags);
    byFlags.set(key, [...(byFlags.get(key) ?? []), userId]);
  };
  const readers = readersOf(services.sql, plan.message.id);
  for (const reader of readers) add(flagsToNames(reader.flags), reader.user_id);
  const { stream } = plan;
  if (stream && stream.history_public_to_subscribers === 1) {
    const withRow = new Set(readers.map((reader) => reader.user_id));
    for (const userId of subscriberIds(services.sql, stream.recipient_id)) {
      if (!withRow.has(userId)) add(['read'], userId);
    }
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
): void {
  const { sql } = services;
  const realm = getRealm(sql);
  if (!realm) throw new Error('the organization is missing');
  const now = Math.floor(Date.now() / 1000);
  const plan = planEdit(services, realm, editor, request, now);
  const applied = sql.transaction(() => applyEdit(services, editor, plan, now));

  if (applied.userTopicsMoved) announceMovedUserTopics(services, applied.userTopicsMoved);
  announceClaims(services, applied.attachmentsChanged);
  const payload = eventPayload(editor, plan, applied, now);
  for (const [flags, userIds] of audience(services, plan)) {
    services.queues.notify(
      plainNotice('update_message', { ...payload, flags: JSON.parse(flags) as string[] }),
      userIds,
    );
  }
}
