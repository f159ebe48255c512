import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/client/cache/openCache';
import {
  messageEventSchema,
  messagesResponseSchema,
  updateMessageEventSchema,
  type QueuedEvent,
  type Subscription,
  type User,
} from '../../../src-main/wire';
import { tempFolder } from '../cache/fixtures';

// Zulip's documented answers, not Hearth's: what a real Zulip server sends.
const list = (name: string) =>
  JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as QueuedEvent[];

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

describe("Zulip's documented subscription and user events", () => {
  it('keep the cached subscriptions and users current, none skipped as malformed', () => {
    const logged: string[] = [];
    const { cache } = openCache(join(tempFolder(), 'zulip.db'), {
      log: (line) => logged.push(line),
    });
    const [added, updated, ...rest] = list('subscription-events.json');
    if (!added || !updated) throw new Error('the subscription fixtures are missing');
    cache.applyEvents([added, updated]);
    expect(cache.subscriptions()).toEqual([
      expect.objectContaining({ stream_id: 9, name: 'test', pin_to_top: true }),
    ]);
    cache.applyEvents(rest);
    expect(cache.subscriptions()).toEqual([]);

    cache.applyEvents(list('realm-user-events.json'));
    expect(cache.users()).toEqual([
      expect.objectContaining({
        user_id: 38,
        full_name: 'full name',
        avatar_url: expect.stringContaining('version=3'),
      }),
    ]);
    expect(logged.filter((line) => line.includes('malformed'))).toEqual([]);
    cache.close();
  });

  it('of flags, topics and departures are applied, none skipped as malformed', () => {
    const logged: string[] = [];
    const { cache } = openCache(join(tempFolder(), 'zulip.db'), {
      log: (line) => logged.push(line),
    });
    cache.recordComplete({ kind: 'all' }, { low: 0, high: 0, reachesNewest: true });
    const message = fixture('message-event.json');
    cache.applyEvents([{ ...message, message: { ...message.message, id: 63 } }]);
    const [starred, unstarred, ...rest] = list('flag-and-topic-events.json');
    if (!starred || !unstarred) throw new Error('the flag fixtures are missing');
    const flagsOf63 = () =>
      cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 5 }).messages[0]?.flags;
    cache.applyEvents([starred]);
    expect(flagsOf63()).toContain('starred');
    cache.applyEvents([unstarred, ...rest]);
    expect(flagsOf63()).not.toContain('starred');

    cache.applyEvents([{ ...message, id: 9, message: { ...message.message, id: 37 } }]);
    cache.applyEvents(list('deletion-events.json'));
    const left = cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 5 }).messages;
    expect(left.map((stored) => stored.id)).toEqual([63]);
    expect(logged.filter((line) => line.includes('malformed'))).toEqual([]);
    cache.close();
  });

  it('survive being saved as register state and read back on the next start', () => {
    const file = join(tempFolder(), 'zulip.db');
    const { cache } = openCache(file, { log: () => undefined });
    const [added] = list('subscription-events.json');
    const [person] = list('realm-user-events.json');
    cache.storeRegister(
      {
        user_id: 38,
        subscriptions: (added as unknown as { subscriptions: Subscription[] }).subscriptions,
        realm_users: [(person as unknown as { person: User }).person],
        // Zulip deprecated sender_id beside other_user_id after 7.0.
        unread_msgs: {
          pms: [{ other_user_id: 10, unread_message_ids: [31] }],
          streams: [],
          huddles: [],
          mentions: [],
          count: 1,
          old_unreads_missing: false,
        },
      },
      { queueId: '1:0', lastEventId: 0 },
    );
    cache.close();
    const reopened = openCache(file, { log: () => undefined }).cache;
    expect(reopened.loadRegisterState()?.state.realm_users).toHaveLength(1);
    expect(reopened.unreadCounts().total).toBe(1);
    expect(reopened.subscriptions().map((subscription) => subscription.name)).toEqual(['test']);
    reopened.close();
  });
});
