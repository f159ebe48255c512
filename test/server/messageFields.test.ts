import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Spec §2, Message: every field of a message as GET /messages returns it.
describe('the fields of a message in GET /messages', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let kitchenId: number;

  const send = async (user: TestUser, params: Record<string, unknown>) => {
    const response = await org.api(user)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id as number;
  };
  const fetchOne = async (user: TestUser, id: number, extra: Record<string, unknown> = {}) => {
    const response = await org.api(user)('GET', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
      ...extra,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const [message] = response.json.messages;
    expect(message?.id).toBe(id);
    return message;
  };
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    for (const user of [alice, bob]) {
      await org.subscribe(user, 'kitchen');
      await org.subscribe(user, 'pantry');
    }
    kitchenId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'kitchen' })).json
      .stream_id;
  });
  afterAll(() => org.close());

  it('gives a stream message exactly the fields of Zulip 7.0 and the spec, with their values', async () => {
    const before = now();
    const id = await send(alice, {
      type: 'stream',
      to: 'kitchen',
      topic: 'soup',
      content: 'hello **world**',
    });
    const after = now();
    const message = await fetchOne(bob, id);
    expect(message).toEqual({
      id,
      type: 'stream',
      content: '<p>hello <strong>world</strong></p>',
      content_type: 'text/html',
      display_recipient: 'kitchen',
      recipient_id: expect.any(Number),
      sender_id: alice.id,
      sender_email: alice.email,
      sender_full_name: 'Alice',
      sender_short_name: 'alice',
      // The organization is served from the root of its host, whose realm
      // string is empty in Zulip.
      sender_realm_str: '',
      avatar_url: `/avatar/${alice.id}?version=1`,
      client: 'HearthTest',
      flags: [],
      is_me_message: false,
      reactions: [],
      stream_id: kitchenId,
      subject: 'soup',
      subject_links: [],
      topic_links: [],
      submessages: [],
      timestamp: expect.any(Number),
    });
    expect(message.timestamp).toBeGreaterThanOrEqual(before);
    expect(message.timestamp).toBeLessThanOrEqual(after);
  });

  it('gives a private message its participants, sorted by ID, no stream_id and an empty subject', async () => {
    const id = await send(bob, {
      type: 'private',
      to: JSON.stringify([alice.email]),
      content: 'psst',
    });
    const message = await fetchOne(alice, id);
    expect(message).toMatchObject({ type: 'private', subject: '', sender_id: bob.id, flags: [] });
    expect(message).not.toHaveProperty('stream_id');
    expect(message.display_recipient).toEqual(
      [alice, bob]
        .sort((a, b) => a.id - b.id)
        .map((user) => ({
          id: user.id,
          email: user.email,
          full_name: user.fullName,
          short_name: user.email.split('@')[0],
          is_mirror_dummy: false,
        })),
    );
  });

  it('ignores a topic given with a private message', async () => {
    const id = await send(alice, {
      type: 'private',
      to: bob.email,
      topic: 'ignored',
      content: 'no topic here',
    });
    expect((await fetchOne(bob, id)).subject).toBe('');
  });

  it('shares one recipient_id per stream and per group, and differs between them', async () => {
    const soup = await fetchOne(bob, await send(alice, toStream('kitchen')));
    const stew = await fetchOne(bob, await send(bob, toStream('kitchen')));
    const jam = await fetchOne(bob, await send(alice, toStream('pantry')));
    const group = JSON.stringify([bob.email, carol.email]);
    const first = await fetchOne(
      bob,
      await send(alice, { type: 'private', to: group, content: 'a' }),
    );
    const second = await fetchOne(
      carol,
      await send(alice, { type: 'private', to: group, content: 'b' }),
    );
    expect(stew.recipient_id).toBe(soup.recipient_id);
    expect(jam.recipient_id).not.toBe(soup.recipient_id);
    expect(second.recipient_id).toBe(first.recipient_id);
    expect(new Set([soup.recipient_id, jam.recipient_id, first.recipient_id]).size).toBe(3);
  });

  it('returns the raw Markdown with content_type text/x-markdown when apply_markdown is false', async () => {
    const id = await send(alice, toStream('kitchen', 'some *emphasis*'));
    expect(await fetchOne(bob, id, { apply_markdown: false })).toMatchObject({
      content: 'some *emphasis*',
      content_type: 'text/x-markdown',
    });
    expect(await fetchOne(bob, id)).toMatchObject({
      content: '<p>some <em>emphasis</em></p>',
      content_type: 'text/html',
    });
  });

  it('keeps the host-served avatar URL with client_gravatar, since no avatar is a gravatar', async () => {
    const id = await send(alice, toStream('kitchen'));
    for (const clientGravatar of [false, true]) {
      const message = await fetchOne(bob, id, { client_gravatar: clientGravatar });
      expect(message.avatar_url).toBe(`/avatar/${alice.id}?version=1`);
    }
  });

  it('names the sending client from its User-Agent', async () => {
    const token = Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64');
    const response = await fetch(`${org.url}/api/v1/messages`, {
      method: 'POST',
      headers: { Authorization: `Basic ${token}`, 'User-Agent': 'ZulipTerminal/0.7.0 Linux' },
      body: new URLSearchParams({ type: 'stream', to: 'kitchen', topic: 't', content: 'x' }),
    });
    const { id } = (await response.json()) as { id: number };
    expect((await fetchOne(bob, id)).client).toBe('ZulipTerminal');
  });
});

function toStream(stream: string, content = 'x') {
  return { type: 'stream', to: stream, topic: 'fields', content };
}
