import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('sending messages', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const send = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/messages', params);
  const sendOk = async (user: TestUser, params: Record<string, unknown>) => {
    const response = await send(user, params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id as number;
  };
  const toKitchen = (content: string) => ({
    type: 'stream',
    to: 'kitchen',
    topic: 'menu',
    content,
  });
  const seenBy = async (user: TestUser, id: number, extra: Record<string, unknown> = {}) => {
    const response = await org.api(user)('GET', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
      ...extra,
    });
    const [message] = response.json.messages;
    expect(message?.id).toBe(id);
    return message;
  };
  const expectError = async (
    response: Promise<{ status: number; json: Record<string, unknown> }>,
    fields: Record<string, unknown>,
  ) => {
    const { status, json } = await response;
    expect(status).toBe(400);
    expect(json).toMatchObject({ result: 'error', code: 'BAD_REQUEST', ...fields });
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    for (const user of [alice, bob, carol]) await org.subscribe(user, 'kitchen');
  });
  afterAll(() => org.close());

  describe('mentions and flags', () => {
    it('flags the mentioned user, not the others, and marks it read for the sender', async () => {
      const id = await sendOk(alice, toKitchen('@**Bob** can you taste this?'));
      expect((await seenBy(bob, id)).flags).toEqual(['mentioned']);
      expect((await seenBy(carol, id)).flags).toEqual([]);
      expect((await seenBy(alice, id)).flags).toEqual(['read']);
    });

    it('renders the mention with the user id and keeps the raw content', async () => {
      const id = await sendOk(alice, toKitchen('hi @**bob**'));
      expect((await seenBy(carol, id)).content).toBe(
        `<p>hi <span class="user-mention" data-user-id="${bob.id}">@Bob</span></p>`,
      );
      const raw = await seenBy(carol, id, { apply_markdown: false });
      expect(raw).toMatchObject({ content: 'hi @**bob**', content_type: 'text/x-markdown' });
    });

    it('accepts the name|id form of a mention', async () => {
      const id = await sendOk(alice, toKitchen(`@**Carol|${carol.id}**`));
      expect((await seenBy(carol, id)).flags).toEqual(['mentioned']);
    });

    it('does not flag a silent mention', async () => {
      const id = await sendOk(alice, toKitchen('@_**Bob** said so'));
      expect((await seenBy(bob, id)).flags).toEqual([]);
    });

    it('does not flag a mention inside a quote', async () => {
      const id = await sendOk(alice, toKitchen('> @**Bob** wrote this'));
      expect((await seenBy(bob, id)).flags).toEqual([]);
    });

    it('flags every recipient wildcard_mentioned on @**all**, and nobody mentioned', async () => {
      const id = await sendOk(alice, toKitchen('@**all** dinner is ready'));
      expect((await seenBy(bob, id)).flags).toEqual([
        'stream_wildcard_mentioned',
        'wildcard_mentioned',
      ]);
      expect((await seenBy(carol, id)).flags).toEqual([
        'stream_wildcard_mentioned',
        'wildcard_mentioned',
      ]);
      expect((await seenBy(alice, id)).flags).toEqual([
        'read',
        'stream_wildcard_mentioned',
        'wildcard_mentioned',
      ]);
    });

    it('takes @**channel** as a channel wildcard, marked as one in the HTML', async () => {
      const id = await sendOk(alice, toKitchen('@**channel** dinner is ready'));
      const seen = await seenBy(bob, id);
      expect(seen.flags).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
      expect(seen.content).toBe(
        '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@channel</span> dinner is ready</p>',
      );
    });

    it('leaves the message unread for its sender when read_by_sender is false', async () => {
      const unread = await sendOk(alice, { ...toKitchen('note to self'), read_by_sender: false });
      expect((await seenBy(alice, unread)).flags).toEqual([]);
      const read = await sendOk(alice, { ...toKitchen('seen'), read_by_sender: true });
      expect((await seenBy(alice, read)).flags).toEqual(['read']);
    });

    it('rejects a read_by_sender that is not a boolean, sending nothing', async () => {
      await expectError(send(alice, { ...toKitchen('not sent'), read_by_sender: 5 }), {
        msg: expect.stringContaining('read_by_sender'),
      });
      const latest = await org.api(alice)('GET', '/messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
      });
      expect(latest.json.messages[0]?.content).not.toBe('<p>not sent</p>');
    });

    it('flags a mention in a private message', async () => {
      const id = await sendOk(alice, { type: 'private', to: [bob.email], content: 'hey @**Bob**' });
      expect((await seenBy(bob, id)).flags).toEqual(['mentioned']);
    });

    it('gives no flag to a mentioned user who does not receive the message', async () => {
      const id = await sendOk(alice, { type: 'private', to: [bob.email], content: '@**Carol**' });
      const carolSees = await org.api(carol)('GET', '/messages', {
        anchor: id,
        num_before: 0,
        num_after: 0,
      });
      expect(carolSees.json.messages).toEqual([]);
      expect((await seenBy(bob, id)).flags).toEqual([]);
    });

    it('links a stream by name', async () => {
      const id = await sendOk(alice, toKitchen('see #**kitchen**'));
      const { content, stream_id: streamId } = await seenBy(bob, id);
      expect(content).toBe(
        `<p>see <a class="stream" data-stream-id="${streamId}" href="/#narrow/channel/${streamId}-kitchen">#kitchen</a></p>`,
      );
    });

    it('points a topic link with the latest message of the topic (feature levels 347, 400)', async () => {
      const first = await sendOk(alice, { ...toKitchen('one'), topic: 'soup' });
      const latest = await sendOk(bob, { ...toKitchen('two'), topic: 'soup' });
      expect(latest).toBeGreaterThan(first);
      const id = await sendOk(alice, toKitchen('#**kitchen>soup** and #**kitchen>no such topic**'));
      const { content, stream_id: streamId } = await seenBy(bob, id);
      const topicUrl = (topic: string) => `/#narrow/channel/${streamId}-kitchen/topic/${topic}`;
      expect(content).toBe(
        `<p><a class="stream-topic" data-stream-id="${streamId}" href="${topicUrl('soup')}/with/${latest}">#kitchen &gt; soup</a>` +
          ` and <a class="stream-topic" data-stream-id="${streamId}" href="${topicUrl('no.20such.20topic')}">#kitchen &gt; no such topic</a></p>`,
      );
    });

    it('links a message, and the empty topic by its display name (feature levels 319, 346)', async () => {
      const general = await sendOk(alice, { ...toKitchen('in general chat'), topic: '' });
      const id = await sendOk(alice, toKitchen(`#**kitchen>** #**kitchen>soup@${general}**`));
      const { content, stream_id: streamId } = await seenBy(bob, id);
      const base = `/#narrow/channel/${streamId}-kitchen/topic`;
      expect(content).toBe(
        `<p><a class="stream-topic" data-stream-id="${streamId}" href="${base}//with/${general}">#kitchen &gt; <em>general chat</em></a>` +
          ` <a class="message-link" href="${base}/soup/near/${general}">#kitchen &gt; soup @ 💬</a></p>`,
      );
    });

    it('treats a bare /me as an ordinary message', async () => {
      const id = await sendOk(alice, toKitchen('/me'));
      expect(await seenBy(alice, id)).toMatchObject({ is_me_message: false });
    });

    it('marks a /me message and keeps the command in its HTML', async () => {
      const id = await sendOk(alice, toKitchen('/me stirs the soup'));
      expect(await seenBy(bob, id)).toMatchObject({
        is_me_message: true,
        content: '<p>/me stirs the soup</p>',
      });
    });

    it('escapes raw HTML', async () => {
      const id = await sendOk(alice, toKitchen('<script>alert(1)</script>'));
      expect((await seenBy(bob, id)).content).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    });
  });

  describe('rules', () => {
    it('rejects content longer than 10000 bytes', async () => {
      await expectError(send(alice, toKitchen('é'.repeat(5001))), {
        msg: 'Message too long (limit: 10000 bytes)',
      });
    });

    it('accepts content of exactly 10000 bytes', async () => {
      await sendOk(alice, toKitchen('x'.repeat(10_000)));
    });

    it('rejects a topic longer than 60 characters', async () => {
      await expectError(
        send(alice, { type: 'stream', to: 'kitchen', topic: 't'.repeat(61), content: 'hi' }),
        { msg: 'Topic too long (limit: 60 characters)' },
      );
    });

    it('rejects empty or blank content', async () => {
      for (const content of ['', '   \n  ']) {
        await expectError(send(alice, toKitchen(content)), { msg: 'Message must not be empty' });
      }
    });

    it('refuses a NUL byte in the content', async () => {
      await expectError(send(alice, toKitchen('before\0after')), {
        msg: 'Invalid content: must not contain null bytes',
      });
    });

    it('drops leading blank lines but keeps leading spaces', async () => {
      const id = await sendOk(alice, toKitchen('\n\n    indented code'));
      expect(await seenBy(alice, id, { apply_markdown: false })).toMatchObject({
        content: '    indented code',
      });
    });

    // Zulip 12: a blank topic is the empty topic ("general chat"), which a
    // channel takes unless its topics_policy refuses it (emptyTopic.test.ts).
    it('sends a blank topic to the empty topic', async () => {
      const id = await sendOk(alice, { type: 'stream', to: 'kitchen', topic: '  ', content: 'hi' });
      expect(await seenBy(alice, id, { allow_empty_topic_name: true })).toMatchObject({
        subject: '',
      });
    });

    it('names an invalid recipient email', async () => {
      await expectError(
        send(alice, { type: 'private', to: ['nobody@hearth.test'], content: 'x' }),
        {
          msg: "Invalid email 'nobody@hearth.test'",
        },
      );
    });

    it('names a missing stream', async () => {
      const { status, json } = await send(alice, {
        type: 'stream',
        to: 'attic',
        topic: 't',
        content: 'x',
      });
      expect(status).toBe(400);
      expect(json).toEqual({
        result: 'error',
        code: 'STREAM_DOES_NOT_EXIST',
        msg: "Channel 'attic' does not exist",
        stream: 'attic',
      });
      // Zulip's StreamWithIDDoesNotExistError: a missing ID is named by stream_id.
      const byId = await send(alice, { type: 'stream', to: '[99999]', topic: 't', content: 'x' });
      expect(byId.json).toEqual({
        result: 'error',
        code: 'STREAM_DOES_NOT_EXIST',
        msg: "Channel with ID '99999' does not exist",
        stream_id: 99999,
      });
    });

    it('lets a user send to a public stream they are not subscribed to', async () => {
      await org.subscribe(bob, 'garden');
      const id = await sendOk(carol, { type: 'stream', to: 'garden', topic: 't', content: 'hi' });
      expect((await seenBy(bob, id)).content).toBe('<p>hi</p>');
    });

    it('refuses a private stream the sender is not in', async () => {
      const created = await org.api(bob)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'cellar' }],
        invite_only: true,
      });
      expect(created.status).toBe(200);
      await expectError(send(carol, { type: 'stream', to: 'cellar', topic: 't', content: 'x' }), {
        msg: "Not authorized to send to channel 'cellar'",
      });
      await sendOk(bob, { type: 'stream', to: 'cellar', topic: 't', content: 'x' });
    });

    it('lets only administrators post to an announcement-only stream', async () => {
      const created = await org.api(org.owner)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'notices' }],
        is_announcement_only: true,
      });
      expect(created.status).toBe(200);
      await org.subscribe(carol, 'notices');
      await expectError(send(carol, { type: 'stream', to: 'notices', topic: 't', content: 'x' }), {
        msg: 'You do not have permission to post in this channel.',
      });
      await sendOk(org.owner, { type: 'stream', to: 'notices', topic: 't', content: 'x' });
    });
  });

  describe('sends arriving together', () => {
    it('answers each once stored, refuses the bad ones alone, and tells each reader once, in order', async () => {
      const queue = (
        await org.api(bob)('POST', '/register', { event_types: ['message'], narrow: [] })
      ).json;
      const sends = Array.from({ length: 12 }, (_, index) => {
        const sender = [alice, bob, carol][index % 3] as TestUser;
        if (index === 4)
          return send(sender, { type: 'stream', to: 'attic', topic: 't', content: 'x' });
        if (index === 7) return send(sender, toKitchen(''));
        return send(sender, toKitchen(`together ${index}`));
      });
      const answers = await Promise.all(sends);
      expect(answers[4]?.json).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', stream: 'attic' });
      expect(answers[7]?.json).toMatchObject({ msg: 'Message must not be empty' });
      const ids = answers
        .filter((_, index) => index !== 4 && index !== 7)
        .map((answer) => {
          expect(answer.status, JSON.stringify(answer.json)).toBe(200);
          return answer.json.id as number;
        });
      expect(new Set(ids).size).toBe(10);
      for (const id of ids) {
        const content = (await seenBy(carol, id, { apply_markdown: false })).content;
        expect(content).toMatch(/^together \d+$/);
      }
      const events = (
        await org.api(bob)('GET', '/events', {
          queue_id: queue.queue_id,
          last_event_id: queue.last_event_id,
          dont_block: true,
        })
      ).json.events as { type: string; message: { id: number } }[];
      const told = events.filter((event) => event.type === 'message').map((e) => e.message.id);
      expect(told).toEqual([...ids].sort((a, b) => a - b));
    });
  });
});
