import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('one message (GET /messages/{id})', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const send = async (user: TestUser, params: Record<string, unknown>) => {
    const response = await org.api(user)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id as number;
  };
  const fetchOk = async (user: TestUser, id: number, params: Record<string, unknown> = {}) => {
    const response = await org.api(user)('GET', `/messages/${id}`, params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json;
  };
  const invalid = { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message(s)' };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'kitchen');
    await org.subscribe(bob, 'kitchen');
  });
  afterAll(() => org.close());

  it('returns the message as GET /messages shows it, with its Markdown source', async () => {
    const id = await send(alice, {
      type: 'stream',
      to: 'kitchen',
      topic: 'soup',
      content: '**hot** @**Bob**',
    });
    const json = await fetchOk(bob, id);
    expect(json).toMatchObject({ result: 'success', msg: '', raw_content: '**hot** @**Bob**' });
    const listed = await org.api(bob)('GET', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
    });
    expect(json.message).toEqual(listed.json.messages[0]);
    expect(json.message).toMatchObject({
      id,
      type: 'stream',
      subject: 'soup',
      display_recipient: 'kitchen',
      sender_id: alice.id,
      content_type: 'text/html',
      flags: ['mentioned'],
    });
    expect(json.message.content).toContain('<strong>hot</strong>');
  });

  it('returns the Markdown as content with apply_markdown=false', async () => {
    const id = await send(alice, { type: 'stream', to: 'kitchen', topic: 'soup', content: '*x*' });
    const { message, raw_content } = await fetchOk(alice, id, { apply_markdown: false });
    expect(message).toMatchObject({
      content: '*x*',
      content_type: 'text/x-markdown',
      flags: ['read'],
    });
    expect(raw_content).toBe('*x*');
  });

  it("marks a public stream's message read and historical for someone who never received it", async () => {
    const id = await send(alice, { type: 'stream', to: 'kitchen', topic: 'soup', content: 'old' });
    const { message } = await fetchOk(carol, id);
    expect(message.flags).toEqual(['read', 'historical']);
  });

  it('carries the last edit time and the edit history once the message was edited', async () => {
    const id = await send(alice, { type: 'stream', to: 'kitchen', topic: 'soup', content: 'v1' });
    expect((await fetchOk(bob, id)).message).not.toHaveProperty('edit_history');
    await org.api(alice)('PATCH', `/messages/${id}`, { content: 'v2' });
    await org.api(bob)('PATCH', `/messages/${id}`, { topic: 'stew' });
    const { message, raw_content } = await fetchOk(bob, id);
    expect(raw_content).toBe('v2');
    // Zulip 10 (feature level 365): the content edit and the move, each its own time.
    expect(message.last_edit_timestamp).toEqual(message.edit_history[1].timestamp);
    expect(message.last_moved_timestamp).toEqual(message.edit_history[0].timestamp);
    expect(message.edit_history).toEqual([
      { user_id: bob.id, timestamp: expect.any(Number), prev_topic: 'soup', topic: 'stew' },
      {
        user_id: alice.id,
        timestamp: expect.any(Number),
        prev_content: 'v1',
        prev_rendered_content: '<p>v1</p>',
      },
    ]);
  });

  it('shows a private message to its participants only', async () => {
    const id = await send(alice, {
      type: 'private',
      to: JSON.stringify([bob.email]),
      content: 'between us',
    });
    expect((await fetchOk(bob, id)).message).toMatchObject({ type: 'private', flags: [] });
    const outsider = await org.api(carol)('GET', `/messages/${id}`);
    expect(outsider.status).toBe(400);
    expect(outsider.json).toEqual(invalid);
  });

  it("hides a private stream's messages from those outside it", async () => {
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'hideout' }],
      invite_only: true,
    });
    const id = await send(alice, { type: 'stream', to: 'hideout', topic: 't', content: 'shh' });
    const outsider = await org.api(bob)('GET', `/messages/${id}`);
    expect(outsider.status).toBe(400);
    expect(outsider.json).toEqual(invalid);
    const owner = await org.api(org.owner)('GET', `/messages/${id}`);
    expect(owner.json).toEqual(invalid);
  });

  it('answers "Invalid message(s)" for a message that does not exist', async () => {
    const missing = await org.api(alice)('GET', '/messages/99999999');
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual(invalid);
  });

  it('refuses a message ID that is not a number', async () => {
    const response = await org.api(alice)('GET', '/messages/soup');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', var_name: 'message_id' });
  });
});
