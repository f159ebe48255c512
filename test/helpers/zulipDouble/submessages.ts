import { z } from 'zod';
import { pythonJsonDumps } from '../../../src-main/server/shape/pythonJson';
import { emit, type Context } from './context';
import { badRequest, invalidMessage } from './errors';
import type { Org, StoredMessage } from './org';
import { int, parseParams, type RawParams } from './params';

// Zulip's widgets as a current server has them (zerver/lib/widget.py,
// zerver/views/submessage.py): /poll and /todo open one with its first
// submessage, stored as Python's json.dumps writes it (the host's writer of
// that format serves here too), and POST /submessage
// adds to it, with a `submessage` event to everyone with the message.

const itemLines = (lines: string[]) =>
  lines.map((line) => line.trim().replace(/^\s*[-*]?\s*/, '')).filter((line) => line !== '');

// The current get_widget_data: the first line names the poll's question or
// the list's title, the other lines options or tasks ("task: description").
function widgetContent(content: string): string | null {
  const first = content.split(/\s+/)[0] ?? '';
  const type = first.slice(1);
  if (!first.startsWith('/') || (type !== 'poll' && type !== 'todo')) return null;
  const lines = content.replace(first, '').split(/\r\n|\n|\r/);
  const heading = lines[0] ? (lines.shift() ?? '').trim() : '';
  const items = itemLines(lines);
  const extraData =
    type === 'poll'
      ? { question: heading, options: items }
      : {
          task_list_title: heading,
          tasks: items.map((item) => {
            const [task = '', ...desc] = item.split(': ');
            return { task: task.trim(), desc: desc.join(': ').trim() };
          }),
        };
  return pythonJsonDumps({ widget_type: type, extra_data: extraData });
}

function store(
  org: Org,
  message: StoredMessage,
  senderId: number,
  msgType: string,
  content: string,
) {
  const submessage = {
    id: org.nextSubmessageId,
    message_id: message.id,
    sender_id: senderId,
    msg_type: msgType,
    content,
  };
  org.nextSubmessageId += 1;
  message.submessages = [...(message.submessages ?? []), submessage];
  return submessage;
}

/** do_widget_post_save_actions: the widget a new message opens, before its event goes out. */
export function openWidget(org: Org, message: StoredMessage): void {
  const content = widgetContent(message.content);
  if (content !== null) store(org, message, message.senderId, 'widget', content);
}

const submessageSchema = z.object({ message_id: int, msg_type: z.string(), content: z.string() });

/** POST /submessage, with Zulip's checks of who may add what. */
export function addSubmessage(context: Context, userId: number, raw: RawParams): void {
  const { org } = context;
  const params = parseParams(submessageSchema, raw);
  const message = org.messages.get(params.message_id);
  if (!message || !org.canSee(userId, message)) throw invalidMessage();
  const existing = message.submessages ?? [];
  if (userId !== message.senderId && !existing.some((sub) => sub.sender_id === message.senderId)) {
    throw badRequest('You cannot attach a submessage to this message.');
  }
  let data: unknown;
  try {
    data = JSON.parse(params.content);
  } catch {
    throw badRequest('Invalid json for submessage');
  }
  const widgetType = existing[0]
    ? (JSON.parse(existing[0].content) as { widget_type?: unknown }).widget_type
    : null;
  const type = (data as { type?: unknown } | null)?.type;
  if (widgetType === 'poll' && type === 'question' && userId !== message.senderId) {
    throw badRequest("You can't edit a question unless you are the author.");
  }
  const added = store(org, message, userId, params.msg_type, params.content);
  const receivers = [...(org.flags.get(message.id)?.keys() ?? [])];
  emit(context, receivers, () => ({
    type: 'submessage',
    msg_type: added.msg_type,
    message_id: added.message_id,
    submessage_id: added.id,
    sender_id: added.sender_id,
    content: added.content,
  }));
}
