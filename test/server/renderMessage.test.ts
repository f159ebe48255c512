import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's POST /messages/render: a preview of the HTML a message would
// get, which stores nothing and tells no one.
describe('rendering a message (POST /messages/render)', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let designId: number;

  const render = async (content: string) => {
    const response = await org.api(alice)('POST', '/messages/render', { content });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json;
  };
  const messageIds = async () =>
    (
      (
        await org.api(alice)('GET', '/messages', {
          anchor: 'newest',
          num_before: 5000,
          num_after: 0,
        })
      ).json.messages as { id: number }[]
    ).map((message) => message.id);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  });
  afterAll(() => org.close());

  it('answers with result, msg and the rendered HTML only', async () => {
    expect(await render('That is **bold**')).toEqual({
      result: 'success',
      msg: '',
      rendered: '<p>That is <strong>bold</strong></p>',
    });
  });

  it('highlights a fenced code block as a sent message does', async () => {
    const { rendered } = await render('```python\nx = 1\n```');
    expect(rendered).toBe(
      '<div class="codehilite" data-code-language="Python"><pre><span></span>' +
        '<code>x = <span class="mi">1</span>\n</code></pre></div>',
    );
  });

  it("resolves user mentions and stream links in the caller's organization", async () => {
    const { rendered } = await render('ask @**Bob** in #**design**');
    expect(rendered).toBe(
      `<p>ask <span class="user-mention" data-user-id="${bob.id}">@Bob</span> in ` +
        `<a class="stream" data-stream-id="${designId}" href="/#narrow/channel/${designId}-design">` +
        '#design</a></p>',
    );
  });

  it('gives the very HTML that sending the same content stores', async () => {
    const content = '**plan**: @**Bob**, see #**design**\n\n```\ncode\n```\n\n> quoted';
    const { rendered } = await render(content);
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'preview',
      content,
    });
    const stored = await org.api(alice)('GET', `/messages/${sent.json.id}`);
    expect(rendered).toBe(stored.json.message.content);
  });

  it('leaves names it cannot resolve as text, as a sent message does', async () => {
    const { rendered } = await render('@**Nobody** in #**nowhere**');
    expect(rendered).toBe('<p>@<strong>Nobody</strong> in #<strong>nowhere</strong></p>');
  });

  it('stores no message', async () => {
    const before = await messageIds();
    await render('not **sent**, @**Bob** in #**design**');
    expect(await messageIds()).toEqual(before);
  });

  it('sends no event to any queue, the mentioned user included', async () => {
    const queueOf = async (user: TestUser) =>
      (await org.api(user)('POST', '/register', { event_types: ['message', 'typing'] })).json
        .queue_id as string;
    const typesIn = async (user: TestUser, queueId: string) =>
      (
        (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
          .events as { type: string }[]
      ).map((event) => event.type);
    const [alices, bobs] = [await queueOf(alice), await queueOf(bob)];
    await render('hello @**Bob**');
    // A typing notice afterwards shows each queue is listening: it must be all they hold.
    await org.api(alice)('POST', '/typing', { op: 'start', to: [bob.id] });
    expect(await typesIn(alice, alices)).toEqual(['typing']);
    expect(await typesIn(bob, bobs)).toEqual(['typing']);
  });

  // Zulip renders the content as given: no "Message must not be empty".
  it('renders blank content to an empty string rather than refusing it', async () => {
    expect((await render('')).rendered).toBe('');
    expect((await render(' \n\t\n')).rendered).toBe('');
  });

  // Zulip 7.0 checks no length here; only a send cuts or refuses long content.
  it('renders content beyond the 10000-byte message limit', async () => {
    const { rendered } = await render('é'.repeat(6000));
    expect(rendered).toBe(`<p>${'é'.repeat(6000)}</p>`);
  });

  it('names content when it is missing', async () => {
    const response = await org.api(alice)('POST', '/messages/render', {});
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'content',
    });
  });

  it('refuses a caller who is not signed in', async () => {
    const response = await org.api()('POST', '/messages/render', { content: '**x**' });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
  });
});
