import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HeldReads } from '../../../src-main/client/runtime/heldReads';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import type { Message, Snapshot } from '../../../src-preload/bridge';
import { connected, eventually, joinWithKey, testApps } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

describe('messages just read, waiting to show it', () => {
  it('go with what is sent next, or alone once the wait is over, each once', async () => {
    const sent: (readonly number[])[] = [];
    const held = new HeldReads(60, (ids) => sent.push(ids));
    held.hold([1, 2]);
    held.hold([2, 3]);
    expect(held.take()).toEqual([1, 2, 3]);
    expect(held.take()).toEqual([]);
    held.hold([4]);
    await sleep(120);
    expect(sent).toEqual([[4]]);
    expect(held.take()).toEqual([]);
  });
});

describe('what the window is sent as messages are read', () => {
  let org: Org;
  let owner: TestUser;
  let bob: TestUser;
  let streamId: number;
  const apps = testApps(createMemorySecretStore());

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs: 500 } });
    owner = org.owner;
    bob = await org.user('bob');
    for (const user of [owner, bob]) await org.subscribe(user, 'kitchen');
    streamId = (await org.api(owner)('GET', '/get_stream_id', { stream: 'kitchen' })).json
      .stream_id;
  });
  afterEach(() => apps.stopAll());
  afterAll(() => org.close());

  const send = (content: string) => org.sendStream(bob, 'kitchen', 'soup', content);
  const markRead = (id: number) =>
    org.api(owner)('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
  const isRead = (message: Message | undefined) => message?.flags?.includes('read') === true;

  it('shows a message read with the next one that arrives, in one change, and alone when none comes', async () => {
    // Wide enough that a loaded machine sends the next message well inside it.
    const { app, service } = await apps.start(undefined, { readLaterMs: 4000 });
    await joinWithKey(app, org.url, owner);
    await connected(app);
    await service.openNarrow({ narrow: { kind: 'stream', streamId } });
    const changes: Message[][] = [];
    let unread = -1;
    service.subscribe((event, payload) => {
      if (event === 'feed' && 'upserted' in payload) changes.push(payload.upserted);
      if (event === 'snapshot') {
        unread = (payload as Snapshot).streams.find((s) => s.streamId === streamId)?.unread ?? -1;
      }
    });
    const first = await send('the soup is on');
    await eventually('the message and its count show', () => unread === 1);

    await markRead(first);
    await eventually('the count drops', () => unread === 0);
    const second = await send('and the bread');
    const withSecond = await eventually('the next message comes', () =>
      changes.find((upserted) => upserted.some((message) => message.id === second)),
    );
    // The first shows read in that same change, and in none before it.
    expect(isRead(withSecond.find((message) => message.id === first))).toBe(true);
    const before = changes.slice(0, changes.indexOf(withSecond)).flat();
    expect(before.filter((message) => message.id === first && isRead(message))).toEqual([]);

    await markRead(second);
    await eventually('the second shows read, with nothing else to carry it', () =>
      changes.some((upserted) =>
        upserted.some((message) => message.id === second && isRead(message)),
      ),
    );
  });
});
