import { z } from 'zod';
import { topicLinksOf } from './linkifiers';
import { emit, type Context } from './context';
import { deleteMessages } from './deletion';
import { badRequest, invalidMessage, noSuchChannelId } from './errors';
import { isInSetting, realmSetting } from './groups';
import type { EditHistoryEntry } from '../../../src-main/wire';
import type { StoredMessage } from './org';
import { int, parseParams, type RawParams } from './params';
import { renderContent, topicFor } from './render';
import { checkMoveTimeLimits } from './moveTimeLimits';
import { checkCanPost, checkTopicAllowed, normalisedTopic } from './sendMessage';

const updateSchema = z.object({
  content: z.string().optional(),
  topic: z.string().optional(),
  subject: z.string().optional(),
  stream_id: int.optional(),
  propagate_mode: z.enum(['change_one', 'change_later', 'change_all']).default('change_one'),
});

// Zulip's "resolved topic" prefix, whose adding or removing is resolving.
const resolvedPrefix = '✔ ';

function stripResolved(topic: string): string {
  return topic.startsWith(resolvedPrefix) ? topic.slice(resolvedPrefix.length) : topic;
}

/**
 * PATCH /messages/{id}: a content edit by the sender, or a move to another
 * topic or channel by whoever the realm's and the channel's group settings
 * allow, refused as Zulip refuses it.
 */
export function updateMessage(
  context: Context,
  editorId: number,
  messageId: number,
  raw: RawParams,
) {
  const { org } = context;
  const params = parseParams(updateSchema, raw);
  const message = org.messages.get(messageId);
  if (!message || !org.canSee(editorId, message)) throw invalidMessage();
  const rawTopic = params.topic ?? params.subject;
  if (params.content === undefined && rawTopic === undefined && params.stream_id === undefined) {
    throw badRequest('Nothing to change');
  }
  const now = context.now();

  if (params.content !== undefined) checkContentEdit(context, editorId, message);

  const source = message.streamId === null ? undefined : org.streams.get(message.streamId);
  const newTopic = rawTopic === undefined ? undefined : normalisedTopic(context, rawTopic);
  const topicChanges = newTopic !== undefined && newTopic !== message.topic;
  const target =
    params.stream_id === undefined || params.stream_id === message.streamId
      ? undefined
      : org.streams.get(params.stream_id);
  if (params.stream_id !== undefined && params.stream_id !== message.streamId && !target) {
    throw noSuchChannelId(params.stream_id);
  }
  if ((topicChanges || target) && !source) {
    throw badRequest('Direct messages cannot be moved to channels.');
  }
  if (source && topicChanges && !target) {
    const isResolving = stripResolved(newTopic) === stripResolved(message.topic);
    const allowed = isResolving
      ? isInSetting(org, editorId, realmSetting(org, 'can_resolve_topics_group')) ||
        isInSetting(org, editorId, source.can_resolve_topics_group)
      : isInSetting(org, editorId, realmSetting(org, 'can_move_messages_between_topics_group')) ||
        isInSetting(org, editorId, source.can_move_messages_within_channel_group);
    if (!allowed) throw badRequest("You don't have permission to edit this message");
  }
  if (source && target) {
    const allowed =
      isInSetting(org, editorId, realmSetting(org, 'can_move_messages_between_channels_group')) ||
      isInSetting(org, editorId, source.can_move_messages_out_of_channel_group);
    if (!allowed) throw badRequest("You don't have permission to move this message");
    checkCanPost(context, editorId, target);
  }
  const destination = target ?? source;
  const destinationTopic = newTopic ?? message.topic;
  if (destination && (topicChanges || target))
    checkTopicAllowed(context, destination, destinationTopic);

  const moved = topicChanges || target ? movedWith(context, message, params.propagate_mode) : [];
  if (moved.length > 0 && !org.isModerator(editorId)) {
    checkMoveTimeLimits(context, message, moved, { topic: topicChanges, channel: !!target });
  }
  const before = new Map(
    [message, ...moved].map((each) => [each.id, { topic: each.topic, streamId: each.streamId }]),
  );
  const origContent = message.content;
  if (params.content !== undefined) {
    message.editHistory.unshift({
      user_id: editorId,
      timestamp: now,
      prev_content: message.content,
      prev_rendered_content: renderContent(message.content),
    });
    message.content = params.content;
    message.lastEditTimestamp = now;
  }
  for (const each of moved) {
    const entry: EditHistoryEntry = { user_id: editorId, timestamp: now };
    if (topicChanges) Object.assign(entry, { prev_topic: each.topic, topic: destinationTopic });
    if (target && each.streamId !== null) {
      Object.assign(entry, { prev_stream: each.streamId, stream: target.stream_id });
    }
    each.editHistory.unshift(entry);
    each.topic = destinationTopic;
    if (target) each.streamId = target.stream_id;
    each.lastMovedTimestamp = now;
  }
  if (target) {
    for (const each of moved) {
      const rows = org.flags.get(each.id) ?? new Map<number, Set<string>>();
      for (const id of target.subscribers) if (!rows.has(id)) rows.set(id, new Set(['read']));
      org.flags.set(each.id, rows);
    }
  }

  const ids = (moved.length > 0 ? moved : [message]).map((each) => each.id).sort((a, b) => a - b);
  const receivers = new Set<number>();
  for (const id of ids) for (const userId of org.flags.get(id)?.keys() ?? []) receivers.add(userId);
  const origTopic = before.get(message.id)?.topic ?? message.topic;
  emit(context, receivers, (queue) => {
    const reading = { emptyTopicName: queue.capabilities.empty_topic_name };
    return {
      type: 'update_message',
      user_id: editorId,
      edit_timestamp: now,
      message_id: message.id,
      message_ids: ids,
      flags: org.flagsOf(message.id, queue.userId),
      rendering_only: false,
      ...(source ? { stream_id: before.get(message.id)?.streamId ?? source.stream_id } : {}),
      ...(target ? { new_stream_id: target.stream_id } : {}),
      ...(topicChanges || target
        ? {
            propagate_mode: params.propagate_mode,
            orig_subject: topicFor(org, origTopic, reading),
            subject: topicFor(org, destinationTopic, reading),
            topic_links: topicLinksOf(org, destinationTopic),
          }
        : {}),
      ...(params.content !== undefined
        ? {
            orig_content: origContent,
            orig_rendered_content: renderContent(origContent),
            content: queue.applyMarkdown ? renderContent(message.content) : message.content,
            rendered_content: renderContent(message.content),
            is_me_message: message.content.startsWith('/me '),
          }
        : {}),
    };
  });
}

function checkContentEdit(context: Context, editorId: number, message: StoredMessage): void {
  const { realm } = context.org;
  if (realm.realm_allow_message_editing !== true) {
    throw badRequest('Your organization has turned off message editing');
  }
  if (message.senderId !== editorId)
    throw badRequest("You don't have permission to edit this message");
  const limit = realm.realm_message_content_edit_limit_seconds;
  if (typeof limit === 'number' && context.now() - message.timestamp > limit) {
    throw badRequest('The time limit for editing this message has passed');
  }
}

/** The messages a move takes along, by Zulip's propagate_mode. */
function movedWith(
  context: Context,
  message: StoredMessage,
  mode: 'change_one' | 'change_later' | 'change_all',
): StoredMessage[] {
  if (mode === 'change_one') return [message];
  return [...context.org.messages.values()]
    .filter(
      (each) =>
        each.streamId === message.streamId &&
        each.topic.toLowerCase() === message.topic.toLowerCase() &&
        (mode === 'change_all' || each.id >= message.id),
    )
    .sort((a, b) => a.id - b.id);
}

/** DELETE /messages/{id}, for whoever the delete group settings allow. */
export function deleteMessage(context: Context, userId: number, messageId: number) {
  const { org } = context;
  const message = org.messages.get(messageId);
  if (!message || !org.canSee(userId, message)) throw invalidMessage();
  const stream = message.streamId === null ? undefined : org.streams.get(message.streamId);
  const mayDeleteAny =
    isInSetting(org, userId, realmSetting(org, 'can_delete_any_message_group')) ||
    (stream !== undefined && isInSetting(org, userId, stream.can_delete_any_message_group));
  const mayDeleteOwn =
    message.senderId === userId &&
    (isInSetting(org, userId, realmSetting(org, 'can_delete_own_message_group')) ||
      (stream !== undefined && isInSetting(org, userId, stream.can_delete_own_message_group)));
  if (!mayDeleteAny && !mayDeleteOwn) {
    throw badRequest("You don't have permission to delete this message");
  }
  deleteMessages(context, [message]);
}
