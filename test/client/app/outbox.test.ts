import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/client/cache/openCache';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { eventually, startTestHearth, testApps, type TestHearth } from '../../helpers/hearth';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 13, point 6: what is written offline is kept, survives a restart, is
// sent once and in order, and a refused send stays to be fixed.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

describe.each(serverKinds)('the outbox, on $name', (kind) => {
  let server: TestServer;
  let kitchenId: number;

  beforeAll(async () => {
    // Frequent heartbeats end each long-poll soon, so a pulled cable shows within a second.
    server = await kind.start({ heartbeatMs: 1_000 });
    kitchenId = server.channels[0].id;
  });
  afterAll(() => server.close());

  const travel = () => ({ kind: 'stream' as const, streamId: kitchenId, topic: 'travel' });

  const signedIn = (): Promise<TestHearth> => apps.signedIn(server.url, server.me);

  /** The contents of the channel's messages on the server, oldest first. */
  const onServer = async (): Promise<string[]> =>
    (
      await server.api(server.me)('GET', '/messages', {
        anchor: 'newest',
        num_before: 200,
        num_after: 0,
        narrow: [{ operator: 'stream', operand: kitchenId }],
        apply_markdown: false,
      })
    ).json.messages.map((message: { content: string }) => message.content);

  it('keeps what was written offline across a restart, then sends it once, in the order written', async () => {
    const first = await signedIn();
    apps.link.offline = true;
    await eventually('offline', () => first.app.active().connection.state === 'offline');
    const written = ['first while offline', 'second while offline', 'third while offline'];
    for (const content of written) {
      const entry = first.app.active().send(travel(), content);
      expect(entry).toMatchObject({ content, state: 'waiting', error: null });
    }
    await apps.stop(first);

    const second = await apps.start(first.profileDir);
    expect(
      second.app
        .active()
        .outboxEntries()
        .map((entry) => entry.content),
    ).toEqual(written);
    const page = await second.app.active().openNarrow({ kind: 'stream', streamId: kitchenId });
    expect(page.outbox.map((entry) => entry.state)).toEqual(['waiting', 'waiting', 'waiting']);

    apps.link.offline = false;
    await eventually('the outbox is empty', () => second.app.active().outboxEntries().length === 0);
    const sent = (await onServer()).filter((content) => content.endsWith('while offline'));
    expect(sent).toEqual(written);
    const cached = second.app
      .active()
      .cache.messagesInNarrow(
        { kind: 'stream', streamId: kitchenId },
        {
          anchor: 'newest',
          before: 50,
        },
      )
      .messages.map((message) => message.content);
    for (const content of written) expect(cached.some((html) => html.includes(content))).toBe(true);
  });

  it('keeps a send the server refuses, marked failed with its msg, to retry or discard', async () => {
    const hearth = await signedIn();
    // Past both Hearth's 10,000 bytes and Zulip's 10,000 characters.
    const tooLong = 'é'.repeat(10_001);
    const entry = hearth.app.active().send(travel(), tooLong);
    const failed = await eventually('the send failed', () =>
      hearth.app
        .active()
        .outboxEntries()
        .find((candidate) => candidate.localId === entry.localId && candidate.state === 'failed'),
    );
    expect(failed.error).toMatch(/too long|longer than/i);
    expect((await onServer()).includes(tooLong)).toBe(false);

    hearth.app.active().discard(entry.localId);
    expect(hearth.app.active().outboxEntries()).toEqual([]);
  });

  /** An entry in the closed app's outbox marked as on its way: its outcome unknown, as when the app died. */
  const leftSending = (profileDir: string, accountId: string, content: string) => {
    const { cache } = openCache(join(profileDir, 'caches', `${accountId}.sqlite3`));
    cache.outbox.add({
      localId: 'left-sending',
      destination: {
        type: 'stream',
        streamId: kitchenId,
        streamName: server.channels[0].name,
        topic: 'travel',
      },
      content,
      createdAt: Date.now(),
    });
    cache.outbox.markSending('left-sending', Date.now());
    cache.close();
  };

  it('does not send twice a message whose first attempt reached the server before the app died', async () => {
    const first = await signedIn();
    const accountId = first.app.active().account.id;
    await apps.stop(first);

    // The app died between sending and hearing back: the entry is marked
    // sending, and the server has the message.
    const content = `sent just before a crash ${Date.now()}`;
    leftSending(first.profileDir, accountId, content);
    await server.send(server.me, server.channels[0], 'travel', content);

    const second = await apps.start(first.profileDir);
    await eventually('the outbox is empty', () => second.app.active().outboxEntries().length === 0);
    expect((await onServer()).filter((text) => text === content)).toHaveLength(1);
  });

  it('sends again a message whose attempt never reached the server, though the same words went a minute before', async () => {
    const first = await signedIn();
    const content = `on my way ${Date.now()}`;
    first.app.active().send(travel(), content);
    await eventually(
      'the first is delivered',
      () => first.app.active().outboxEntries().length === 0,
    );
    const accountId = first.app.active().account.id;
    await apps.stop(first);

    // The app died between marking the second sending and sending it.
    leftSending(first.profileDir, accountId, content);

    const second = await apps.start(first.profileDir);
    await eventually('the outbox is empty', () => second.app.active().outboxEntries().length === 0);
    expect((await onServer()).filter((text) => text === content)).toHaveLength(2);
  });

  it('sends a message written online right away, and its echo replaces the local one', async () => {
    const hearth = await signedIn();
    const pushed: string[] = [];
    hearth.service.subscribe((event, payload) => {
      if (event === 'outbox') pushed.push(JSON.stringify(payload));
    });
    const entry = hearth.app.active().send(travel(), 'online and quick');
    expect(entry.state).toBe('sending');
    await eventually('the echo arrived', () => hearth.app.active().outboxEntries().length === 0);
    // The send's answer empties the outbox; its event may come a moment later on a busy machine.
    const copies = await eventually('the message is in its stream', async () => {
      const page = await hearth.app.active().openNarrow({ kind: 'stream', streamId: kitchenId });
      const found = page.messages.filter((message) => message.content.includes('online and quick'));
      return found.length > 0 && found;
    });
    expect(copies).toHaveLength(1);
    expect(pushed.length).toBeGreaterThan(0);
  });

  it('sends a direct message written offline once, to the people named, shown in their conversation meanwhile', async () => {
    const bob = server.other;
    const first = await signedIn();
    apps.link.offline = true;
    await eventually('offline', () => first.app.active().connection.state === 'offline');
    const entry = first.app
      .active()
      .send({ kind: 'private', userIds: [bob.id] }, 'see you at the station');
    expect(entry.to).toEqual({ kind: 'private', userIds: [bob.id], names: [bob.fullName] });
    const waiting = await first.app.active().openNarrow({ kind: 'private', userIds: [bob.id] });
    expect(waiting.outbox.map((shown) => shown.content)).toEqual(['see you at the station']);
    const elsewhere = await first.app.active().openNarrow({ kind: 'stream', streamId: kitchenId });
    expect(elsewhere.outbox).toEqual([]);

    apps.link.offline = false;
    await eventually('the outbox is empty', () => first.app.active().outboxEntries().length === 0);
    const received = await server.api(bob)('GET', '/messages', {
      anchor: 'newest',
      num_before: 20,
      num_after: 0,
      narrow: [{ operator: 'pm-with', operand: [server.me.id] }],
      apply_markdown: false,
    });
    expect(
      received.json.messages.filter(
        (message: { content: string }) => message.content === 'see you at the station',
      ),
    ).toHaveLength(1);
  });

  it('does not send twice a direct message whose first attempt reached the server before the app died', async () => {
    const carol = server.third;
    const first = await signedIn();
    const accountId = first.app.active().account.id;
    await apps.stop(first);

    const content = `a direct message just before a crash ${Date.now()}`;
    const { cache } = openCache(join(first.profileDir, 'caches', `${accountId}.sqlite3`));
    cache.outbox.add({
      localId: 'crashed-dm',
      destination: { type: 'private', userIds: [carol.id], emails: [carol.email] },
      content,
      createdAt: Date.now(),
    });
    cache.outbox.markSending('crashed-dm', Date.now());
    cache.close();
    await server.api(server.me)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([carol.id]),
      content,
    });

    const second = await apps.start(first.profileDir);
    await eventually('the outbox is empty', () => second.app.active().outboxEntries().length === 0);
    const received = await server.api(carol)('GET', '/messages', {
      anchor: 'newest',
      num_before: 20,
      num_after: 0,
      narrow: [{ operator: 'pm-with', operand: [server.me.id] }],
      apply_markdown: false,
    });
    expect(
      received.json.messages.filter((message: { content: string }) => message.content === content),
    ).toHaveLength(1);
  });

  it('refuses a direct message to someone who is not a user', async () => {
    const hearth = await signedIn();
    expect(() =>
      hearth.app.active().send({ kind: 'private', userIds: [987654] }, 'hello?'),
    ).toThrow(/no active user 987654/);
    expect(hearth.app.active().outboxEntries()).toEqual([]);
  });

  it('shows what waits while the account has no key, and lets it be given up on', async () => {
    const first = await signedIn();
    apps.link.offline = true;
    await eventually('offline', () => first.app.active().connection.state === 'offline');
    const kept = first.app.active().send(travel(), 'to send after signing in');
    const dropped = first.app.active().send(travel(), 'no longer needed');
    await apps.stop(first);

    // A keychain that lost the key: the account needs signing in again.
    const keyless = await startTestHearth({
      profileDir: first.profileDir,
      secrets: createMemorySecretStore(),
    });
    try {
      const account = keyless.app.active();
      expect(account.session).toBeNull();
      const page = await account.openNarrow({ kind: 'stream', streamId: kitchenId });
      expect(page.outbox.map((entry) => [entry.content, entry.state])).toEqual([
        ['to send after signing in', 'waiting'],
        ['no longer needed', 'waiting'],
      ]);
      account.discard(dropped.localId);
      expect(account.outboxEntries().map((entry) => entry.localId)).toEqual([kept.localId]);
    } finally {
      await keyless.stop();
    }
  });
});
