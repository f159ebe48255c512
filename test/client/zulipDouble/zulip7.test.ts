import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import { channelPermissionsOf, readerMay } from '../../../src-main/permissions/readerPermissions';
import { groupPermissionsOf } from '../../../src-main/permissions/groupPermissions';
import { registerResponseSchema } from '../../../src-main/wire';
import type { InitialState } from '../../../src-main/wire/registerState';
import { clientsOf, hearthCapabilities, type DoubleClients } from '../../helpers/doubleClients';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';

// Issue 52, point 7: the double answering as Zulip 7.0 (feature level 185)
// does, so that the client's answers to old servers stay tested once Hearth
// hosts speak Zulip 12. Each case is a change of the changelog after 185,
// seen from before it, through the Hearth client's own calls and schemas.
let double: ZulipDouble;
let clients: DoubleClients;
beforeEach(async () => {
  double = await startZulipDouble({ zulipVersion: '7.0', heartbeatMs: 2_000 });
  clients = clientsOf(double);
});
afterEach(() => double.close());

const stateOf = async (seat = double.users.member) =>
  registerResponseSchema.parse(await clients.stateOf(seat)) as InitialState &
    Record<string, unknown>;

describe('the Zulip 7.0 double', () => {
  it('calls itself Zulip 7.0 at feature level 185', async () => {
    const server = await probeServer(double.url);
    expect(server.featureLevel).toBe(185);
    const settings = await clients.raw(double.users.member)('GET', '/server_settings');
    expect(settings.json).toMatchObject({
      zulip_version: '7.0',
      zulip_merge_base: '7.0',
      zulip_feature_level: 185,
    });
    expect(settings.json).not.toHaveProperty('realm_url');
    expect(await stateOf()).toMatchObject({
      zulip_version: '7.0',
      zulip_merge_base: '7.0',
      zulip_feature_level: 185,
    });
  });

  it('registers role policies, not the group settings that replaced them', async () => {
    const state = await stateOf();
    expect(state).toMatchObject({
      realm_create_public_stream_policy: 1,
      realm_create_private_stream_policy: 1,
      realm_invite_to_stream_policy: 1,
      realm_invite_to_realm_policy: 1,
      realm_wildcard_mention_policy: 5,
      realm_edit_topic_policy: 4,
      realm_move_messages_between_streams_policy: 4,
      realm_delete_own_message_policy: 5,
      realm_user_group_edit_policy: 1,
      realm_private_message_policy: 1,
      realm_add_custom_emoji_policy: 1,
      realm_bot_creation_policy: 1,
      realm_allow_edit_history: true,
      realm_mandatory_topics: false,
      realm_notifications_stream_id: expect.any(Number),
    });
    const later = Object.keys(state).filter(
      (key) =>
        (/^realm_.*_groups?$/.test(key) &&
          !['realm_user_groups', 'realm_default_stream_groups'].includes(key)) ||
        [
          'realm_empty_topic_display_name',
          'realm_topics_policy',
          'realm_url',
          'realm_new_stream_announcements_stream_id',
          'realm_message_edit_history_visibility_policy',
          'channel_folders',
          'presence_last_update_id',
        ].includes(key),
    );
    expect(later).toEqual([]);
  });

  it('gives channels, subscriptions, users, groups and settings in 7.0’s shape', async () => {
    const state = await stateOf();
    const denmark = state.subscriptions?.find((sub) => sub.stream_id === double.streams.denmark);
    expect(denmark).toMatchObject({ stream_post_policy: 1, is_announcement_only: false });
    expect(denmark).toHaveProperty('email_address');
    for (const later of ['is_archived', 'folder_id', 'topics_policy', 'subscriber_count']) {
      expect(denmark).not.toHaveProperty(later);
    }
    expect(Object.keys(denmark ?? {}).filter((key) => key.endsWith('_group'))).toEqual([]);
    // 7.0 had no archived channels: Rome is nowhere.
    expect(state.streams?.map((stream) => stream.name)).not.toContain('Rome');
    const hamlet = state.realm_users?.find((user) => user.user_id === double.users.member.id);
    expect(hamlet).toMatchObject({ is_billing_admin: false });
    expect(hamlet).not.toHaveProperty('is_imported_stub');
    const movers = state.realm_user_groups?.find((group) => group.name === 'movers');
    expect(Object.keys(movers ?? {}).sort()).toEqual([
      'description',
      'direct_subgroup_ids',
      'id',
      'is_system_group',
      'members',
      'name',
    ]);
    expect(state.user_settings).toMatchObject({ dense_mode: true, default_view: 'recent_topics' });
    expect(state.user_settings).not.toHaveProperty('web_home_view');
  });

  it('decides the reader’s permissions by role, as the role policies say, live', async () => {
    const member = clients.apiFor(double.users.member);
    const registered = await member.register();
    const state = registerResponseSchema.parse(await clients.stateOf(double.users.member));
    expect(readerMay(state)).toMatchObject({
      editTopic: false,
      moveBetweenChannels: false,
      deleteOwn: true,
      createPublicChannel: true,
      mentionMany: false,
    });
    expect(readerMay(await stateOf(double.users.moderator)).editTopic).toBe(true);
    await clients.asAdmin('PATCH', 'realm', { edit_topic_policy: 5, delete_own_message_policy: 2 });
    const events = await member.getEvents({
      queueId: registered.queue_id,
      lastEventId: registered.last_event_id,
      dontBlock: true,
    });
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'realm',
          op: 'update',
          property: 'edit_topic_policy',
          value: 5,
        }),
        expect.objectContaining({
          type: 'realm',
          op: 'update',
          property: 'delete_own_message_policy',
          value: 2,
        }),
      ]),
    );
    expect(readerMay(await stateOf())).toMatchObject({ editTopic: true, deleteOwn: false });
    await expect(clients.asAdmin('PATCH', 'realm', { edit_topic_policy: 9 })).rejects.toMatchObject(
      {
        status: 400,
        message: 'Invalid edit_topic_policy',
      },
    );
  });

  it('refuses an empty topic in Zulip 7’s words, sending and editing', async () => {
    const hamlet = clients.apiFor(double.users.member);
    const refusal = { status: 400, code: 'BAD_REQUEST', message: "Topic can't be empty!" };
    await expect(
      hamlet.sendMessage({ to: { streamId: double.streams.denmark, topic: '  ' }, content: 'hi' }),
    ).rejects.toMatchObject(refusal);
    const id = await hamlet.sendMessage({
      to: { streamId: double.streams.denmark, topic: 'plays' },
      content: 'To be',
    });
    const edit = await clients.raw(double.users.member)('PATCH', `/messages/${id}`, { topic: '' });
    expect(edit.json).toMatchObject({ result: 'error', msg: "Topic can't be empty!" });
  });

  it('says "stream" in its refusals, as Zulip did before 9.0', async () => {
    await expect(
      clients.apiFor(double.users.member).sendMessage({
        to: { streamId: 999, topic: 'plays' },
        content: 'To be',
      }),
    ).rejects.toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      message: "Stream with ID '999' does not exist",
    });
  });

  it('takes the stream narrow operator, and refuses channel and with as unknown', async () => {
    const hamlet = clients.apiFor(double.users.member);
    const id = await hamlet.sendMessage({
      to: { streamId: double.streams.denmark, topic: 'plays' },
      content: 'To be',
    });
    const newest = await hamlet.getNewestMessages(
      [{ operator: 'stream', operand: double.streams.denmark }],
      1,
    );
    expect(newest.map((message) => message.id)).toEqual([id]);
    await expect(
      hamlet.getNewestMessages([{ operator: 'channel', operand: double.streams.denmark }], 1),
    ).rejects.toMatchObject({ status: 400, code: 'BAD_NARROW' });
  });

  it('takes typing in a channel as `to`, says `private` for direct messages, and tells a channel’s typing only to clients that ask', async () => {
    const asking = await clients.listen(double.users.member2, {
      ...hearthCapabilities,
      stream_typing_notifications: true,
    });
    const notAsking = await clients.listen(double.users.member2, hearthCapabilities);
    const hamlet = clients.apiFor(double.users.member);
    await hamlet.setTyping('start', {
      kind: 'stream',
      streamId: double.streams.denmark,
      topic: 'plays',
    });
    await hamlet.setTyping('start', { kind: 'private', userIds: [double.users.member2.id] });
    expect(await asking.drain()).toEqual([
      expect.objectContaining({ message_type: 'stream', stream_id: double.streams.denmark }),
      expect.objectContaining({ message_type: 'private' }),
    ]);
    expect(await notAsking.drain()).toEqual([expect.objectContaining({ message_type: 'private' })]);
  });

  it('posts by a channel’s stream_post_policy, announced as 7.0 announces it', async () => {
    const listener = await clients.listen(double.users.member);
    await clients
      .apiFor(double.users.admin)
      .updateStream(double.streams.denmark, { stream_post_policy: 2 });
    expect(await listener.drain()).toEqual([
      expect.objectContaining({ property: 'stream_post_policy', value: 2 }),
      expect.objectContaining({ property: 'is_announcement_only', value: true }),
    ]);
    const state = await stateOf();
    expect(channelPermissionsOf(state)(double.streams.denmark).send).toBe(false);
    await expect(
      clients.apiFor(double.users.member).sendMessage({
        to: { streamId: double.streams.denmark, topic: 'plays' },
        content: 'To be',
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('keeps a code playground as a URL prefix', async () => {
    const admin = clients.apiFor(double.users.admin);
    await admin.addPlayground({
      name: 'Python',
      pygmentsLanguage: 'python',
      urlTemplate: 'https://python.example/?code={code}',
    });
    const state = await stateOf();
    expect(state.realm_playgrounds).toEqual([
      expect.objectContaining({ url_prefix: 'https://python.example/?code=' }),
    ]);
    const templated = await clients.raw(double.users.admin)('POST', '/realm/playgrounds', {
      name: 'Rust',
      pygments_language: 'rust',
      url_template: 'https://rust.example/{code}',
    });
    expect(templated.json).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'url_prefix',
    });
  });

  it('deletes a user group, and lets a member change only groups they are in', async () => {
    const listener = await clients.listen(double.users.member2);
    const cordelia = clients.apiFor(double.users.member2);
    await expect(
      cordelia.updateUserGroup(double.groups.hamletCharacters, { description: 'mine' }),
    ).rejects.toMatchObject({ status: 400, message: 'Insufficient permission' });
    // The client offers what Hearth hosts at 185 accept, which is more than 7.0 did.
    const offered = groupPermissionsOf(await stateOf(double.users.member2));
    expect(offered({ id: double.groups.hamletCharacters, is_system_group: false }).manage).toBe(
      true,
    );
    await clients.apiFor(double.users.moderator).deleteUserGroup(double.groups.movers);
    expect(await listener.drain()).toContainEqual(
      expect.objectContaining({ type: 'user_group', op: 'remove', group_id: double.groups.movers }),
    );
    const deactivate = await clients.raw(double.users.admin)(
      'POST',
      `/user_groups/${double.groups.hamletCharacters}/deactivate`,
    );
    expect(deactivate.status).toBe(404);
  });

  it('announces a deactivated user as removed, and a reactivated one as added', async () => {
    const listener = await clients.listen(double.users.member);
    const { member2 } = double.users;
    await clients.asAdmin('DELETE', `users/${member2.id}`);
    expect(await listener.drain()).toContainEqual({
      id: expect.any(Number),
      type: 'realm_user',
      op: 'remove',
      person: { user_id: member2.id, full_name: member2.fullName },
    });
    await clients.asAdmin('POST', `users/${member2.id}/reactivate`);
    expect(await listener.drain()).toContainEqual(
      expect.objectContaining({
        type: 'realm_user',
        op: 'add',
        person: expect.objectContaining({ user_id: member2.id, is_active: true }),
      }),
    );
  });

  it('names the reacting user in reactions, and answers without later fields', async () => {
    const listener = await clients.listen(double.users.member2);
    const hamlet = clients.raw(double.users.member);
    const sent = await hamlet('POST', '/messages', {
      type: 'stream',
      to: String(double.streams.denmark),
      topic: 'plays',
      content: 'To be',
    });
    expect(sent.json).not.toHaveProperty('automatic_new_visibility_policy');
    const id = Number(sent.json.id);
    await hamlet('POST', `/messages/${id}/reactions`, { emoji_name: 'smile' });
    const reaction = (await listener.drain()).find((event) => event.type === 'reaction');
    expect(reaction).toMatchObject({
      user_id: double.users.member.id,
      user: { id: double.users.member.id, full_name: double.users.member.fullName },
    });
    const read = await hamlet('POST', '/mark_all_as_read');
    expect(read.json).not.toHaveProperty('complete');
    const followed = await hamlet('POST', '/user_topics', {
      stream_id: String(double.streams.denmark),
      topic: 'plays',
      visibility_policy: '3',
    });
    expect(followed.status).toBe(400);
  });

  it('strips the capabilities 7.0 does not know from register', async () => {
    const listener = await clients.listen(double.users.member, hearthCapabilities);
    expect(listener.state).not.toHaveProperty('realm_empty_topic_display_name');
    const subscribed = await clients.raw(double.users.admin)('POST', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: 'Denmark' }]),
      principals: JSON.stringify([double.users.guest.id]),
    });
    expect(subscribed.json).toMatchObject({
      already_subscribed: { [double.users.guest.email]: ['Denmark'] },
    });
  });
});
