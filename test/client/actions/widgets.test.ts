import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessageWidget } from '../../../src-preload/bridge';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { eventually, testApps, type TestHearth } from '../../helpers/hearth';
import type { TestUser } from '../../helpers/org';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 36, point 2: polls and to-do lists from Hearth's client, against a
// Hearth host and a current Zulip server alike: drawn from the message's
// submessages, voted on, added to and ticked through POST /submessage, and
// the same offline after a restart, from the cache alone.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

describe.each(serverKinds)('polls and to-do lists, on $name', (kind) => {
  let server: TestServer;
  let me: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await kind.start();
    ({ me, other } = server);
  });
  afterAll(() => server.close());

  const widgetOf = async (hearth: TestHearth, id: number): Promise<MessageWidget | undefined> => {
    const [channel] = server.channels;
    const page = await hearth.service.openNarrow({
      narrow: { kind: 'stream', streamId: channel.id },
    });
    return page.messages.find((message: Message) => message.id === id)?.widget;
  };
  const widgetWhen = (hearth: TestHearth, id: number, ready: (widget: MessageWidget) => boolean) =>
    eventually('the widget changes', async () => {
      const widget = await widgetOf(hearth, id);
      return widget && ready(widget) ? widget : undefined;
    });

  it('draws a poll, votes, adds an option, and shows others’ votes by name', async () => {
    const [channel] = server.channels;
    const id = await server.send(other, channel, 'lunch', '/poll Where to eat?\nPizza\nSoup');
    const hearth = await apps.signedIn(server.url, me);
    expect(await widgetWhen(hearth, id, () => true)).toEqual({
      type: 'poll',
      question: 'Where to eat?',
      canAsk: false,
      options: [
        { key: 'canned,0', option: 'Pizza', count: 0, voted: false, voters: [] },
        { key: 'canned,1', option: 'Soup', count: 0, voted: false, voters: [] },
      ],
    });

    await hearth.service.widgetAction({ messageId: id, action: { kind: 'vote', key: 'canned,1' } });
    await hearth.service.widgetAction({
      messageId: id,
      action: { kind: 'addOption', option: 'Noodles' },
    });
    await server.api(other)('POST', '/submessage', {
      message_id: id,
      msg_type: 'widget',
      content: JSON.stringify({ type: 'vote', key: 'canned,1', vote: 1 }),
    });
    const voted = await widgetWhen(
      hearth,
      id,
      (widget) => widget.type === 'poll' && widget.options[1]?.count === 2,
    );
    expect(voted.type === 'poll' && voted.options).toEqual([
      { key: 'canned,0', option: 'Pizza', count: 0, voted: false, voters: [] },
      {
        key: 'canned,1',
        option: 'Soup',
        count: 2,
        voted: true,
        voters: ['You', other.fullName],
      },
      { key: `${me.id},1`, option: 'Noodles', count: 0, voted: false, voters: [] },
    ]);

    // A second click takes the vote back.
    await hearth.service.widgetAction({ messageId: id, action: { kind: 'vote', key: 'canned,1' } });
    const unvoted = await widgetWhen(
      hearth,
      id,
      (widget) => widget.type === 'poll' && widget.options[1]?.count === 1,
    );
    expect(unvoted.type === 'poll' && unvoted.options[1]?.voters).toEqual([other.fullName]);
  });

  it('adds tasks to a to-do list and ticks them, and reads it offline after a restart', async () => {
    const [channel] = server.channels;
    const id = await server.send(me, channel, 'chores', '/todo');
    const hearth = await apps.signedIn(server.url, me);
    await widgetWhen(hearth, id, () => true);
    await hearth.service.widgetAction({
      messageId: id,
      action: { kind: 'addTask', task: 'Buy milk', desc: 'two litres' },
    });
    await hearth.service.widgetAction({
      messageId: id,
      action: { kind: 'addTask', task: 'Water plants', desc: '' },
    });
    await widgetWhen(hearth, id, (widget) => widget.type === 'todo' && widget.tasks.length === 2);
    await hearth.service.widgetAction({
      messageId: id,
      action: { kind: 'strike', key: `1,${me.id}` },
    });
    const ticked = await widgetWhen(
      hearth,
      id,
      (widget) => widget.type === 'todo' && widget.tasks[0]?.completed === true,
    );
    expect(ticked.type === 'todo' && ticked.tasks).toEqual([
      { key: `1,${me.id}`, task: 'Buy milk', desc: 'two litres', completed: true },
      { key: `2,${me.id}`, task: 'Water plants', desc: '', completed: false },
    ]);
    await apps.stop(hearth);

    apps.link.offline = true;
    try {
      const offline = await apps.start(hearth.profileDir);
      await eventually(
        'the restarted app is offline',
        () => offline.app.active().connection.state === 'offline',
      );
      expect(await widgetOf(offline, id)).toEqual(ticked);
      await expect(
        offline.service.widgetAction({ messageId: id, action: { kind: 'strike', key: '1,1' } }),
      ).rejects.toThrow(/offline/);
    } finally {
      apps.link.offline = false;
    }
  });

  it("lets a poll's author ask its question, and nobody else", async () => {
    const [channel] = server.channels;
    const id = await server.send(me, channel, 'bare', '/poll');
    const hearth = await apps.signedIn(server.url, me);
    expect(await widgetWhen(hearth, id, () => true)).toEqual({
      type: 'poll',
      question: '',
      canAsk: true,
      options: [],
    });
    await hearth.service.widgetAction({
      messageId: id,
      action: { kind: 'question', question: 'Cake?' },
    });
    await widgetWhen(hearth, id, (widget) => widget.type === 'poll' && widget.question === 'Cake?');

    const theirs = await apps.signedIn(server.url, other);
    expect(await widgetWhen(theirs, id, () => true)).toMatchObject({ canAsk: false });
    await expect(
      theirs.service.widgetAction({
        messageId: id,
        action: { kind: 'question', question: 'Pie?' },
      }),
    ).rejects.toThrow(/no poll or to-do list that takes this change/);
  });

  it('refuses to act on a message with no widget', async () => {
    const [channel] = server.channels;
    const id = await server.send(me, channel, 'plain', 'Just words');
    const hearth = await apps.signedIn(server.url, me);
    await eventually('the message is cached', () =>
      hearth.app.active().cache.messagesAmong({ kind: 'all' }, [id]).length === 1 ? true : false,
    );
    await expect(
      hearth.service.widgetAction({ messageId: id, action: { kind: 'vote', key: 'canned,0' } }),
    ).rejects.toThrow(/no poll or to-do list that takes this change/);
  });
});
