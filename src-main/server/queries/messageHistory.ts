import type { MessageSnapshot } from '../../wire';
import { errors } from '../errors';
import { visibleEditHistory } from '../shape/editHistoryVisibility';
import { highlightHtmlDifferences } from '../markdown/htmlDiff';
import type { Services } from '../services';
import { storedEdits } from '../store/messageEdits';
import { getRealm } from '../store/realm';
import type { UserRow } from '../store/users';
import { accessMessage } from './messageAccess';

/**
 * Zulip's GET /messages/{message_id}/history: every version of the message,
 * oldest first. The edits hold only what they replaced, so the versions are
 * rebuilt backwards from the current one (Zulip's fill_edit_history_entries),
 * then kept to what the organization's message_edit_history_visibility_policy shows.
 */
export function messageHistory(
  services: Services,
  viewer: UserRow,
  messageId: number,
): MessageSnapshot[] {
  const { sql } = services;
  const policy = getRealm(sql)?.message_edit_history_visibility_policy ?? 'all';
  if (policy === 'none') {
    throw errors.badRequest('Message edit history is disabled in this organization');
  }
  const message = accessMessage(sql, viewer, messageId);
  let version = {
    topic: message.subject,
    content: message.content,
    rendered_content: message.rendered_content,
  };
  const newestFirst: MessageSnapshot[] = [];
  for (const edit of storedEdits(message.edit_history).reverse()) {
    const snapshot: MessageSnapshot = {
      ...version,
      user_id: edit.user_id,
      timestamp: edit.timestamp,
    };
    if (edit.prev_stream !== undefined && edit.stream !== undefined) {
      snapshot.prev_stream = edit.prev_stream;
      snapshot.stream = edit.stream;
    }
    if (edit.prev_topic !== undefined) {
      snapshot.prev_topic = edit.prev_topic;
      version = { ...version, topic: edit.prev_topic };
    }
    if (edit.prev_content !== undefined && edit.prev_rendered_content !== undefined) {
      snapshot.prev_content = edit.prev_content;
      snapshot.prev_rendered_content = edit.prev_rendered_content;
      snapshot.content_html_diff = highlightHtmlDifferences(
        edit.prev_rendered_content,
        snapshot.rendered_content,
      );
      version = {
        ...version,
        content: edit.prev_content,
        rendered_content: edit.prev_rendered_content,
      };
    }
    newestFirst.push(snapshot);
  }
  newestFirst.push({ ...version, user_id: message.sender_id, timestamp: message.date_sent });
  return visibleEditHistory(policy, newestFirst).reverse();
}
