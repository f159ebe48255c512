import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesResponseSchema } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('sending and reading messages', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  const designIds: number[] = [];

  const send = async (user: TestUser, params: Record<string, unknown>) => {
    const response = await org.api(user)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id as number;
  };
  const read = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('GET', '/messages', params);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    await org.subscribe(alice, 'lunch');
    for (const [topic, content] of [
      ['colors', 'first'],
      ['fonts', 'second'],
      ['colors', 'third'],
      ['colors', 'fourth'],
    ] as const) {
      designIds.push(await send(alice, { type: 'stream', to: 'design', topic, content }));
    }
    await send(alice, { type: 'stream', to: 'lunch', topic: 'today', content: 'soup' });
  });
  afterAll(() => org.close());

  it('gives messages strictly increasing IDs', () => {
    expect([...designIds].sort((a, b) => a - b)).toEqual(designIds);
    expect(new Set(designIds).size).toBe(designIds.length);
  });

  it('returns every Message field the wire schema declares', async () => {
    const response = await read(bob, {
      anchor: designIds[0],
      num_before: 0,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'design' }],
    });
    const page = messagesResponseSchema.parse(response.json);
    expect(page.messages[0]).toMatchObject({
      id: designIds[0],
      type: 'stream',
      content: '<p>first</p>',
      content_type: 'text/html',
      display_recipient: 'design',
      sender_id: alice.id,
      sender_email: alice.email,
      sender_full_name: 'Alice',
      subject: 'colors',
      client: 'HearthTest',
      flags: [],
      is_me_message: false,
    });
    expect(page.messages[0]?.stream_id).toEqual(expect.any(Number));
  });

  it('marks a message read for its sender and unread for other subscribers', async () => {
    const query = { anchor: designIds[0], num_before: 0, num_after: 0 };
    expect((await read(alice, query)).json.messages[0].flags).toContain('read');
    expect((await read(bob, query)).json.messages[0].flags).not.toContain('read');
  });

  it('narrows to a stream and topic, oldest first', async () => {
    const response = await read(bob, {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [
        { operator: 'stream', operand: 'design' },
        { operator: 'topic', operand: 'colors' },
      ],
    });
    expect(response.json.messages.map((m: { content: string }) => m.content)).toEqual([
      '<p>first</p>',
      '<p>third</p>',
      '<p>fourth</p>',
    ]);
    expect(response.json).toMatchObject({
      found_newest: true,
      found_oldest: true,
      found_anchor: false,
    });
  });

  it('accepts the legacy [operator, operand] narrow form', async () => {
    const response = await read(bob, {
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      narrow: [
        ['stream', 'design'],
        ['topic', 'fonts'],
      ],
    });
    expect(response.json.messages.map((m: { content: string }) => m.content)).toEqual([
      '<p>second</p>',
    ]);
  });

  it('pages around an integer anchor and says which ends it reached', async () => {
    const anchor = designIds[1];
    const response = await read(alice, {
      anchor,
      num_before: 1,
      num_after: 1,
      narrow: [{ operator: 'stream', operand: 'design' }],
    });
    expect(response.json.messages.map((m: { id: number }) => m.id)).toEqual(designIds.slice(0, 3));
    expect(response.json).toMatchObject({
      anchor,
      found_anchor: true,
      // Zulip promises the oldest only when fewer than num_before came back.
      found_oldest: false,
      found_newest: false,
    });
  });

  it('uses the closest message when the anchor is not in the narrow', async () => {
    const lunchOnly = await read(alice, {
      anchor: designIds[2],
      num_before: 0,
      num_after: 1,
      narrow: [{ operator: 'stream', operand: 'lunch' }],
    });
    expect(lunchOnly.json.found_anchor).toBe(false);
    expect(lunchOnly.json.messages.map((m: { content: string }) => m.content)).toEqual([
      '<p>soup</p>',
    ]);
  });

  it('starts at the first unread message with anchor first_unread', async () => {
    const response = await read(bob, {
      anchor: 'first_unread',
      num_before: 0,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'design' }],
    });
    expect(response.json.anchor).toBe(designIds[0]);
    expect(response.json.messages.map((m: { id: number }) => m.id)).toEqual([designIds[0]]);
  });

  it('returns raw markdown when apply_markdown is false', async () => {
    const response = await read(bob, {
      anchor: designIds[0],
      num_before: 0,
      num_after: 0,
      apply_markdown: false,
    });
    expect(response.json.messages[0]).toMatchObject({
      content: 'first',
      content_type: 'text/x-markdown',
    });
  });

  it('shows a public stream history to a non-subscriber as read and historical', async () => {
    const carol = await org.user('carol');
    const response = await read(carol, {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1,
      narrow: [{ operator: 'stream', operand: 'lunch' }],
    });
    expect(response.json.messages[0].flags).toEqual(['read', 'historical']);
  });

  it('refuses to fetch more than 5000 messages at once', async () => {
    const response = await read(bob, { anchor: 'newest', num_before: 4000, num_after: 1001 });
    expect(response.status).toBe(400);
  });

  it('delivers a private message to its recipient with both people in display_recipient', async () => {
    const id = await send(alice, {
      type: 'private',
      to: JSON.stringify([bob.email]),
      content: 'psst',
    });
    const response = await read(bob, {
      anchor: id,
      num_before: 0,
      num_after: 0,
      narrow: [{ operator: 'is', operand: 'private' }],
    });
    const [message] = response.json.messages;
    expect(message).toMatchObject({ id, type: 'private', subject: '', flags: [] });
    expect(message.display_recipient.map((u: { email: string }) => u.email).sort()).toEqual(
      [alice.email, bob.email].sort(),
    );
  });

  it('accepts private-message recipients as a comma-separated list and groups them', async () => {
    const carol = await org.user('carol');
    const first = await send(alice, {
      type: 'private',
      to: `${bob.email}, ${carol.email}`,
      content: 'all three',
    });
    const second = await send(carol, {
      type: 'private',
      to: JSON.stringify([alice.id, bob.id]),
      content: 'reply',
    });
    const response = await read(bob, {
      anchor: first,
      num_before: 0,
      num_after: 5,
      narrow: [['is', 'private']],
    });
    const [a, b] = response.json.messages;
    expect([a.id, b.id]).toEqual([first, second]);
    expect(a.recipient_id).toBe(b.recipient_id);
    expect(a.display_recipient).toHaveLength(3);
  });

  it('accepts the topic under the legacy name subject', async () => {
    const id = await send(bob, {
      type: 'stream',
      to: 'design',
      subject: 'legacy',
      content: 'old client',
    });
    const response = await read(bob, { anchor: id, num_before: 0, num_after: 0 });
    expect(response.json.messages[0].subject).toBe('legacy');
  });

  it('stores raw content and renders it safely', async () => {
    const raw = 'Look <script>alert(1)</script> [x](javascript:alert(1)) at **this**';
    const id = await send(bob, { type: 'stream', to: 'design', topic: 'xss', content: raw });
    const html = (await read(bob, { anchor: id, num_before: 0, num_after: 0 })).json.messages[0]
      .content;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<strong>this</strong>');
    const markdown = await read(bob, {
      anchor: id,
      num_before: 0,
      num_after: 0,
      apply_markdown: false,
    });
    expect(markdown.json.messages[0].content).toBe(raw);
  });
});
