import type { Message } from '../../wire';
import { defaultEmptyTopicName } from '../../permissions/topicsPolicy';

// Zulip 10 (feature level 334): a client that did not declare the
// empty_topic_name capability reads the empty topic by its display name
// wherever an event names a channel message's topic.

const shown = (topic: unknown): unknown => (topic === '' ? defaultEmptyTopicName : topic);

/** The keys naming a topic in each event type that Zulip rewrites. */
const topicKeys: Readonly<Record<string, readonly string[]>> = {
  typing: ['topic'],
  user_topic: ['topic_name'],
  update_message: ['orig_subject', 'subject'],
  delete_message: ['topic'],
};

/** Whether an event of `type` may name the empty topic, so that it is worth rewriting. */
export const namesTopics = (type: string): boolean =>
  type in topicKeys || type === 'update_message_flags';

/** `event` as a client without the capability reads it; the same object when nothing changes. */
export function withEmptyTopicShown<E extends Record<string, unknown>>(event: E): E {
  const type = String(event['type']);
  if (type === 'update_message_flags') {
    const details = event['message_details'];
    if (typeof details !== 'object' || details === null) return event;
    const rewritten = Object.fromEntries(
      Object.entries(details as Record<string, Record<string, unknown>>).map(([id, detail]) => [
        id,
        detail['type'] === 'stream' ? { ...detail, topic: shown(detail['topic']) } : detail,
      ]),
    );
    return { ...event, message_details: rewritten };
  }
  // A direct message's update_message names no channel and no topic.
  if (type === 'update_message' && event['stream_id'] === undefined) return event;
  const keys = topicKeys[type] ?? [];
  if (!keys.some((key) => event[key] === '')) return event;
  const copy: Record<string, unknown> = { ...event };
  for (const key of keys) if (key in copy) copy[key] = shown(copy[key]);
  return copy as E;
}

/** A message as a client without the capability reads it: a channel message's empty topic by its name. */
export function messageWithEmptyTopicShown(message: Message): Message {
  if (message.type !== 'stream' || message.subject !== '') return message;
  return { ...message, subject: defaultEmptyTopicName };
}
