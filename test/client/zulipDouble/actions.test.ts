import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteMessageEventSchema,
  streamEventSchema,
  updateMessageFlagsEventSchema,
  type AnyEvent,
} from '../../../src-main/wire';
import { startZulipDouble, type Seat, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../../helpers/doubleClients';

// Each accepted action of the double reaches the other clients as Zulip's event.
let double: ZulipDouble;
let clients: DoubleClients;
beforeEach(async () => {
  double = await startZulipDouble({ heartbeatMs: 300 });
  clients = clientsOf(double);
});
afterEach(() => double.close());

async function registered(seat: Seat) {
  const api = clients.apiFor(seat);
  const { queue_id: queueId, last_event_id: lastEventId } = await api.register();
  return {
    api,
    next: async (): Promise<AnyEvent[]> =>
      (await api.getEvents({ queueId, lastEventId, dontBlock: false })).filter(
        (event) => event.type !== 'heartbeat',
      ),
  };
}

describe('the double’s events', () => {
  it('answers a quiet long-poll with a heartbeat', async () => {
    const api = clients.apiFor(double.users.member);
    const { queue_id: queueId } = await api.register();
    const events = await api.getEvents({ queueId, lastEventId: -1, dontBlock: false });
    expect(events).toEqual([{ type: 'heartbeat', id: 0 }]);
  });

  it('marks messages read and starred for the reader’s other clients', async () => {
    const hamlet = await registered(double.users.member);
    await hamlet.api.updateMessageFlags([3], 'add', 'starred');
    const [event] = await hamlet.next();
    expect(updateMessageFlagsEventSchema.parse(event)).toMatchObject({
      op: 'add',
      flag: 'starred',
      messages: [3],
    });
    const [message] = (
      await hamlet.api.getMessages({ anchor: 3, numBefore: 0, numAfter: 0, narrow: [] })
    ).messages;
    expect(message?.flags).toContain('starred');
  });

  it('finds unread messages with is:unread and the first unread anchor', async () => {
    const api = clients.apiFor(double.users.member2);
    const page = await api.getMessages({
      anchor: 'first_unread',
      numBefore: 0,
      numAfter: 10,
      narrow: [{ operator: 'is', operand: 'unread' }],
    });
    expect(page.messages.map((message) => message.id)).toEqual([1, 2]);
    expect(page).toMatchObject({ anchor: 1, found_anchor: true, found_newest: true });
  });

  it('deletes a message for whoever may delete it, as one bulk event', async () => {
    const cordelia = await registered(double.users.member2);
    await clients.apiFor(double.users.admin).deleteMessage(2);
    const [event] = await cordelia.next();
    expect(deleteMessageEventSchema.parse(event)).toMatchObject({
      message_ids: [2],
      message_type: 'stream',
      stream_id: double.streams.denmark,
      topic: '',
    });
  });

  it('refuses a member deleting another’s message', async () => {
    await expect(clients.apiFor(double.users.member2).deleteMessage(1)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: "You don't have permission to delete this message",
    });
  });

  it('announces a channel’s changed description and group setting', async () => {
    const hamlet = await registered(double.users.member);
    await clients
      .apiFor(double.users.admin)
      .updateStream(double.streams.denmark, { description: 'Hi' });
    const [event] = await hamlet.next();
    expect(streamEventSchema.parse(event)).toMatchObject({
      op: 'update',
      property: 'description',
      value: 'Hi',
      rendered_description: '<p>Hi</p>',
    });
  });

  it('announces subgroups and refuses a cycle', async () => {
    const hamlet = await registered(double.users.member);
    const admin = clients.apiFor(double.users.admin);
    await admin.updateUserGroupSubgroups(double.groups.movers, { add: [], delete: [30] });
    const [event] = await hamlet.next();
    expect(event).toMatchObject({
      type: 'user_group',
      op: 'remove_subgroups',
      group_id: double.groups.movers,
      direct_subgroup_ids: [double.groups.hamletCharacters],
    });
    await admin.updateUserGroupSubgroups(double.groups.hamletCharacters, { add: [31], delete: [] });
    await expect(
      admin.updateUserGroupSubgroups(double.groups.movers, { add: [30], delete: [] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('tells the channel of someone typing, by stream_id', async () => {
    const cordelia = await registered(double.users.member2);
    await clients.apiFor(double.users.member).setTyping('start', {
      kind: 'stream',
      streamId: double.streams.denmark,
      topic: '',
    });
    const [event] = await cordelia.next();
    expect(event).toMatchObject({
      type: 'typing',
      op: 'start',
      message_type: 'stream',
      stream_id: double.streams.denmark,
      topic: '',
      sender: { user_id: double.users.member.id },
    });
  });

  it('answers presence with last_update_id in the modern form', async () => {
    const hamlet = clients.apiFor(double.users.member);
    const first = await hamlet.updatePresence('active', -1);
    expect(first.presences[String(double.users.member.id)]).toBeDefined();
    expect(first.presence_last_update_id).toBeTypeOf('number');
    const state = await hamlet.register();
    expect(state).toHaveProperty('presence_last_update_id', first.presence_last_update_id);
  });
});
