import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startZulipDouble, type Seat, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, hearthCapabilities, type DoubleClients } from '../../helpers/doubleClients';

// Read receipts and topic deletion on the Zulip 12 double, as zulip.yaml
// describes GET /messages/{id}/read_receipts and POST
// /streams/{id}/delete_topic (issue 36, points 4 and 8).
let double: ZulipDouble;
let clients: DoubleClients;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

const send = async (seat: Seat, topic: string, content = 'x'): Promise<number> =>
  clients.apiFor(seat).sendMessage({ to: { streamId: double.streams.denmark, topic }, content });

describe('read receipts on the Zulip double', () => {
  it('lists readers but the sender, and leaves out those who hide it, are muted or gone', async () => {
    const { admin, member, member2, moderator } = double.users;
    const id = await send(member2, 'receipts');
    for (const reader of [admin, member, moderator, member2]) {
      await clients.apiFor(reader).updateMessageFlags([id], 'add', 'read');
    }
    const readers = () => clients.apiFor(member).getReadReceipts(id);
    expect(await readers()).toEqual([admin.id, member.id, moderator.id].sort((a, b) => a - b));

    await clients.apiFor(moderator).updateSettings({ send_read_receipts: false });
    await clients.apiFor(member).muteUser(admin.id);
    expect(await readers()).toEqual([member.id]);
    await clients.asAdmin('DELETE', `users/${member.id}`);
    expect(await clients.apiFor(member2).getReadReceipts(id)).toEqual([admin.id]);
  });

  it('refuses them while the organization has them off, and a message out of reach', async () => {
    const { member } = double.users;
    const id = await send(member, 'receipts');
    await clients.asAdmin('PATCH', 'realm', { enable_read_receipts: false });
    const off = await clients.raw(member)('GET', `/messages/${id}/read_receipts`);
    expect(off.json).toEqual({
      result: 'error',
      msg: 'Read receipts are disabled in this organization.',
      code: 'BAD_REQUEST',
    });
    const missing = await clients.raw(member)('GET', '/messages/99999/read_receipts');
    expect(missing.json.msg).toBe('Invalid message(s)');
  });
});

describe('deleting a topic on the Zulip double', () => {
  it('deletes newest first, a hundred a batch, in the form each queue asked for', async () => {
    const { admin, member } = double.users;
    const ids: number[] = [];
    for (let index = 0; index < 101; index++) ids.push(await send(member, 'doomed'));
    const bulk = await clients.listen(member);
    const single = await clients.listen(member, {
      ...hearthCapabilities,
      bulk_message_deletion: false,
    });
    const answer = await clients.raw(admin)(
      'POST',
      `/streams/${double.streams.denmark}/delete_topic`,
      { topic_name: 'DOOMED' },
    );
    expect(answer.json).toEqual({ result: 'success', msg: '', complete: true });
    const newestFirst = [...ids].reverse();
    expect(await bulk.drain()).toMatchObject([
      { type: 'delete_message', message_ids: newestFirst.slice(0, 100), topic: 'doomed' },
      { type: 'delete_message', message_ids: newestFirst.slice(100) },
    ]);
    expect((await single.drain()).map((event) => event['message_id'])).toEqual(newestFirst);
  });

  it('is for administrators only', async () => {
    const { member } = double.users;
    const id = await send(member, 'kept');
    const refused = await clients.raw(member)(
      'POST',
      `/streams/${double.streams.denmark}/delete_topic`,
      { topic_name: 'kept' },
    );
    expect(refused.json).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    expect(double.org.messages.has(id)).toBe(true);
  });
});
