import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { eventually, testApps, type TestHearth } from '../../helpers/hearth';
import { startZulipDouble, type Seat, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../../helpers/doubleClients';

// Hearth's app signed in to a modern Zulip server: what the window is offered
// follows the server's group settings as they change, without registering
// again, and what it is offered the server accepts.
let double: ZulipDouble;
let clients: DoubleClients;
beforeEach(async () => {
  double = await startZulipDouble({ heartbeatMs: 2_000 });
  clients = clientsOf(double);
});
const apps = testApps(createMemorySecretStore());
afterEach(async () => {
  await apps.stopAll();
  await double.close();
});

const signedIn = (seat: Seat): Promise<TestHearth> => apps.signedIn(double.url, seat);

describe('Hearth signed in to a modern Zulip server', () => {
  it('offers a move between channels exactly while the organization allows it', async () => {
    const { app, service } = await signedIn(double.users.member);
    const rules = () => app.active().snapshot().messageRules;
    const id = await clients.apiFor(double.users.member).sendStreamMessage({
      stream: 'Denmark',
      topic: 'castle',
      content: 'Something is rotten',
    });
    await eventually('the message reaches the cache', () =>
      app.active().cache.messagesAmong({ kind: 'all' }, [id]).length === 1 ? true : undefined,
    );
    // Moderators only, to begin with: a member is offered no move, and refused one.
    expect(rules().moveBetweenStreams).toBe(false);
    await expect(
      service.editMessage({ messageId: id, streamId: double.streams.scotland, topic: 'castle' }),
    ).rejects.toThrow();

    // Movers holds Hamlet through the group nested in it.
    await clients.asAdmin('PATCH', 'realm', {
      can_move_messages_between_channels_group: JSON.stringify({ new: double.groups.movers }),
    });
    await eventually('the realm event offers the move', () => rules().moveBetweenStreams);
    await service.editMessage({
      messageId: id,
      streamId: double.streams.scotland,
      topic: 'castle',
      propagateMode: 'change_one',
    });
    await eventually(
      'the move reaches the cache',
      () =>
        app.active().cache.messagesAmong({ kind: 'all' }, [id])[0]?.stream_id ===
        double.streams.scotland,
    );

    // Out of the nested group, out of the offer.
    await clients.asAdmin('POST', `user_groups/${double.groups.hamletCharacters}/members`, {
      delete: JSON.stringify([double.users.member.id]),
    });
    await eventually('the group event withdraws the move', () =>
      rules().moveBetweenStreams ? undefined : true,
    );

    // People named one by one: an anonymous group.
    await clients.asAdmin('PATCH', 'realm', {
      can_move_messages_between_channels_group: JSON.stringify({
        new: { direct_members: [double.users.member.id], direct_subgroups: [] },
      }),
    });
    await eventually('the anonymous group offers the move again', () => rules().moveBetweenStreams);
  });

  it('shows the empty topic as the organization names it, and sends to it', async () => {
    const { app } = await signedIn(double.users.member);
    const id = await clients.apiFor(double.users.member2).sendStreamMessage({
      stream: 'Denmark',
      topic: '',
      content: 'Anyone for chess?',
    });
    const stored = await eventually(
      'the message reaches the cache',
      () => app.active().cache.messagesAmong({ kind: 'all' }, [id])[0],
    );
    expect(stored.subject).toBe('');
    const snapshot = app.active().snapshot();
    expect(snapshot.compose.emptyTopicName).toBe('general chat');
    const denmark = snapshot.streams.find((each) => each.streamId === double.streams.denmark);
    expect(denmark?.topics.map((topic) => topic.name)).toContain('');
    expect(denmark?.topicsPolicy).toBe('allow_empty_topic');
    const verona = snapshot.streams.find((each) => each.streamId === double.streams.verona);
    expect(verona?.topicsPolicy ?? 'empty_topic_only').toBe('empty_topic_only');
  });
});
