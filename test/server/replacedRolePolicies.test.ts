import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { multipart, solidPng } from '../helpers/uploads';
import { makeGroup } from '../helpers/userGroups';

// The organization settings Zulip turned from role policies into group
// settings (feature levels 264, 266, 307, 310, 321 and 407) and the edit
// history's visibility policy that replaced allow_edit_history (358): each
// decides what the host lets people do, and the role policy or boolean a
// Zulip 7.0 client reads stays beside it, set by it and setting it.

const administrators = 2;
const moderators = 3;
const members = 5;

const basic = (user: TestUser) =>
  `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`;

describe('group settings in place of role policies', () => {
  let org: Org;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  let makersId: number;

  beforeAll(async () => {
    org = await startOrg();
    carol = await org.user('carol');
    dave = await org.user('dave');
    erin = await org.user('erin');
    makersId = await makeGroup(org, 'makers', [dave.id]);
    for (const user of [org.owner, carol, dave, erin]) {
      await org.subscribe(user, 'hall');
      await org.subscribe(user, 'yard');
    }
  });
  afterAll(() => org.close());

  const patch = (params: Record<string, unknown>) => org.api(org.owner)('PATCH', '/realm', params);
  const patchOk = async (params: Record<string, unknown>) => {
    const response = await patch(params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json as Record<string, unknown>;
  };
  const state = async (user: TestUser = carol) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['realm', 'realm_user'] }))
      .json as Record<string, unknown>;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (
      (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
        .events as Record<string, unknown>[]
    ).map(({ id: _id, ...event }) => event);
  const queueOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['realm'] })).json.queue_id as string;
  const create = (user: TestUser, name: string, inviteOnly: boolean) =>
    org.api(user)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name }],
      invite_only: inviteOnly,
    });
  const only = (...ids: number[]) => ({ new: { direct_members: ids, direct_subgroups: [] } });

  it('lets only can_create_public_channel_group and can_create_private_channel_group create channels (FL 264, 266)', async () => {
    await patchOk({
      can_create_public_channel_group: only(carol.id),
      can_create_private_channel_group: { new: makersId },
    });
    expect((await create(carol, 'carol public', false)).status).toBe(200);
    expect((await create(dave, 'dave private', true)).status).toBe(200);
    for (const [user, name, inviteOnly] of [
      [carol, 'carol private', true],
      [dave, 'dave public', false],
      [erin, 'erin public', false],
    ] as const) {
      const refused = await create(user, name, inviteOnly);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Insufficient permission',
      });
    }
    const streams = (await org.api(org.owner)('GET', '/streams')).json.streams as {
      name: string;
    }[];
    expect(streams.map((stream) => stream.name)).not.toContain('carol private');
    // A setting no role policy expresses reads as administrators only to Zulip 7.0's clients.
    expect(await state(dave)).toMatchObject({
      realm_can_create_public_channel_group: {
        direct_members: [carol.id],
        direct_subgroups: [],
      },
      realm_can_create_private_channel_group: makersId,
      realm_create_public_stream_policy: 2,
      realm_create_private_stream_policy: 2,
      can_create_public_streams: false,
      can_create_private_streams: true,
    });
  });

  it('keeps can_create_web_public_channel_group, but makes no web-public channel, as Zulip with them off', async () => {
    const refusal = {
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Web-public channels are not enabled.',
    };
    // Carol may make public channels (the test before gave her that), and no more.
    const made = await org.api(carol)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'open to the web' }],
      is_web_public: true,
    });
    expect(made.json).toEqual(refusal);
    const hallId = (await org.api(carol)('GET', '/get_stream_id', { stream: 'hall' })).json
      .stream_id as number;
    const changed = await org.api(org.owner)('PATCH', `/streams/${hallId}`, {
      is_web_public: true,
    });
    expect(changed.json).toEqual(refusal);
    const streams = (await org.api(org.owner)('GET', '/streams')).json.streams as {
      name: string;
      is_web_public: boolean;
    }[];
    expect(streams.map((stream) => stream.name)).not.toContain('open to the web');
    expect(streams.every((stream) => !stream.is_web_public)).toBe(true);
  });

  it("takes Zulip 7.0's channel-creation and emoji policies, setting the groups that replaced them", async () => {
    const queueId = await queueOf(erin);
    expect(
      await patchOk({
        create_public_stream_policy: 4,
        create_private_stream_policy: 1,
        create_web_public_stream_policy: 7,
        add_custom_emoji_policy: 2,
      }),
    ).toEqual({
      result: 'success',
      msg: '',
      create_public_stream_policy: 4,
      create_private_stream_policy: 1,
      add_custom_emoji_policy: 2,
    });
    expect(await state()).toMatchObject({
      realm_can_create_public_channel_group: moderators,
      realm_can_create_private_channel_group: members,
      realm_can_create_web_public_channel_group: 1,
      realm_can_add_custom_emoji_group: administrators,
      realm_create_public_stream_policy: 4,
      realm_create_private_stream_policy: 1,
      realm_create_web_public_stream_policy: 7,
      realm_add_custom_emoji_policy: 2,
    });
    // Each group is announced as Zulip 12 announces it, and each policy as 7.0 did.
    const events = await eventsOf(erin, queueId);
    expect(events).toContainEqual({
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { can_create_public_channel_group: moderators },
    });
    expect(events).toContainEqual({
      type: 'realm',
      op: 'update',
      property: 'create_public_stream_policy',
      value: 4,
    });
    expect(events).toContainEqual({
      type: 'realm',
      op: 'update',
      property: 'add_custom_emoji_policy',
      value: 2,
    });
    const refused = await patch({ create_web_public_stream_policy: 1 });
    expect(refused.status).toBe(400);
    expect(refused.json.var_name).toBe('create_web_public_stream_policy');
  });

  it('lets only can_add_custom_emoji_group add custom emoji (FL 307)', async () => {
    const upload = async (user: TestUser, name: string) => {
      const { body, type } = multipart([
        { filename: 'emoji.png', data: solidPng(16, [40, 160, 80]), type: 'image/png' },
      ]);
      const response = await fetch(`${org.url}/api/v1/realm/emoji/${name}`, {
        method: 'POST',
        headers: { Authorization: basic(user), 'Content-Type': type },
        body: new Uint8Array(body),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    await patchOk({ can_add_custom_emoji_group: { new: makersId } });
    expect((await upload(dave, 'dave_lamp')).status).toBe(200);
    const refused = await upload(carol, 'carol_lamp');
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(await state()).toMatchObject({
      realm_can_add_custom_emoji_group: makersId,
      realm_add_custom_emoji_policy: 2,
    });
  });

  it('lets only can_move_messages_between_channels_group move messages to another channel (FL 310)', async () => {
    await patchOk({ can_move_messages_between_channels_group: { new: makersId } });
    const yardId = (await org.api(carol)('GET', '/get_stream_id', { stream: 'yard' })).json
      .stream_id as number;
    const carols = await org.sendStream(carol, 'hall', 'moving', 'mine to move');
    const refused = await org.api(carol)('PATCH', `/messages/${carols}`, { stream_id: yardId });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ msg: "You don't have permission to move this message" });
    const daves = await org.sendStream(dave, 'hall', 'moving', 'also to move');
    const moved = await org.api(dave)('PATCH', `/messages/${daves}`, { stream_id: yardId });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(await state()).toMatchObject({
      realm_can_move_messages_between_channels_group: makersId,
      realm_move_messages_between_streams_policy: 2,
    });
  });

  it('keeps can_invite_users_group, and tells each person whether it names them (FL 321)', async () => {
    await patchOk({ can_invite_users_group: only(erin.id) });
    expect(await state(erin)).toMatchObject({
      realm_can_invite_users_group: { direct_members: [erin.id], direct_subgroups: [] },
      realm_invite_to_realm_policy: 2,
      can_invite_others_to_realm: true,
    });
    expect(await state(carol)).toMatchObject({ can_invite_others_to_realm: false });
    // As the setting it sets, 7.0's policy is for owners alone.
    const administrator = await org.user('ada');
    await org.api(org.owner)('PATCH', `/users/${administrator.id}`, { role: 200 });
    const refused = await org.api(administrator)('PATCH', '/realm', { invite_to_realm_policy: 4 });
    expect(refused.json).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
    await patchOk({ invite_to_realm_policy: 4 });
    expect(await state(carol)).toMatchObject({
      realm_can_invite_users_group: moderators,
      can_invite_others_to_realm: false,
    });
  });

  describe("a channel's deletion settings (FL 407)", () => {
    let hallId: number;
    const setOwnDeletion = (user: TestUser, value: unknown) =>
      org.api(user)('PATCH', `/streams/${hallId}`, {
        can_delete_own_message_group: { new: value },
      });

    beforeAll(async () => {
      hallId = (await org.api(carol)('GET', '/get_stream_id', { stream: 'hall' })).json
        .stream_id as number;
      // Carol administers the channel, but is not an organization administrator.
      await org.api(org.owner)('PATCH', `/streams/${hallId}`, {
        can_administer_channel_group: only(carol.id),
      });
    });

    it('are set only by administrators and can_set_delete_message_policy_group', async () => {
      await patchOk({ can_set_delete_message_policy_group: { new: administrators } });
      const refused = await setOwnDeletion(carol, members);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
      const channel = async () =>
        (await org.api(carol)('GET', `/streams/${hallId}`)).json.stream as Record<string, unknown>;
      expect((await channel())['can_delete_own_message_group']).not.toBe(members);

      await patchOk({ can_set_delete_message_policy_group: only(carol.id) });
      expect((await setOwnDeletion(carol, members)).status).toBe(200);
      expect((await channel())['can_delete_own_message_group']).toBe(members);

      // The organization's administrators set them whatever the setting says.
      await patchOk({ can_set_delete_message_policy_group: { new: moderators } });
      expect((await setOwnDeletion(org.owner, administrators)).status).toBe(200);
      expect((await channel())['can_delete_own_message_group']).toBe(administrators);
    });

    it('may be left at nobody by anyone creating a channel, and set only by those allowed', async () => {
      await patchOk({
        can_set_delete_message_policy_group: { new: administrators },
        can_create_public_channel_group: { new: members },
      });
      const made = (name: string, settings: Record<string, unknown>) =>
        org.api(erin)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name }],
          ...settings,
        });
      expect((await made('erin plain', {})).status).toBe(200);
      const refused = await made('erin deleting', { can_delete_any_message_group: members });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ msg: 'Insufficient permission' });
      const streams = (await org.api(org.owner)('GET', '/streams')).json.streams as {
        name: string;
      }[];
      expect(streams.map((stream) => stream.name)).not.toContain('erin deleting');
    });
  });

  it("lets administrators set a channel's topics policy whatever can_set_topics_policy_group says", async () => {
    await patchOk({ can_set_topics_policy_group: { new: moderators } });
    const ada = await org.user('ada');
    await org.api(org.owner)('PATCH', `/users/${ada.id}`, { role: 200 });
    const yardId = (await org.api(carol)('GET', '/get_stream_id', { stream: 'yard' })).json
      .stream_id as number;
    await org.api(org.owner)('PATCH', `/streams/${yardId}`, {
      can_administer_channel_group: only(carol.id, ada.id),
    });
    const set = (user: TestUser, policy: string) =>
      org.api(user)('PATCH', `/streams/${yardId}`, { topics_policy: policy });
    expect((await set(carol, 'disable_empty_topic')).json).toMatchObject({
      msg: 'Insufficient permission',
    });
    expect((await set(ada, 'disable_empty_topic')).json).toEqual({ result: 'success', msg: '' });
  });

  describe('who reads edit history (FL 358)', () => {
    it("takes message_edit_history_visibility_policy, announcing it and 7.0's allow_edit_history", async () => {
      const queueId = await queueOf(erin);
      expect(await patchOk({ message_edit_history_visibility_policy: 'moves' })).toEqual({
        result: 'success',
        msg: '',
        message_edit_history_visibility_policy: 'moves',
      });
      // "moves" still shows some history: 7.0's boolean stays true, and is not announced.
      const first = await eventsOf(erin, queueId);
      expect(first).toEqual([
        {
          type: 'realm',
          op: 'update',
          property: 'message_edit_history_visibility_policy',
          value: 'moves',
        },
      ]);
      expect(await patchOk({ message_edit_history_visibility_policy: 'none' })).toMatchObject({
        message_edit_history_visibility_policy: 'none',
      });
      expect((await eventsOf(erin, queueId)).slice(first.length)).toEqual([
        {
          type: 'realm',
          op: 'update',
          property: 'message_edit_history_visibility_policy',
          value: 'none',
        },
        { type: 'realm', op: 'update', property: 'allow_edit_history', value: false },
      ]);
      expect(await state(erin)).toMatchObject({
        realm_message_edit_history_visibility_policy: 'none',
        realm_allow_edit_history: false,
      });
    });

    it('refuses a value Zulip does not have, and a member', async () => {
      const refused = await patch({ message_edit_history_visibility_policy: 'some' });
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Invalid message_edit_history_visibility_policy',
      });
      const member = await org.api(carol)('PATCH', '/realm', {
        message_edit_history_visibility_policy: 'all',
      });
      expect(member.json).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
    });

    it("sets the policy from 7.0's allow_edit_history, and keeps it across a restart", async () => {
      expect(await patchOk({ allow_edit_history: true })).toEqual({
        result: 'success',
        msg: '',
        allow_edit_history: true,
      });
      expect(await state()).toMatchObject({
        realm_message_edit_history_visibility_policy: 'all',
        realm_allow_edit_history: true,
      });
      await patchOk({ message_edit_history_visibility_policy: 'moves' });
      await org.restart();
      expect(await state()).toMatchObject({
        realm_message_edit_history_visibility_policy: 'moves',
        realm_allow_edit_history: true,
      });
    });
  });

  it('tells clients that owners have no full content access (FL 438)', async () => {
    expect(await state()).toMatchObject({ realm_owner_full_content_access: false });
  });
});
