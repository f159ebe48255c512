import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('saved snippets', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const snippetsOf = async (user: TestUser) =>
    (await org.api(user)('GET', '/saved_snippets')).json.saved_snippets as {
      id: number;
      title: string;
      content: string;
      date_created: number;
    }[];
  const create = (user: TestUser, title: unknown, content: unknown) =>
    org.api(user)('POST', '/saved_snippets', { title, content });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  it('keeps a snippet for its owner alone, trimmed, and tells her clients', async () => {
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['saved_snippets'] }))
      .json.queue_id as string;
    const before = Math.floor(Date.now() / 1000);
    const created = await create(alice, '  Stand-up  ', '\nYesterday:\nToday:\nBlockers:\n');
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.saved_snippet_id as number;
    expect(created.json).toEqual({ result: 'success', msg: '', saved_snippet_id: id });

    const [snippet, ...others] = await snippetsOf(alice);
    expect(others).toEqual([]);
    expect(snippet).toEqual({
      id,
      title: 'Stand-up',
      content: 'Yesterday:\nToday:\nBlockers:',
      date_created: expect.any(Number),
    });
    expect(snippet?.date_created).toBeGreaterThanOrEqual(before);
    expect(await snippetsOf(bob)).toEqual([]);

    const events = (await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true }))
      .json.events as Record<string, unknown>[];
    expect(events).toEqual([
      { type: 'saved_snippets', op: 'add', saved_snippet: snippet, id: expect.any(Number) },
    ]);

    const registered = await org.api(alice)('POST', '/register', {
      fetch_event_types: ['saved_snippets'],
    });
    expect(registered.json.saved_snippets).toEqual([snippet]);
  });

  it('edits the title, the content or both, and ignores an edit of neither', async () => {
    const id = (await create(alice, 'Thanks', 'Thank you!')).json.saved_snippet_id as number;
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['saved_snippets'] }))
      .json.queue_id as string;

    const titled = await org.api(alice)('PATCH', `/saved_snippets/${id}`, { title: 'Thank you' });
    expect(titled.json).toEqual({ result: 'success', msg: '' });
    await org.api(alice)('PATCH', `/saved_snippets/${id}`, { content: ' Many thanks! ' });
    await org.api(alice)('PATCH', `/saved_snippets/${id}`, {});

    const edited = (await snippetsOf(alice)).find((snippet) => snippet.id === id);
    expect(edited).toMatchObject({ title: 'Thank you', content: 'Many thanks!' });
    const events = (await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true }))
      .json.events as { op: string; saved_snippet: { title: string; content: string } }[];
    expect(
      events.map((event) => [event.op, event.saved_snippet.title, event.saved_snippet.content]),
    ).toEqual([
      ['update', 'Thank you', 'Thank you!'],
      ['update', 'Thank you', 'Many thanks!'],
    ]);
  });

  it('deletes a snippet, which then is gone for every later request', async () => {
    const id = (await create(alice, 'Gone soon', 'bye')).json.saved_snippet_id as number;
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['saved_snippets'] }))
      .json.queue_id as string;
    const deleted = await org.api(alice)('DELETE', `/saved_snippets/${id}`);
    expect(deleted.json).toEqual({ result: 'success', msg: '' });
    expect((await snippetsOf(alice)).map((snippet) => snippet.id)).not.toContain(id);
    const events = (await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true }))
      .json.events as Record<string, unknown>[];
    expect(events).toEqual([
      { type: 'saved_snippets', op: 'remove', saved_snippet_id: id, id: expect.any(Number) },
    ]);

    for (const [method, params] of [
      ['DELETE', {}],
      ['PATCH', { title: 'Back?' }],
    ] as const) {
      const again = await org.api(alice)(method, `/saved_snippets/${id}`, params);
      expect(again.status).toBe(404);
      expect(again.json).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Saved snippet does not exist.',
      });
    }
  });

  it("never lets anyone reach another person's snippet", async () => {
    const id = (await create(alice, 'Mine', 'only mine')).json.saved_snippet_id as number;
    for (const [method, params] of [
      ['DELETE', {}],
      ['PATCH', { content: 'ours now' }],
    ] as const) {
      const response = await org.api(bob)(method, `/saved_snippets/${id}`, params);
      expect(response.status).toBe(404);
      expect(response.json.msg).toBe('Saved snippet does not exist.');
    }
    expect((await snippetsOf(alice)).find((snippet) => snippet.id === id)).toMatchObject({
      content: 'only mine',
    });
  });

  it('refuses a blank or overlong title or content with Zulip’s words, keeping nothing', async () => {
    const kept = (await snippetsOf(alice)).length;
    const cases: [unknown, unknown, string][] = [
      ['   ', 'text', 'title cannot be blank'],
      ['Title', '\n\t ', 'content cannot be blank'],
      ['x'.repeat(61), 'text', 'title is too long (limit: 60 characters)'],
      ['Title', 'y'.repeat(10_001), 'content is too long (limit: 10000 characters)'],
    ];
    for (const [title, content, msg] of cases) {
      const response = await create(alice, title, content);
      expect(response.status, msg).toBe(400);
      expect(response.json, msg).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    // Sixty characters beyond the Basic Multilingual Plane are sixty, not 120.
    const emoji = await create(alice, '🙂'.repeat(60), 'fits');
    expect(emoji.status).toBe(200);

    const missing = await org.api(alice)('POST', '/saved_snippets', { title: 'No content' });
    expect(missing.json).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'content' argument",
    });
    const id = (await snippetsOf(alice))[0]?.id ?? 0;
    const blank = await org.api(alice)('PATCH', `/saved_snippets/${id}`, { title: ' ' });
    expect(blank.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'title cannot be blank' });
    expect(await snippetsOf(alice)).toHaveLength(kept + 1);
  });
});
