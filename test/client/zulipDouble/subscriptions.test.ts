import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  streamEventSchema,
  subscriptionAddEventSchema,
  subscriptionRemoveEventSchema,
  subscriptionUpdateEventSchema,
} from '../../../src-main/wire';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf } from '../../helpers/doubleClients';

// Subscribing, creating channels on the way, unsubscribing and personal
// channel settings on the Zulip 12 double, as POST, DELETE
// /users/me/subscriptions and POST /users/me/subscriptions/properties answer.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

const subscriptionNamed = (state: Record<string, unknown>, name: string) =>
  (state.subscriptions as { name: string }[]).find((each) => each.name === name);

describe('subscribing on the Zulip double', () => {
  it('creates a channel a member asks for, telling those who can see it and not the guest', async () => {
    const { users } = double;
    const hamlet = await clients.listen(users.member);
    const cordelia = await clients.listen(users.member2);
    const polonius = await clients.listen(users.guest);

    const answer = await clients.raw(users.member)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'Elsinore', description: 'The *castle*' }],
    });
    expect(answer.json).toEqual({
      result: 'success',
      msg: '',
      subscribed: { [String(users.member.id)]: ['Elsinore'] },
      already_subscribed: {},
    });

    const [created, added] = await hamlet.drain();
    expect(streamEventSchema.parse(created)).toMatchObject({
      op: 'create',
      streams: [
        {
          name: 'Elsinore',
          rendered_description: '<p>The <em>castle</em></p>',
          creator_id: users.member.id,
          invite_only: false,
          subscriber_count: 0,
          can_administer_channel_group: { direct_members: [users.member.id], direct_subgroups: [] },
        },
      ],
    });
    const subscription = subscriptionAddEventSchema.parse(added).subscriptions[0];
    expect(subscription).toMatchObject({ name: 'Elsinore', subscribers: [users.member.id] });
    expect(subscription?.color).toMatch(/^#[0-9a-f]{6}$/);
    const elsinore = subscription?.stream_id;
    expect(await cordelia.drain()).toEqual([
      expect.objectContaining({ type: 'stream', op: 'create' }),
      expect.objectContaining({
        type: 'subscription',
        op: 'peer_add',
        stream_ids: [elsinore],
        user_ids: [users.member.id],
      }),
    ]);
    expect(await polonius.drain()).toEqual([]);

    expect(subscriptionNamed(await clients.stateOf(users.member), 'Elsinore')).toMatchObject({
      stream_id: elsinore,
      subscriber_count: 1,
    });
    const seenByCordelia = (await clients.stateOf(users.member2)).never_subscribed as {
      name: string;
    }[];
    expect(seenByCordelia.map((each) => each.name)).toContain('Elsinore');
  });

  it('creates a private channel that only its subscribers and administrators hear of', async () => {
    const { users } = double;
    const iago = await clients.listen(users.admin);
    const cordelia = await clients.listen(users.member2);
    await clients.apiFor(users.member).subscribe([{ name: 'Ghosts' }], { inviteOnly: true });
    expect(await iago.drain()).toEqual([
      expect.objectContaining({
        type: 'stream',
        op: 'create',
        streams: [expect.objectContaining({ name: 'Ghosts', invite_only: true })],
      }),
      expect.objectContaining({ type: 'subscription', op: 'peer_add' }),
    ]);
    expect(await cordelia.drain()).toEqual([]);
  });

  it('announces a new channel from Notification Bot when asked, and no private one', async () => {
    const { users } = double;
    const cordelia = await clients.listen(users.member2);
    await clients.apiFor(users.member).subscribe([{ name: 'Elsinore' }], { announce: true });
    const message = (await cordelia.drain()).find((event) => event.type === 'message');
    expect(message).toMatchObject({
      message: {
        sender_email: 'notification-bot@zulip.com',
        stream_id: double.streams.denmark,
        subject: 'new channels',
        content: expect.stringContaining('Elsinore'),
      },
    });
    await clients.apiFor(users.member).subscribe([{ name: 'Crypt' }], {
      announce: true,
      inviteOnly: true,
    });
    expect((await cordelia.drain()).some((event) => event.type === 'message')).toBe(false);
  });

  it('refuses creating a channel to a guest and to a member the organization does not let', async () => {
    const { users, groups } = double;
    const guest = clients.raw(users.guest);
    const refused = await guest('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'Polonius corner' }],
    });
    expect(refused).toMatchObject({
      status: 400,
      json: { code: 'BAD_REQUEST', msg: 'Insufficient permission' },
    });
    await clients.raw(users.admin)('PATCH', '/realm', {
      can_create_private_channel_group: { new: groups.administrators },
    });
    await expect(
      clients.apiFor(users.member).subscribe([{ name: 'Secrets' }], { inviteOnly: true }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Insufficient permission',
    });
    await clients.apiFor(users.member).subscribe([{ name: 'Open air' }]);
    expect(double.org.streamByName('Secrets')).toBeUndefined();
    expect(double.org.streamByName('Open air')).toBeDefined();
  });

  it('refuses a bad channel name', async () => {
    const call = clients.raw(double.users.member);
    const tooLong = await call('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'x'.repeat(61) }],
    });
    expect(tooLong.json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Channel name too long (limit: 60 characters).',
    });
    const empty = await call('POST', '/users/me/subscriptions', { subscriptions: [{ name: ' ' }] });
    expect(empty.json).toMatchObject({ msg: "Channel name can't be empty." });
  });

  it('refuses a private channel to a member who may not join it, or lists it as unauthorized', async () => {
    const call = clients.raw(double.users.member2);
    const refused = await call('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'Verona' }],
    });
    expect(refused).toMatchObject({
      status: 400,
      json: { code: 'BAD_REQUEST', msg: 'Unable to access channel (Verona).' },
    });
    const listed = await call('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'Verona' }, { name: 'Scotland' }],
      authorization_errors_fatal: false,
    });
    expect(listed).toMatchObject({
      status: 200,
      json: {
        subscribed: {},
        already_subscribed: { [String(double.users.member2.id)]: ['Scotland'] },
        unauthorized: ['Verona'],
      },
    });
  });

  it('subscribes another person where the organization lets, with a direct message from Notification Bot', async () => {
    const { users, groups } = double;
    const admin = clients.raw(users.admin);
    const cordelia = clients.raw(users.member2);
    // Scotland's own setting and the organization's, for public channels.
    await admin('PATCH', `/streams/${double.streams.scotland}`, {
      can_add_subscribers_group: { new: groups.nobody },
    });
    await admin('PATCH', '/realm', { can_add_subscribers_group: { new: groups.nobody } });
    const refused = await cordelia('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'Scotland' }],
      principals: [users.guest.id],
    });
    expect(refused.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });

    await admin('PATCH', '/realm', { can_add_subscribers_group: { new: groups.members } });
    const polonius = await clients.listen(users.guest);
    const hamlet = await clients.listen(users.member);
    const answer = await cordelia('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'Scotland' }],
      principals: [users.guest.id],
      send_new_subscription_messages: true,
    });
    expect(answer.json).toMatchObject({
      subscribed: { [String(users.guest.id)]: ['Scotland'] },
      new_subscription_messages_sent: true,
    });
    // A guest sees a public channel only once subscribed to it.
    const events = await polonius.drain();
    expect(events.map((event) => `${event.type} ${String(event.op ?? '')}`)).toEqual([
      'stream create',
      'subscription add',
      'message ',
    ]);
    expect(events[2]).toMatchObject({
      message: {
        sender_email: 'notification-bot@zulip.com',
        type: 'private',
        content: expect.stringContaining('Scotland'),
      },
    });
    expect(await hamlet.drain()).toEqual([
      expect.objectContaining({
        type: 'subscription',
        op: 'peer_add',
        stream_ids: [double.streams.scotland],
        user_ids: [users.guest.id],
      }),
    ]);

    const unknown = await cordelia('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'Scotland' }],
      principals: [999],
    });
    expect(unknown.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
  });
});

describe('unsubscribing on the Zulip double', () => {
  it('leaves a private channel: the channel goes from view and its unread messages are read', async () => {
    const { users, streams } = double;
    const hamlet = await clients.listen(users.member);
    const iago = await clients.listen(users.admin);
    const cordelia = await clients.listen(users.member2);
    const answer = await clients.raw(users.member)('DELETE', '/users/me/subscriptions', {
      subscriptions: ['Verona', 'Scotland', 'Scotland'],
    });
    expect(answer.json).toMatchObject({
      removed: ['Verona', 'Scotland'],
      not_removed: ['Scotland'],
    });

    const events = await hamlet.drain();
    expect(subscriptionRemoveEventSchema.parse(events[0]).subscriptions).toEqual([
      { name: 'Verona', stream_id: streams.verona },
      { name: 'Scotland', stream_id: streams.scotland },
    ]);
    // Hamlet no longer sees the private channel; he still sees Scotland.
    expect(events.filter((event) => event.type === 'stream')).toEqual([
      expect.objectContaining({ op: 'delete', stream_ids: [streams.verona] }),
    ]);
    expect(events.find((event) => event.type === 'update_message_flags')).toMatchObject({
      op: 'add',
      flag: 'read',
    });
    expect(await iago.drain()).toEqual([
      expect.objectContaining({ op: 'peer_remove', stream_ids: [streams.verona] }),
      expect.objectContaining({ op: 'peer_remove', stream_ids: [streams.scotland] }),
    ]);
    // Cordelia cannot see Verona's subscribers.
    expect(await cordelia.drain()).toEqual([
      expect.objectContaining({ op: 'peer_remove', stream_ids: [streams.scotland] }),
    ]);
    const unreadIn = (state: Record<string, unknown>) =>
      (state.unread_msgs as { streams: { stream_id: number }[] }).streams.map((s) => s.stream_id);
    expect(unreadIn(hamlet.state)).toContain(streams.verona);
    const state = await clients.stateOf(users.member);
    expect(subscriptionNamed(state, 'Verona')).toBeUndefined();
    expect(unreadIn(state)).not.toContain(streams.verona);
  });

  it('refuses removing someone else without permission, and an unknown channel', async () => {
    const { users } = double;
    const cordelia = clients.raw(users.member2);
    const refused = await cordelia('DELETE', '/users/me/subscriptions', {
      subscriptions: ['Denmark'],
      principals: [users.member.id],
    });
    expect(refused.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    const unknown = await cordelia('DELETE', '/users/me/subscriptions', {
      subscriptions: ['Atlantis'],
    });
    expect(unknown).toMatchObject({
      status: 400,
      json: { code: 'STREAM_DOES_NOT_EXIST', msg: "Channel 'Atlantis' does not exist" },
    });
    await clients.apiFor(users.admin).unsubscribe(['Denmark']);
    const removedByAdmin = await clients.raw(users.admin)('DELETE', '/users/me/subscriptions', {
      subscriptions: ['Denmark'],
      principals: [users.member.id],
    });
    expect(removedByAdmin.json).toMatchObject({ removed: ['Denmark'] });
  });
});

describe('personal channel settings on the Zulip double', () => {
  it('mutes a channel with both properties announced, and later reads reflect it', async () => {
    const { users, streams } = double;
    const hamlet = await clients.listen(users.member);
    const cordelia = await clients.listen(users.member2);
    const api = clients.apiFor(users.member);
    await api.setSubscriptionProperty(streams.denmark, 'is_muted', true);
    await api.setSubscriptionProperty(streams.denmark, 'color', '#f00f00');
    await api.setSubscriptionProperty(streams.denmark, 'desktop_notifications', true);
    const events = (await hamlet.drain()).map((event) =>
      subscriptionUpdateEventSchema.parse(event),
    );
    expect(events.map(({ property, value }) => [property, value])).toEqual([
      ['in_home_view', false],
      ['is_muted', true],
      ['color', '#f00f00'],
      ['desktop_notifications', true],
    ]);
    expect(await cordelia.drain()).toEqual([]);
    expect(subscriptionNamed(await clients.stateOf(users.member), 'Denmark')).toMatchObject({
      is_muted: true,
      in_home_view: false,
      color: '#f00f00',
      desktop_notifications: true,
      audible_notifications: null,
    });
    // Cordelia's own subscription is untouched.
    expect(subscriptionNamed(await clients.stateOf(users.member2), 'Denmark')).toMatchObject({
      is_muted: false,
      color: '#76ce90',
    });
  });

  it('refuses an unknown property, a bad color and a channel one is not subscribed to', async () => {
    const { users, streams } = double;
    const call = clients.raw(users.member2);
    const change = (stream_id: number, property: string, value: unknown) =>
      call('POST', '/users/me/subscriptions/properties', {
        subscription_data: [{ stream_id, property, value }],
      });
    expect((await change(streams.denmark, 'volume', true)).json).toMatchObject({
      msg: 'Unknown subscription property: volume',
    });
    expect((await change(streams.denmark, 'color', 'red')).json).toMatchObject({
      msg: 'color is not a valid hex color code',
    });
    expect((await change(streams.denmark, 'pin_to_top', 'yes')).json).toMatchObject({
      msg: 'pin_to_top is not a boolean',
    });
    expect((await change(streams.verona, 'pin_to_top', true)).json).toMatchObject({
      msg: 'Invalid channel ID',
    });
    await clients.apiFor(users.member2).unsubscribe(['Scotland']);
    expect((await change(streams.scotland, 'pin_to_top', true)).json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: `Not subscribed to channel ID ${streams.scotland}`,
    });
  });
});
