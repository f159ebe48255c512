import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import type { BridgeService, ComposeTarget } from '../../../src-preload/bridge';
import { eventually, testApps, type TestHearth } from '../../helpers/hearth';
import { startZulipDouble, type Seat, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../../helpers/doubleClients';

// Issue 34, point 2: Hearth signed in to a modern Zulip server as King
// Hamlet, a member. What the compose box says before a message goes, and
// who may open a channel's settings, follow the channel's and the
// organization's group settings as they change, and agree with what the
// server then accepts or refuses.
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

const setChannel = (streamId: number, setting: string, value: unknown) =>
  clients.asAdmin('PATCH', `streams/${streamId}`, { [setting]: JSON.stringify({ new: value }) });

const refusalOf = async (service: BridgeService, to: ComposeTarget) =>
  (await service.checkComposeTarget({ to })).refusal;

describe('the compose box against a modern Zulip server', () => {
  it('refuses a channel the member may not post in, live, as the server does', async () => {
    const { service } = await signedIn(double.users.member);
    const denmark: ComposeTarget = {
      kind: 'stream',
      streamId: double.streams.denmark,
      topic: 'castle',
    };
    expect(await refusalOf(service, denmark)).toBeNull();

    await setChannel(double.streams.denmark, 'can_send_message_group', double.groups.moderators);
    await eventually('the stream event withdraws posting', async () =>
      (await refusalOf(service, denmark)) === 'channelPosting' ? true : undefined,
    );
    await expect(
      clients.apiFor(double.users.member).sendStreamMessage({
        stream: 'Denmark',
        topic: 'castle',
        content: 'Let me in',
      }),
    ).rejects.toThrow('You do not have permission to post in this channel.');

    // A group nested in the one the channel names: hamletcharacters, inside movers.
    await setChannel(double.streams.denmark, 'can_send_message_group', double.groups.movers);
    await eventually('the nested group allows posting again', async () =>
      (await refusalOf(service, denmark)) === null ? true : undefined,
    );
  });

  it('refuses a new topic, not an existing one, where the member may not start topics', async () => {
    const { service } = await signedIn(double.users.member);
    await clients.apiFor(double.users.member2).sendStreamMessage({
      stream: 'Denmark',
      topic: 'castle',
      content: 'The ghost walks',
    });
    const topic = (name: string): ComposeTarget => ({
      kind: 'stream',
      streamId: double.streams.denmark,
      topic: name,
    });
    expect(await refusalOf(service, topic('a new one'))).toBeNull();

    await setChannel(double.streams.denmark, 'can_create_topic_group', double.groups.moderators);
    await eventually('the stream event restricts new topics', async () =>
      (await refusalOf(service, topic('a new one'))) === 'newTopic' ? true : undefined,
    );
    // Zulip matches topics without regard to case.
    expect(await refusalOf(service, topic('Castle'))).toBeNull();
    // Someone else starts it: then the member may post there.
    await clients.apiFor(double.users.admin).sendStreamMessage({
      stream: 'Denmark',
      topic: 'ramparts',
      content: 'Cold tonight',
    });
    await eventually('the new topic is open to the member', async () =>
      (await refusalOf(service, topic('ramparts'))) === null ? true : undefined,
    );
  });

  it('refuses a direct message no one in the conversation may authorize', async () => {
    const { service } = await signedIn(double.users.member);
    const to = (...seats: Seat[]): ComposeTarget => ({
      kind: 'private',
      userIds: seats.map((seat) => seat.id),
    });
    expect(await refusalOf(service, to(double.users.member2))).toBeNull();

    await clients.asAdmin('PATCH', 'realm', {
      direct_message_permission_group: JSON.stringify({ new: double.groups.moderators }),
    });
    await eventually('the realm event restricts direct messages', async () =>
      (await refusalOf(service, to(double.users.member2))) === 'directMessageUnauthorized'
        ? true
        : undefined,
    );
    await expect(
      clients.apiFor(double.users.member).sendMessage({
        to: { userIds: [double.users.member2.id] },
        content: 'Psst',
      }),
    ).rejects.toThrow('This conversation does not include any users who can authorize it.');
    // A moderator in the conversation authorizes it.
    expect(await refusalOf(service, to(double.users.member2, double.users.moderator))).toBeNull();

    await clients.asAdmin('PATCH', 'realm', {
      direct_message_permission_group: JSON.stringify({ new: double.groups.nobody }),
    });
    await eventually('the realm event turns direct messages off', async () =>
      (await refusalOf(service, to(double.users.moderator))) === 'directMessagesOff'
        ? true
        : undefined,
    );
  });

  it('lets a member outside the initiator group answer a conversation, not start one', async () => {
    const { service } = await signedIn(double.users.member);
    const desdemona: ComposeTarget = { kind: 'private', userIds: [double.users.owner.id] };
    // Cordelia wrote to him before: that conversation is started.
    const cordelia: ComposeTarget = { kind: 'private', userIds: [double.users.member2.id] };
    await clients.asAdmin('PATCH', 'realm', {
      direct_message_initiator_group: JSON.stringify({ new: double.groups.moderators }),
    });
    await eventually('the realm event restricts starting conversations', async () =>
      (await refusalOf(service, desdemona)) === 'directMessageNotStarted' ? true : undefined,
    );
    expect(await refusalOf(service, cordelia)).toBeNull();

    await clients.apiFor(double.users.owner).sendMessage({
      to: { userIds: [double.users.member.id] },
      content: 'Are you there?',
    });
    await eventually('her message starts the conversation', async () =>
      (await refusalOf(service, desdemona)) === null ? true : undefined,
    );
  });

  it('names the guests a direct message goes to, as the organization asks', async () => {
    const { service } = await signedIn(double.users.member);
    const check = await service.checkComposeTarget({
      to: { kind: 'private', userIds: [double.users.guest.id, double.users.member2.id] },
    });
    expect(check.guests).toEqual([double.users.guest.fullName]);
    const none = await service.checkComposeTarget({
      to: { kind: 'private', userIds: [double.users.member2.id] },
    });
    expect(none.guests).toEqual([]);
  });

  it('offers every wildcard in a channel smaller than Zulip’s threshold, and two in a direct message', async () => {
    const { service } = await signedIn(double.users.member);
    const names = async (to: ComposeTarget) =>
      (await service.checkComposeTarget({ to })).wildcards.map(({ name }) => name);
    // Six subscribers: can_mention_many_users_group (administrators) is not asked.
    expect(
      await names({ kind: 'stream', streamId: double.streams.denmark, topic: 'castle' }),
    ).toEqual(['all', 'everyone', 'channel', 'stream', 'topic']);
    expect(await names({ kind: 'private', userIds: [double.users.member2.id] })).toEqual([
      'all',
      'everyone',
    ]);
  });
});

describe('a channel’s settings against a modern Zulip server', () => {
  it('are offered to whoever administers the channel, live, and the server takes their change', async () => {
    const { app, service } = await signedIn(double.users.member);
    const administered = () => app.active().snapshot().may.administerChannels;
    expect(administered()).toEqual([]);

    await setChannel(double.streams.denmark, 'can_administer_channel_group', {
      direct_members: [double.users.member.id],
      direct_subgroups: [],
    });
    await eventually('the stream event offers the settings', () =>
      administered().includes(double.streams.denmark) ? true : undefined,
    );
    expect(administered()).toEqual([double.streams.denmark]);
    expect(await service.getStreamAdminSettings({ streamId: double.streams.denmark })).toEqual({
      streamId: double.streams.denmark,
      name: 'Denmark',
      description: expect.any(String) as string,
      isPrivate: false,
      historyPublic: true,
      postPolicy: 1,
      // The double files Denmark in its Frontend folder, which the form offers.
      folderId: double.channelFolders.frontend,
      folders: [{ id: double.channelFolders.frontend, name: 'Frontend' }],
      // Zulip 12 keeps an archived channel's members, and the dialog says so.
      archiveKeepsMembers: true,
    });

    // Who may post goes as can_send_message_group, from the value the form showed.
    await service.changeStreamAdminSettings({
      streamId: double.streams.denmark,
      patch: { postPolicy: 4, description: 'Elsinore' },
    });
    const denmark = () => double.org.streams.get(double.streams.denmark);
    expect(denmark()).toMatchObject({
      can_send_message_group: double.groups.moderators,
      description: 'Elsinore',
    });
    await eventually('the settings follow the stream events', async () =>
      (await service.getStreamAdminSettings({ streamId: double.streams.denmark })).postPolicy === 4
        ? true
        : undefined,
    );
  });

  it('shows a group no posting policy names as it is', async () => {
    const { service } = await signedIn(double.users.admin);
    await setChannel(double.streams.scotland, 'can_send_message_group', double.groups.movers);
    await eventually('the settings show the group', async () => {
      const settings = await service.getStreamAdminSettings({ streamId: double.streams.scotland });
      return settings.postPolicy === null && settings.postCustom === 'movers' ? true : undefined;
    });
    await setChannel(double.streams.scotland, 'can_send_message_group', {
      direct_members: [double.users.member2.id],
      direct_subgroups: [double.groups.moderators],
    });
    await eventually('the settings show the people and groups', async () => {
      const settings = await service.getStreamAdminSettings({ streamId: double.streams.scotland });
      return settings.postCustom === "Cordelia, Lear's daughter, Moderators" ? true : undefined;
    });
  });
});
