import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startZulipDouble, type Seat, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../../helpers/doubleClients';

// Marking read on the Zulip 12 double: the deprecated mark_all_as_read,
// mark_stream_as_read and mark_topic_as_read, and POST /messages/flags/narrow
// (feature level 155), each with Zulip's update_message_flags event.
let double: ZulipDouble;
let clients: DoubleClients;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

/** The IDs of the seat's unread messages, oldest first. */
async function unread(seat: Seat): Promise<number[]> {
  const answer = await clients.raw(seat)('GET', '/messages', {
    anchor: 'oldest',
    num_before: 0,
    num_after: 100,
    narrow: [{ operator: 'is', operand: 'unread' }],
  });
  return (answer.json.messages as { id: number }[]).map((message) => message.id);
}

// Hamlet's unread messages among the documented examples: Iago's in Denmark's
// "Copenhagen", Cordelia's in Scotland's "castle", Iago's in Verona's general
// chat, and Cordelia's direct message.
const seeded = { copenhagen: 1, castle: 3, verona: 4, direct: 6 };

const readEvent = (messages: number[], all: boolean) => ({
  type: 'update_message_flags',
  op: 'add',
  operation: 'add',
  flag: 'read',
  messages,
  all,
});

describe('marking read on the Zulip double', () => {
  it('marks a channel read, telling the reader’s clients which messages changed', async () => {
    const hamlet = await clients.listen(double.users.member);
    const cordelia = await clients.listen(double.users.member2);
    const answer = await clients.raw(double.users.member)('POST', '/mark_stream_as_read', {
      stream_id: double.streams.denmark,
    });
    expect(answer).toMatchObject({ status: 200, json: { result: 'success', msg: '' } });
    expect(await hamlet.drain()).toMatchObject([readEvent([seeded.copenhagen], false)]);
    expect(await cordelia.drain()).toEqual([]);
    expect(await unread(double.users.member)).toEqual([
      seeded.castle,
      seeded.verona,
      seeded.direct,
    ]);

    // Nothing left unread there: no event.
    await clients.apiFor(double.users.member).markStreamAsRead(double.streams.denmark);
    expect(await hamlet.drain()).toEqual([]);
  });

  it('refuses a channel the reader cannot see', async () => {
    const answer = await clients.raw(double.users.moderator)('POST', '/mark_stream_as_read', {
      stream_id: double.streams.verona,
    });
    expect(answer).toMatchObject({
      status: 400,
      json: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' },
    });
  });

  it('marks one topic read, the empty topic by "" or by its display name', async () => {
    const cordelia = clients.apiFor(double.users.member2);
    const general = await cordelia.sendStreamMessage({
      stream: 'Denmark',
      topic: '',
      content: 'Lunch is served',
    });
    const later = await cordelia.sendStreamMessage({
      stream: 'Denmark',
      topic: '',
      content: 'Lunch is cold',
    });
    const hamlet = await clients.listen(double.users.member);
    await clients.apiFor(double.users.member).markTopicAsRead(double.streams.denmark, '');
    expect(await hamlet.drain()).toMatchObject([readEvent([general, later], false)]);
    // Copenhagen, a topic of the same channel, stays unread.
    expect(await unread(double.users.member)).toContain(seeded.copenhagen);

    const again = await cordelia.sendStreamMessage({
      stream: 'Denmark',
      topic: '',
      content: 'Lunch is over',
    });
    await hamlet.drain();
    const byName = await clients.raw(double.users.member)('POST', '/mark_topic_as_read', {
      stream_id: double.streams.denmark,
      topic_name: 'general chat',
    });
    expect(byName.status).toBe(200);
    expect(await hamlet.drain()).toMatchObject([readEvent([again], false)]);

    // A named topic matches without regard to case.
    await clients.apiFor(double.users.member).markTopicAsRead(double.streams.denmark, 'COPENHAGEN');
    expect(await hamlet.drain()).toMatchObject([readEvent([seeded.copenhagen], false)]);
  });

  it('refuses a topic where the reader received nothing, in Zulip’s words', async () => {
    const answer = await clients.raw(double.users.member)('POST', '/mark_topic_as_read', {
      stream_id: double.streams.denmark,
      topic_name: 'Elsinore',
    });
    expect(answer).toMatchObject({
      status: 400,
      json: { result: 'error', code: 'BAD_REQUEST', msg: "No such topic 'Elsinore'" },
    });
  });

  it('marks everything read with one event that says all, and answers complete', async () => {
    const hamlet = await clients.listen(double.users.member);
    const answer = await clients.raw(double.users.member)('POST', '/mark_all_as_read');
    expect(answer.json).toEqual({ result: 'success', msg: '', complete: true });
    expect(await hamlet.drain()).toMatchObject([readEvent([], true)]);
    expect(await unread(double.users.member)).toEqual([]);

    // Sent even when nothing was unread, as Zulip does.
    await clients.apiFor(double.users.member).markAllAsRead();
    expect(await hamlet.drain()).toMatchObject([readEvent([], true)]);
  });
});

describe('flags over a narrow on the Zulip double', () => {
  it('changes the flag on a range of the narrow and says what the range covered', async () => {
    const hamlet = await clients.listen(double.users.member);
    const answer = await clients.raw(double.users.member)('POST', '/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1,
      narrow: [{ operator: 'channel', operand: 'Denmark' }],
      op: 'add',
      flag: 'starred',
    });
    expect(answer.json).toEqual({
      result: 'success',
      msg: '',
      processed_count: 1,
      updated_count: 1,
      first_processed_id: 1,
      last_processed_id: 1,
      found_oldest: true,
      found_newest: false,
    });
    expect(await hamlet.drain()).toMatchObject([
      { type: 'update_message_flags', op: 'add', flag: 'starred', messages: [1], all: false },
    ]);

    // The rest of the channel from the first message; the starred one is processed, not updated.
    const rest = await clients.raw(double.users.member)('POST', '/messages/flags/narrow', {
      anchor: '1',
      num_before: 0,
      num_after: 10,
      narrow: [{ operator: 'channel', operand: 'Denmark' }],
      op: 'add',
      flag: 'starred',
    });
    expect(rest.json).toMatchObject({
      processed_count: 2,
      updated_count: 1,
      first_processed_id: 1,
      last_processed_id: 2,
      found_newest: true,
    });
    expect(await hamlet.drain()).toMatchObject([{ flag: 'starred', messages: [2] }]);
  });

  it('marks read from the first unread message, and unread again with what a client needs to count it', async () => {
    const hamlet = await clients.listen(double.users.member);
    const read = await clients.raw(double.users.member)('POST', '/messages/flags/narrow', {
      anchor: 'first_unread',
      num_before: 0,
      num_after: 100,
      narrow: [],
      op: 'add',
      flag: 'read',
    });
    expect(read.json).toMatchObject({
      // Hamlet's own message and the archived channel's are read already.
      processed_count: 6,
      updated_count: 4,
      first_processed_id: seeded.copenhagen,
      last_processed_id: seeded.direct,
    });
    expect(await unread(double.users.member)).toEqual([]);
    expect(await hamlet.drain()).toMatchObject([readEvent(Object.values(seeded), false)]);

    const again = await clients.raw(double.users.member)('POST', '/messages/flags/narrow', {
      anchor: String(seeded.direct),
      num_before: 0,
      num_after: 0,
      narrow: [],
      op: 'remove',
      flag: 'read',
    });
    expect(again.json).toMatchObject({
      processed_count: 1,
      updated_count: 1,
      ignored_because_not_subscribed_channels: [],
    });
    expect(await hamlet.drain()).toMatchObject([
      {
        op: 'remove',
        flag: 'read',
        messages: [seeded.direct],
        message_details: {
          [seeded.direct]: { type: 'private', user_ids: [double.users.member2.id] },
        },
      },
    ]);
  });

  it('leaves messages read in a channel the reader left, naming it', async () => {
    await clients.apiFor(double.users.member).unsubscribe(['Scotland']);
    const answer = await clients.raw(double.users.member)('POST', '/messages/flags/narrow', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: double.streams.scotland }],
      op: 'remove',
      flag: 'read',
    });
    expect(answer.json).toMatchObject({
      processed_count: 1,
      updated_count: 0,
      ignored_because_not_subscribed_channels: [double.streams.scotland],
    });
  });

  it('refuses to leave out an anchor in the middle of the range', async () => {
    const answer = await clients.raw(double.users.member)('POST', '/messages/flags/narrow', {
      anchor: '2',
      include_anchor: false,
      num_before: 1,
      num_after: 1,
      narrow: [],
      op: 'add',
      flag: 'read',
    });
    expect(answer).toMatchObject({
      status: 400,
      json: { code: 'BAD_REQUEST', msg: 'The anchor can only be excluded at an end of the range' },
    });
  });

  it('has the client mark general chat read through a narrow naming it, leaving the channel’s other topics unread', async () => {
    const sent = await clients.raw(double.users.member2)('POST', '/messages', {
      type: 'stream',
      to: double.streams.denmark,
      topic: '',
      content: 'A word in general chat',
    });
    const generalChat = sent.json.id as number;
    const hamlet = await clients.listen(double.users.member);
    await clients.apiFor(double.users.member).markTopicAsRead(double.streams.denmark, '');
    expect(await hamlet.drain()).toMatchObject([readEvent([generalChat], false)]);
    expect(await unread(double.users.member)).toEqual([
      seeded.copenhagen,
      seeded.castle,
      seeded.verona,
      seeded.direct,
    ]);
  });
});
