import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

const originalKeys = ['content', 'rendered_content', 'timestamp', 'topic', 'user_id'];
const contentKeys = ['content_html_diff', 'prev_content', 'prev_rendered_content'];

describe('message edit history (GET /messages/{id}/history)', () => {
  let org: Org;
  let db: Database.Database;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const send = async (user: TestUser, topic: string, content: string, stream = 'kitchen') => {
    const response = await org.api(user)('POST', '/messages', {
      type: 'stream',
      to: stream,
      topic,
      content,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.id as number;
  };
  const editOk = async (user: TestUser, id: number, params: Record<string, unknown>) => {
    const response = await org.api(user)('PATCH', `/messages/${id}`, params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
  };
  const historyOf = async (user: TestUser, id: number) => {
    const response = await org.api(user)('GET', `/messages/${id}/history`);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.json).toMatchObject({ result: 'success', msg: '' });
    return response.json.message_history as Record<string, unknown>[];
  };
  const keysOf = (snapshot: Record<string, unknown> | undefined) =>
    Object.keys(snapshot ?? {}).sort();
  const sentAt = (id: number) =>
    (db.prepare('SELECT date_sent FROM messages WHERE id = ?').get(id) as { date_sent: number })
      .date_sent;

  beforeAll(async () => {
    org = await startOrg();
    db = new Database(join(org.dataDir, 'hearth.sqlite3'));
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'kitchen');
    await org.subscribe(bob, 'kitchen');
  });
  afterAll(async () => {
    db.close();
    await org.close();
  });

  it('has only the original, with five fields, for a message never edited', async () => {
    const id = await send(alice, 'soup', 'This message has not been edited.');
    expect(await historyOf(bob, id)).toEqual([
      {
        topic: 'soup',
        content: 'This message has not been edited.',
        rendered_content: '<p>This message has not been edited.</p>',
        timestamp: sentAt(id),
        user_id: alice.id,
      },
    ]);
  });

  it('adds the previous content and an HTML diff for a content edit', async () => {
    const id = await send(alice, 'soup', 'content before edit');
    await editOk(alice, id, { content: 'content after edit' });
    const [original, edited] = await historyOf(bob, id);
    expect(original).toEqual({
      topic: 'soup',
      content: 'content before edit',
      rendered_content: '<p>content before edit</p>',
      timestamp: sentAt(id),
      user_id: alice.id,
    });
    expect(keysOf(edited)).toEqual([...originalKeys, ...contentKeys].sort());
    expect(edited).toMatchObject({
      topic: 'soup',
      content: 'content after edit',
      rendered_content: '<p>content after edit</p>',
      prev_content: 'content before edit',
      prev_rendered_content: '<p>content before edit</p>',
      user_id: alice.id,
      content_html_diff:
        '<div><p>content <span class="highlight_text_inserted">after</span> ' +
        '<span class="highlight_text_deleted">before</span> edit</p></div>',
    });
    expect(edited?.timestamp).toBeGreaterThanOrEqual(original?.timestamp as number);
  });

  it('diffs across paragraphs and line breaks as Zulip does', async () => {
    const id = await send(
      alice,
      'soup',
      'content before edit, line 1\n\ncontent before edit, line 3',
    );
    await editOk(alice, id, {
      content:
        'content before edit, line 1\ncontent after edit, line 2\ncontent before edit, line 3',
    });
    const [, edited] = await historyOf(alice, id);
    expect(edited?.content_html_diff).toBe(
      '<div><p>content before edit, line 1<br> content ' +
        '<span class="highlight_text_inserted">after edit, line 2<br> content</span>' +
        ' before edit, line 3</p></div>',
    );
  });

  it('adds only the previous topic for a topic edit, by whoever made it', async () => {
    const id = await send(alice, 'soup', 'unchanged');
    await editOk(bob, id, { topic: 'stew' });
    const [original, edited] = await historyOf(alice, id);
    expect(original).toMatchObject({ topic: 'soup', content: 'unchanged', user_id: alice.id });
    expect(keysOf(edited)).toEqual([...originalKeys, 'prev_topic'].sort());
    expect(edited).toMatchObject({
      topic: 'stew',
      prev_topic: 'soup',
      content: 'unchanged',
      rendered_content: '<p>unchanged</p>',
      user_id: bob.id,
    });
  });

  it('has both kinds of fields for an edit of content and topic at once', async () => {
    const id = await send(alice, 'soup', 'old words');
    await editOk(alice, id, { topic: 'stew', content: 'new words' });
    const [original, edited] = await historyOf(bob, id);
    expect(original).toMatchObject({ topic: 'soup', content: 'old words' });
    expect(keysOf(edited)).toEqual([...originalKeys, ...contentKeys, 'prev_topic'].sort());
    expect(edited).toMatchObject({
      topic: 'stew',
      prev_topic: 'soup',
      content: 'new words',
      prev_content: 'old words',
    });
  });

  it('lists several edits oldest first, each version as it was', async () => {
    const id = await send(alice, 'topic 1', 'content 1');
    await editOk(alice, id, { content: 'content 2' });
    await editOk(bob, id, { topic: 'topic 2' });
    await editOk(alice, id, { content: 'content 3', topic: 'topic 3' });
    await editOk(alice, id, { content: 'content 4' });
    const history = await historyOf(bob, id);
    expect(history.map((s) => [s.topic, s.content, s.prev_topic, s.prev_content])).toEqual([
      ['topic 1', 'content 1', undefined, undefined],
      ['topic 1', 'content 2', undefined, 'content 1'],
      ['topic 2', 'content 2', 'topic 1', undefined],
      ['topic 3', 'content 3', 'topic 2', 'content 2'],
      ['topic 3', 'content 4', undefined, 'content 3'],
    ]);
    expect(history.map((s) => s.user_id)).toEqual([alice.id, alice.id, bob.id, alice.id, alice.id]);
    const times = history.map((s) => s.timestamp as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(keysOf(history[0])).toEqual(originalKeys);
  });

  it('records a topic move in the history of every moved message', async () => {
    const first = await send(alice, 'moving', 'a');
    const second = await send(bob, 'moving', 'b');
    await editOk(bob, second, { topic: 'moved', propagate_mode: 'change_all' });
    const [original, moved] = await historyOf(alice, first);
    expect(original).toMatchObject({ topic: 'moving', content: 'a', user_id: alice.id });
    expect(moved).toMatchObject({ topic: 'moved', prev_topic: 'moving', user_id: bob.id });
    expect(keysOf(moved)).toEqual([...originalKeys, 'prev_topic'].sort());
  });

  it('is readable by a subscriber who joined after the message, as the message is', async () => {
    const id = await send(alice, 'soup', 'before you came');
    await org.subscribe(carol, 'kitchen');
    expect(await historyOf(carol, id)).toHaveLength(1);
  });

  it('answers "Invalid message(s)" for a missing message and for one the caller cannot read', async () => {
    const invalid = { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message(s)' };
    const missing = await org.api(alice)('GET', '/messages/99999999/history');
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual(invalid);

    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'alice-private' }],
      invite_only: true,
    });
    const hidden = await send(alice, 'secret', 'hidden', 'alice-private');
    const outsider = await org.api(bob)('GET', `/messages/${hidden}/history`);
    expect(outsider.status).toBe(400);
    expect(outsider.json).toEqual(invalid);

    const dm = await org.api(alice)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([bob.email]),
      content: 'between us',
    });
    expect(await historyOf(bob, dm.json.id)).toHaveLength(1);
    expect((await org.api(carol)('GET', `/messages/${dm.json.id}/history`)).json).toEqual(invalid);
  });

  const visibility = async (policy: 'all' | 'moves' | 'none') => {
    const response = await org.api(org.owner)('PATCH', '/realm', {
      message_edit_history_visibility_policy: policy,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
  };
  const fetchOne = async (user: TestUser, id: number) => {
    const fetched = await org.api(user)('GET', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
    });
    return fetched.json.messages[0] as Record<string, unknown>;
  };

  it('is refused, and left out of message objects, when the organization hides edit history', async () => {
    const id = await send(alice, 'soup', 'before');
    await editOk(alice, id, { content: 'after' });
    await visibility('none');
    try {
      const refused = await org.api(bob)('GET', `/messages/${id}/history`);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Message edit history is disabled in this organization',
      });
      const message = await fetchOne(bob, id);
      expect(message).toHaveProperty('last_edit_timestamp');
      expect(message).not.toHaveProperty('edit_history');
    } finally {
      await visibility('all');
    }
  });

  it('shows only moves under "moves": content edits left out, a rename kept without its content', async () => {
    const id = await send(alice, 'pasta', 'first');
    await editOk(alice, id, { content: 'second' });
    await editOk(alice, id, { content: 'third', topic: 'noodles' });
    await visibility('moves');
    try {
      const history = await historyOf(bob, id);
      // Zulip's visible_edit_history_for_message: the content-only edit is
      // gone, the rename stays without its content fields, the original stays.
      expect(history).toHaveLength(2);
      const [original, renamed] = history;
      expect(original).toMatchObject({ topic: 'pasta', content: 'first' });
      expect(keysOf(renamed)).toEqual([...originalKeys, 'prev_topic'].sort());
      expect(renamed).toMatchObject({ topic: 'noodles', prev_topic: 'pasta', content: 'third' });
      const message = await fetchOne(bob, id);
      expect(message['edit_history']).toEqual([
        expect.objectContaining({ prev_topic: 'pasta', topic: 'noodles' }),
      ]);
      expect(message['edit_history']).toEqual([
        expect.not.objectContaining({ prev_content: expect.anything() }),
      ]);
    } finally {
      await visibility('all');
    }
    expect(await historyOf(bob, id)).toHaveLength(3);
  });

  it('survives a restart', async () => {
    const id = await send(alice, 'kept', 'first draft');
    await editOk(alice, id, { content: 'second draft' });
    const before = await historyOf(bob, id);
    await org.restart();
    expect(await historyOf(bob, id)).toEqual(before);
    expect(before).toHaveLength(2);
  });
});
