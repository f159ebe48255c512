import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../../helpers/doubleClients';

// GET /messages/{id}/history on the Zulip 12 double: the versions the
// double's edits and moves kept, in Zulip's snapshot shape, under the
// organization's message_edit_history_visibility_policy (feature level 358).
let double: ZulipDouble;
let clients: DoubleClients;
let id: number;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
  // Iago, an administrator, writes, edits his words, then moves the message
  // to general chat and on to Scotland.
  const iago = clients.apiFor(double.users.admin);
  id = await iago.sendStreamMessage({ stream: 'Denmark', topic: 'tea', content: 'Tea at *four*' });
  await iago.updateMessage(id, { content: 'Tea at *five*' });
  await iago.updateMessage(id, { topic: '' });
  await iago.updateMessage(id, { streamId: double.streams.scotland });
});
afterEach(() => double.close());

const history = (allowEmptyTopicName: boolean) =>
  clients.raw(double.users.member2)('GET', `/messages/${id}/history`, {
    allow_empty_topic_name: allowEmptyTopicName,
  });

describe('edit history on the Zulip double', () => {
  it('lists every version oldest first, each edit with what it changed', async () => {
    const answer = await history(true);
    expect(answer.status).toBe(200);
    const [sent, edited, moved, movedOn, ...more] = answer.json.message_history as Record<
      string,
      unknown
    >[];
    expect(more).toEqual([]);
    const iago = double.users.admin.id;
    expect(sent).toEqual({
      topic: 'tea',
      content: 'Tea at *four*',
      rendered_content: '<p>Tea at <em>four</em></p>',
      user_id: iago,
      timestamp: expect.any(Number),
    });
    expect(edited).toEqual({
      topic: 'tea',
      content: 'Tea at *five*',
      rendered_content: '<p>Tea at <em>five</em></p>',
      prev_content: 'Tea at *four*',
      prev_rendered_content: '<p>Tea at <em>four</em></p>',
      content_html_diff: expect.stringContaining('<span class="highlight_text_inserted">'),
      user_id: iago,
      timestamp: expect.any(Number),
    });
    expect(moved).toEqual({
      topic: '',
      prev_topic: 'tea',
      content: 'Tea at *five*',
      rendered_content: '<p>Tea at <em>five</em></p>',
      user_id: iago,
      timestamp: expect.any(Number),
    });
    expect(movedOn).toMatchObject({
      topic: '',
      prev_stream: double.streams.denmark,
      stream: double.streams.scotland,
    });
    expect(movedOn).not.toHaveProperty('prev_topic');
  });

  it('names the empty topic "general chat" for a client that does not allow it', async () => {
    const snapshots = (await history(false)).json.message_history as { topic: string }[];
    expect(snapshots.map((snapshot) => snapshot.topic)).toEqual([
      'tea',
      'tea',
      'general chat',
      'general chat',
    ]);
    expect(snapshots[2]).toMatchObject({ prev_topic: 'tea' });
  });

  it('shows only moves under the "moves" policy, and refuses under "none"', async () => {
    const admin = clients.raw(double.users.admin);
    await admin('PATCH', '/realm', { message_edit_history_visibility_policy: 'moves' });
    const moves = (await history(true)).json.message_history as Record<string, unknown>[];
    expect(moves).toHaveLength(3);
    expect(moves.some((snapshot) => 'prev_content' in snapshot)).toBe(false);
    expect(moves.map((snapshot) => snapshot.prev_topic ?? snapshot.prev_stream)).toEqual([
      undefined,
      'tea',
      double.streams.denmark,
    ]);

    await admin('PATCH', '/realm', { message_edit_history_visibility_policy: 'none' });
    expect(await history(true)).toMatchObject({
      status: 400,
      json: {
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Message edit history is disabled in this organization',
      },
    });
  });

  it('refuses a message the reader cannot see', async () => {
    const verona = await clients
      .apiFor(double.users.admin)
      .sendStreamMessage({ stream: 'Verona', topic: '', content: 'Wherefore?' });
    const answer = await clients.raw(double.users.member2)('GET', `/messages/${verona}/history`);
    expect(answer).toMatchObject({
      status: 400,
      json: { code: 'BAD_REQUEST', msg: 'Invalid message(s)' },
    });
  });

  it('is what the Hearth client reads for its History dialog', async () => {
    const snapshots = await clients.apiFor(double.users.member2).getMessageHistory(id);
    expect(snapshots.map((snapshot) => snapshot.content)).toEqual([
      'Tea at *four*',
      'Tea at *five*',
      'Tea at *five*',
      'Tea at *five*',
    ]);
  });
});
