import { z } from 'zod';
import type { Context } from './context';
import { badRequest, invalidMessage } from './errors';
import { narrowSchema, narrowTest } from './narrow';
import { bool, int, intList, json, parseParams, type RawParams } from './params';
import { messageFor } from './render';

const getSchema = z.object({
  anchor: z.string().optional(),
  num_before: int.optional(),
  num_after: int.optional(),
  include_anchor: bool.default(true),
  narrow: json(narrowSchema).default([]),
  apply_markdown: bool.default(true),
  client_gravatar: bool.default(true),
  allow_empty_topic_name: bool.default(false),
  message_ids: intList.optional(),
});

// What Zulip echoes as the anchor of "newest": LARGER_THAN_MAX_MESSAGE_ID.
const newestAnchor = 10_000_000_000_000_000;
const maxMessages = 5000;

/** GET /messages: a window of the reader's messages in the narrow, around the anchor. */
export function getMessages(context: Context, readerId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(getSchema, raw);
  const reading = {
    applyMarkdown: params.apply_markdown,
    emptyTopicName: params.allow_empty_topic_name,
  };
  const inNarrow = narrowTest(org, readerId, params.narrow);
  const visible = [...org.messages.values()]
    .filter((message) => org.canSee(readerId, message) && inNarrow(message))
    .sort((a, b) => a.id - b.id);
  const shown = (messages: typeof visible) =>
    messages.map((message) => messageFor(org, message, readerId, reading, true));

  if (params.message_ids) {
    const wanted = new Set(params.message_ids);
    return {
      messages: shown(visible.filter((message) => wanted.has(message.id))),
      history_limited: false,
    };
  }
  if (params.anchor === undefined) throw badRequest("Missing 'anchor' argument");
  if (params.num_before === undefined || params.num_after === undefined) {
    throw badRequest("Missing 'num_before' or 'num_after' argument");
  }
  if (params.num_before < 0 || params.num_after < 0) throw badRequest('Invalid number of messages');
  if (params.num_before + params.num_after > maxMessages) {
    throw badRequest(`Too many messages requested (maximum ${maxMessages}).`);
  }
  const anchor = anchorOf(params.anchor, visible, (id) =>
    org.flagsOf(id, readerId).includes('read'),
  );
  const includeAnchor = params.include_anchor;
  const before = visible.filter((m) => m.id < anchor || (includeAnchor && m.id === anchor));
  const after = visible.filter((m) => m.id > anchor || (includeAnchor && m.id === anchor));
  const anchored = visible.find((m) => m.id === anchor);
  const older = before.filter((m) => m.id !== anchor);
  const newer = after.filter((m) => m.id !== anchor);
  const olderPage = params.num_before === 0 ? [] : older.slice(-params.num_before);
  const newerPage = newer.slice(0, params.num_after);
  const page = [...olderPage, ...(includeAnchor && anchored ? [anchored] : []), ...newerPage];
  return {
    anchor,
    found_anchor: includeAnchor && anchored !== undefined,
    found_oldest: olderPage.length === older.length,
    found_newest: newerPage.length === newer.length,
    history_limited: false,
    messages: shown(page),
  };
}

function anchorOf(
  anchor: string,
  visible: readonly { id: number }[],
  isRead: (id: number) => boolean,
): number {
  switch (anchor) {
    case 'newest':
      return newestAnchor;
    case 'oldest':
      return 0;
    case 'first_unread':
      return visible.find((message) => !isRead(message.id))?.id ?? newestAnchor;
    default: {
      if (!/^\d+$/.test(anchor)) throw badRequest('Invalid anchor');
      return Number(anchor);
    }
  }
}

/** GET /messages/{id}: one message, and its Markdown when apply_markdown is false. */
export function getMessage(context: Context, readerId: number, messageId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(
    getSchema.pick({ apply_markdown: true, allow_empty_topic_name: true }),
    raw,
  );
  const message = org.messages.get(messageId);
  if (!message || !org.canSee(readerId, message)) throw invalidMessage();
  const reading = {
    applyMarkdown: params.apply_markdown,
    emptyTopicName: params.allow_empty_topic_name,
  };
  return {
    raw_content: message.content,
    message: messageFor(org, message, readerId, reading, true),
  };
}
