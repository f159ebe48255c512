import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/client/cache/openCache';
import {
  messageEventSchema,
  messagesResponseSchema,
  updateMessageEventSchema,
  type QueuedEvent,
} from '../../../src-main/wire';
import { tempFolder } from '../cache/fixtures';

// Zulip's documented answers, not Hearth's: what a real Zulip server sends.
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as QueuedEvent & {
    message: Record<string, unknown>;
  };

describe("Zulip's documented events", () => {
  it('parse with the wire schemas the client checks them with', () => {
    expect(messageEventSchema.safeParse(fixture('message-event.json')).success).toBe(true);
    expect(updateMessageEventSchema.safeParse(fixture('update-message-event.json')).success).toBe(
      true,
    );
    const page = {
      result: 'success',
      msg: '',
      anchor: 31,
      found_anchor: true,
      found_newest: true,
      found_oldest: true,
      history_limited: false,
      messages: [{ ...fixture('message-event.json').message, flags: ['read'] }],
    };
    expect(messagesResponseSchema.safeParse(page).success).toBe(true);
  });

  it('reach the cache: nothing skipped as malformed, the message stored, then edited and moved', () => {
    const logged: string[] = [];
    const { cache } = openCache(join(tempFolder(), 'zulip.db'), {
      log: (line) => logged.push(line),
    });
    // As after a first registration: the cache holds everything from here on.
    cache.recordComplete({ kind: 'all' }, { low: 0, high: 0, reachesNewest: true });
    const message = fixture('message-event.json');
    const edit = fixture('update-message-event.json');
    // The documented edit names message 58 in stream 5; the documented message is 31 in stream 1.
    const edited = { ...message, id: 2, message: { ...message.message, id: 58, stream_id: 5 } };
    cache.applyEvents([message, edited, { ...edit, id: 3 }]);
    expect(logged.filter((line) => line.includes('malformed'))).toEqual([]);

    const stream1 = cache.messagesInNarrow(
      { kind: 'topic', streamId: 1, topic: 'test' },
      { anchor: 'newest', before: 10 },
    );
    expect(stream1.messages.map((stored) => stored.id)).toEqual([31]);
    const moved = cache.messagesInNarrow(
      { kind: 'topic', streamId: 5, topic: 'new_topic' },
      { anchor: 'newest', before: 10 },
    );
    expect(moved.messages.find((stored) => stored.id === 58)?.content).toBe('<p>new content</p>');
    cache.close();
  });
});
