import { z } from 'zod';
import type { Context } from './context';
import { badRequest, invalidMessage } from './errors';
import { messageWindow } from './messageWindow';
import { narrowSchema, narrowTest } from './narrow';
import type { StoredMessage } from './org';
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

const maxMessages = 5000;

/** GET /messages: a window of the reader's messages in the narrow, around the anchor. */
export function getMessages(context: Context, readerId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(getSchema, raw);
  const reading = {
    applyMarkdown: params.apply_markdown,
    emptyTopicName: params.allow_empty_topic_name,
  };
  const shown = (messages: readonly StoredMessage[]) =>
    messages.map((message) => messageFor(org, message, readerId, reading, true));

  if (params.message_ids) {
    const wanted = new Set(params.message_ids);
    const inNarrow = narrowTest(org, readerId, params.narrow);
    return {
      messages: shown(
        [...org.messages.values()]
          .filter(
            (message) =>
              wanted.has(message.id) && org.canSee(readerId, message) && inNarrow(message),
          )
          .sort((a, b) => a.id - b.id),
      ),
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
  const window = messageWindow(org, readerId, {
    anchor: params.anchor,
    numBefore: params.num_before,
    numAfter: params.num_after,
    includeAnchor: params.include_anchor,
    narrow: params.narrow,
  });
  return {
    anchor: window.anchor,
    found_anchor: window.foundAnchor,
    found_oldest: window.foundOldest,
    found_newest: window.foundNewest,
    history_limited: false,
    messages: shown(window.messages),
  };
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
