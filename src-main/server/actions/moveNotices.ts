import { ApiError } from '../errors';
import { RESOLVED_TOPIC_PREFIX } from '../resolvedTopics';
import type { Services } from '../services';
import type { StreamRow } from '../store/streams';
import type { UserRow } from '../store/users';
import { resolvedNoticeReaders } from '../store/resolvedNoticeReaders';
import { editorSeesOtherMessages } from './moveUserTopics';
import { sendMessage, type SendMessageRequest } from './sendMessage';
import { channelMessageUrl, topicLinkSyntax } from '../markdown/topicLinkSyntax';

/** A topic's name without the resolved marks, as Python's lstrip("✔ ") leaves it. */
const unmarked = (topic: string) => topic.replace(/^[\u2714 ]+/u, '');

export interface MovedThread {
  /** The message the editor moved, which a one-message notice links to. */
  messageId: number;
  /** Every message the move took there. */
  messageIds: readonly number[];
  from: StreamRow;
  fromTopic: string;
  to: StreamRow;
  toTopic: string;
  /** Whether the editor sees nothing left behind (Zulip's moved_all_visible_messages). */
  movedAll: boolean;
  /** Whether the content changed too, which keeps Zulip from calling it a resolution. */
  contentEdited: boolean;
}

export interface NoticeChoice {
  toOldThread: boolean;
  toNewThread: boolean;
}

// Zulip posts these as its Notification Bot; Hearth has no system bots, so the
// editor posts them (as subscribe's stream announcements do), and where the
// editor may not post, a refusal means no notice rather than a failed move.
function post(
  services: Services,
  editor: UserRow,
  stream: StreamRow,
  topic: string,
  text: string,
  readOnArrival?: SendMessageRequest['readOnArrival'],
) {
  try {
    sendMessage(services, editor, {
      destination: { type: 'stream', stream: stream.id, topic },
      content: text,
      clientName: 'Hearth',
      systemNotice: true,
      readOnArrival,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * Zulip's maybe_send_resolve_topic_notifications: whether it posted one,
 * arriving read as each recipient's resolved_topic_notice_auto_read_policy says.
 */
function postResolution(services: Services, editor: UserRow, moved: MovedThread): boolean {
  if (moved.from.id !== moved.to.id || moved.contentEdited) return false;
  const wasResolved = moved.fromTopic.startsWith(RESOLVED_TOPIC_PREFIX);
  const isResolved = moved.toTopic.startsWith(RESOLVED_TOPIC_PREFIX);
  if (wasResolved === isResolved) return false;
  const who = `@_**${editor.full_name}|${editor.id}**`;
  const what = isResolved ? 'resolved' : 'unresolved';
  post(
    services,
    editor,
    moved.to,
    moved.toTopic,
    `${who} has marked this topic as ${what}.`,
    (ids) => resolvedNoticeReaders(services.sql, ids, moved.to.id, moved.toTopic),
  );
  return true;
}

/**
 * Zulip's notices of a move (send_message_moved_breadcrumbs), in Zulip 12's
 * words and links: to the new
 * thread unless the move only resolved or unresolved the topic, which has its
 * own notice, and to the old thread when asked.
 */
export function postMoveNotices(
  services: Services,
  editor: UserRow,
  moved: MovedThread,
  choice: NoticeChoice,
): void {
  const count = moved.messageIds.length;
  if (count === 0) return;
  // Judged before any notice lands in the new topic.
  const joinedOthers = editorSeesOtherMessages(
    services.sql,
    editor,
    { stream: moved.to, topic: moved.toTopic },
    moved.messageIds,
  );
  const resolution = postResolution(services, editor, moved);
  const who = `@_**${editor.full_name}|${editor.id}**`;
  const oldPlace = topicLinkSyntax(moved.from, moved.fromTopic);
  const newPlace = topicLinkSyntax(moved.to, moved.toTopic);
  if (choice.toOldThread) {
    const text = moved.movedAll
      ? `This topic was moved to ${newPlace} by ${who}.`
      : count === 1
        ? `A message was moved from this topic to ${newPlace} by ${who}.`
        : `${count} messages were moved from this topic to ${newPlace} by ${who}.`;
    post(services, editor, moved.from, moved.fromTopic, text);
  }
  const renamed = unmarked(moved.fromTopic) !== unmarked(moved.toTopic);
  if (choice.toNewThread && (moved.from.id !== moved.to.id || !resolution || renamed)) {
    const text =
      moved.movedAll && !joinedOthers
        ? `This topic was moved here from ${oldPlace} by ${who}.`
        : count === 1
          ? `[A message](${channelMessageUrl(services.realmUri(), moved.to, moved.toTopic, moved.messageId)}) was moved here from ${oldPlace} by ${who}.`
          : `${count} messages were moved here from ${oldPlace} by ${who}.`;
    post(services, editor, moved.to, moved.toTopic, text);
  }
}
