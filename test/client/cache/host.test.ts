import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import { messagesResponseSchema, type QueuedEvent } from '../../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../../helpers/org';
import { freshCache, ids } from './fixtures';

let org: Org;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  bob = await org.user('bob');
  await org.subscribe(alice, 'kitchen');
  await org.subscribe(bob, 'kitchen');
});

afterAll(() => org.close());

async function send(user: TestUser, topic: string, content: string): Promise<number> {
  const response = await org.api(user)('POST', '/messages', {
    type: 'stream',
    to: 'kitchen',
    topic,
    content,
  });
  return response.json.id as number;
}

async function registerCache(): Promise<{ cache: Cache; queueId: string }> {
  const cache = freshCache();
  const registered = await org.api(alice)('POST', '/register', {
    apply_markdown: true,
    client_capabilities: { bulk_message_deletion: true },
  });
  const { queue_id: queueId, last_event_id: lastEventId, ...state } = registered.json;
  cache.storeRegister(state, { queueId, lastEventId });
  return { cache, queueId };
}

async function eventsSince(queueId: string, lastEventId: number): Promise<QueuedEvent[]> {
  const response = await org.api(alice)('GET', '/events', {
    queue_id: queueId,
    last_event_id: lastEventId,
    dont_block: true,
  });
  return response.json.events as QueuedEvent[];
}

describe('the cache fed by a real Hearth host', () => {
  it("stores fetched messages and follows the host's edit, move, flag and deletion events", async () => {
    const first = await send(bob, 'soup', 'Tomato **soup** today');
    const second = await send(bob, 'soup', 'with bread');
    const { cache, queueId } = await registerCache();
    const kitchen = cache.subscriptions().find((sub) => sub.name === 'kitchen');
    if (!kitchen) throw new Error('alice is not subscribed to kitchen');
    const narrow = { kind: 'stream', streamId: kitchen.stream_id } as const;
    const answer = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: kitchen.stream_id }],
    });
    cache.storePage(
      narrow,
      { anchor: 'newest', numBefore: 50, numAfter: 0 },
      messagesResponseSchema.parse(answer.json),
    );
    expect(cache.unreadCounts().streams.get(kitchen.stream_id)).toBe(2);

    const third = await send(bob, 'soup', 'and salad');
    await org.api(bob)('PATCH', `/messages/${first}`, { content: 'Pumpkin soup today' });
    await org.api(bob)('PATCH', `/messages/${second}`, {
      topic: 'bread',
      propagate_mode: 'change_later',
      // Zulip's notice of the move would be one more message in the topic.
      send_notification_to_new_thread: false,
    });
    await org.api(alice)('POST', '/messages/flags', { messages: [first], op: 'add', flag: 'read' });
    const beforeDeletion = await eventsSince(queueId, -1);
    cache.applyEvents(beforeDeletion);

    const soup = cache.messagesInNarrow(
      { ...narrow, kind: 'topic', topic: 'soup' },
      { anchor: 'newest', before: 10 },
    );
    expect(ids(soup.messages)).toEqual([first]);
    expect(soup.messages[0]?.content).toContain('Pumpkin');
    expect(soup.messages[0]?.flags).toContain('read');
    const bread = cache.messagesInNarrow(
      { ...narrow, kind: 'topic', topic: 'bread' },
      { anchor: 'newest', before: 10 },
    );
    expect(ids(bread.messages)).toEqual([second, third]);
    expect(cache.unreadCounts().topics).toEqual([
      { streamId: kitchen.stream_id, topic: 'bread', count: 2, muted: false },
    ]);
    expect(
      ids(cache.searchMessages([{ operator: 'search', operand: 'pumpkin' }], 5).messages),
    ).toEqual([first]);

    await org.api(org.owner)('DELETE', `/messages/${third}`);
    cache.applyEvents(await eventsSince(queueId, beforeDeletion.at(-1)?.id ?? -1));
    const afterDeletion = cache.messagesInNarrow(
      { ...narrow, kind: 'topic', topic: 'bread' },
      { anchor: 'newest', before: 10 },
    );
    expect(ids(afterDeletion.messages)).toEqual([second]);
    expect(cache.unreadCounts().total).toBe(1);
  });
});
