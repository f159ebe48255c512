import { z } from 'zod';
import { highlightHtmlDifferences } from '../../../src-main/server/markdown/htmlDiff';
import type { Context } from './context';
import { badRequest, invalidMessage } from './errors';
import { visibleEditHistory } from './editHistoryVisibility';
import { bool, parseParams, type RawParams } from './params';
import { renderContent, topicFor } from './render';

interface Snapshot {
  topic: string;
  prev_topic?: string;
  stream?: number;
  prev_stream?: number;
  content: string;
  rendered_content: string;
  prev_content?: string;
  prev_rendered_content?: string;
  content_html_diff?: string;
  user_id: number | null;
  timestamp: number;
}

/**
 * GET /messages/{id}/history: every version of the message, oldest first,
 * rebuilt backwards from the current one as Zulip's fill_edit_history_entries
 * does, each edit naming what it changed: `prev_topic`, `prev_content` with
 * its rendering and Zulip's HTML diff, and `prev_stream` / `stream` (feature level 118).
 */
export function messageHistory(
  context: Context,
  readerId: number,
  messageId: number,
  raw: RawParams,
) {
  const { org } = context;
  const params = parseParams(z.object({ allow_empty_topic_name: bool.default(false) }), raw);
  if (org.realm.realm_message_edit_history_visibility_policy === 'none') {
    throw badRequest('Message edit history is disabled in this organization');
  }
  const message = org.messages.get(messageId);
  if (!message || !org.canSee(readerId, message)) throw invalidMessage();
  const reading = { emptyTopicName: params.allow_empty_topic_name };
  const topicOf = (topic: string) =>
    message.streamId === null ? '' : topicFor(org, topic, reading);
  let version = {
    topic: topicOf(message.topic),
    content: message.content,
    rendered_content: renderContent(message.content),
  };
  const newestFirst: Snapshot[] = message.editHistory.map((edit) => {
    const snapshot: Snapshot = { ...version, user_id: edit.user_id, timestamp: edit.timestamp };
    if (edit.prev_topic !== undefined) {
      snapshot.prev_topic = topicOf(edit.prev_topic);
      version = { ...version, topic: snapshot.prev_topic };
    }
    if (edit.prev_content !== undefined && edit.prev_rendered_content !== undefined) {
      snapshot.prev_content = edit.prev_content;
      snapshot.prev_rendered_content = edit.prev_rendered_content;
      snapshot.content_html_diff = highlightHtmlDifferences(
        edit.prev_rendered_content,
        version.rendered_content,
      );
      version = {
        ...version,
        content: edit.prev_content,
        rendered_content: edit.prev_rendered_content,
      };
    }
    if (edit.prev_stream !== undefined && edit.stream !== undefined) {
      snapshot.prev_stream = edit.prev_stream;
      snapshot.stream = edit.stream;
    }
    return snapshot;
  });
  newestFirst.push({ ...version, user_id: message.senderId, timestamp: message.timestamp });
  return { message_history: visibleEditHistory(org, newestFirst).reverse() };
}
