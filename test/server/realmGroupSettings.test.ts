import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { makeGroup } from '../helpers/userGroups';

// The system groups every Hearth organization has, by ID.
const owners = 1;
const administrators = 2;
const moderators = 3;
const members = 5;
const everyone = 6;
const internet = 7;

describe("the organization's group settings (Zulip 12's permissions)", () => {
  let org: Org;
  let admin: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    admin = await org.user('admin');
    carol = await org.user('carol');
    dave = await org.user('dave');
    guest = await org.user('guest');
    // The owner makes the channel: its maker would administer it, moves and all.
    await org.subscribe(org.owner, 'hall');
    await org.subscribe(carol, 'hall');
    await org.subscribe(dave, 'hall');
    await org.subscribe(guest, 'hall');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
    await org.api(org.owner)('PATCH', `/users/${guest.id}`, { role: 600 });
  });
  afterAll(() => org.close());

  const state = async (user: TestUser = carol) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['realm', 'realm_user'] }))
      .json as Record<string, unknown>;
  const groupSettingsOf = (registered: Record<string, unknown>) =>
    Object.entries(registered).filter(([key]) => key.endsWith('_group') || key.endsWith('_groups'));
  const patch = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('PATCH', '/realm', params);
  const deleteOwn = async (user: TestUser) => {
    const id = await org.sendStream(user, 'hall', 'deleting', 'mine');
    return org.api(user)('DELETE', `/messages/${id}`);
  };

  it("starts at Hearth's permissions, each a group, with the role policies 7.0 clients read", async () => {
    expect(await state()).toMatchObject({
      realm_can_move_messages_between_topics_group: everyone,
      realm_can_resolve_topics_group: everyone,
      realm_can_delete_own_message_group: administrators,
      realm_can_delete_any_message_group: administrators,
      realm_can_move_messages_between_channels_group: administrators,
      realm_can_invite_users_group: members,
      realm_create_multiuse_invite_group: administrators,
      realm_can_create_public_channel_group: members,
      realm_can_create_private_channel_group: members,
      realm_can_create_web_public_channel_group: owners,
      realm_can_add_subscribers_group: members,
      realm_can_create_groups: members,
      realm_can_manage_all_groups: members,
      realm_can_create_bots_group: members,
      realm_can_create_write_only_bots_group: members,
      realm_can_access_all_users_group: everyone,
      realm_direct_message_permission_group: everyone,
      realm_direct_message_initiator_group: everyone,
      realm_can_mention_many_users_group: everyone,
      realm_edit_topic_policy: 5,
      realm_delete_own_message_policy: 2,
      realm_move_messages_between_streams_policy: 2,
      realm_invite_to_realm_policy: 1,
      realm_bot_creation_policy: 1,
      realm_private_message_policy: 1,
      realm_wildcard_mention_policy: 1,
    });
  });

  it('says in server_supported_permission_settings what each setting may hold and starts at', async () => {
    const registered = await state();
    const supported = registered.server_supported_permission_settings as Record<
      'realm' | 'stream' | 'group',
      Record<string, Record<string, unknown>>
    >;
    // Every group setting register reports has its entry, and an entry has every field.
    const realmSettings = groupSettingsOf(registered).map(([key]) => key.replace(/^realm_/, ''));
    expect(Object.keys(supported.realm).sort()).toEqual(realmSettings.sort());
    for (const entry of Object.values(supported.realm)) {
      expect(Object.keys(entry).sort()).toEqual([
        'allow_everyone_group',
        'allow_internet_group',
        'allow_nobody_group',
        'allowed_system_groups',
        'default_for_system_groups',
        'default_group_name',
        'require_system_group',
      ]);
    }
    expect(supported.realm.can_add_subscribers_group).toMatchObject({
      allow_everyone_group: false,
      allow_nobody_group: true,
      default_group_name: 'role:members',
      default_for_system_groups: null,
      allowed_system_groups: [],
    });
    expect(supported.realm.can_create_web_public_channel_group).toMatchObject({
      require_system_group: true,
      default_group_name: 'role:owners',
      allowed_system_groups: [
        'role:moderators',
        'role:administrators',
        'role:owners',
        'role:nobody',
      ],
    });
    expect(supported.stream.can_administer_channel_group).toMatchObject({
      allow_everyone_group: false,
      default_group_name: 'channel_creator',
    });
    expect(supported.stream.can_send_message_group?.default_group_name).toBe('role:everyone');
    expect(supported.stream.can_subscribe_group?.default_group_name).toBe('role:nobody');
    expect(supported.group.can_manage_group).toMatchObject({
      default_group_name: 'group_creator',
      default_for_system_groups: 'role:nobody',
    });
    expect(supported.group.can_mention_group).toMatchObject({
      default_group_name: 'role:everyone',
      default_for_system_groups: 'role:everyone',
    });
  });

  it('takes a group, reports and announces it with the role policy it amounts to, and keeps it', async () => {
    const queueId = (await org.api(dave)('POST', '/register', { event_types: ['realm'] })).json
      .queue_id as string;
    const response = await patch(admin, {
      can_delete_own_message_group: { new: members, old: administrators },
    });
    expect(response.json).toEqual({
      result: 'success',
      msg: '',
      can_delete_own_message_group: members,
    });
    const events = (
      await org.api(dave)('GET', '/events', { queue_id: queueId, dont_block: true })
    ).json.events.map(({ id: _id, ...event }: Record<string, unknown>) => event);
    expect(events).toEqual([
      {
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { can_delete_own_message_group: members },
      },
      { type: 'realm', op: 'update', property: 'delete_own_message_policy', value: 1 },
    ]);
    expect((await deleteOwn(carol)).json.result).toBe('success');

    await org.restart();
    expect(await state()).toMatchObject({
      realm_can_delete_own_message_group: members,
      realm_delete_own_message_policy: 1,
    });
  });

  it('decides through groups nested inside groups, and through an anonymous group', async () => {
    const inner = await makeGroup(org, 'deleters-inner', [carol.id]);
    const middle = await makeGroup(org, 'deleters-middle', []);
    const outer = await makeGroup(org, 'deleters-outer', []);
    await org.api(org.owner)('POST', `/user_groups/${middle}/subgroups`, { add: [inner] });
    await org.api(org.owner)('POST', `/user_groups/${outer}/subgroups`, { add: [middle] });
    expect((await patch(admin, { can_delete_own_message_group: { new: outer } })).json.result).toBe(
      'success',
    );
    expect((await deleteOwn(carol)).json.result).toBe('success');
    const refused = await deleteOwn(dave);
    expect(refused.json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "You don't have permission to delete this message",
    });
    // No role policy says "this group": clients of 7.0 read the narrowest.
    expect((await state()).realm_delete_own_message_policy).toBe(2);

    const anonymous = { direct_members: [dave.id], direct_subgroups: [moderators] };
    const response = await patch(admin, { can_delete_own_message_group: { new: anonymous } });
    expect(response.json.can_delete_own_message_group).toEqual(anonymous);
    expect((await state()).realm_can_delete_own_message_group).toEqual(anonymous);
    expect((await deleteOwn(dave)).json.result).toBe('success');
    expect((await deleteOwn(carol)).json.result).toBe('error');
    expect((await deleteOwn(admin)).json.result).toBe('success');
  });

  it('keeps a setting guests may not hold from a guest, even one it names', async () => {
    await patch(org.owner, {
      can_add_subscribers_group: {
        new: { direct_members: [guest.id], direct_subgroups: [administrators] },
      },
    });
    const add = (user: TestUser) =>
      org.api(user)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'hall' }],
        principals: [carol.email],
      });
    expect((await add(guest)).json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Insufficient permission',
    });
    expect((await add(dave)).json).toMatchObject({ msg: 'Insufficient permission' });
    expect((await add(admin)).json.result).toBe('success');
    expect((await state(guest)).can_subscribe_other_users).toBe(false);
    expect((await state(admin)).can_subscribe_other_users).toBe(true);
  });

  it("refuses values Zulip refuses, with Zulip's words, and writes none of a refused request", async () => {
    const before = await state();
    const refusals: [Record<string, unknown>, string][] = [
      [{ can_create_groups: { new: 999 } }, 'Invalid user group'],
      [
        { can_create_groups: { new: { direct_members: [9999], direct_subgroups: [] } } },
        'Invalid user ID: 9999',
      ],
      [
        { can_create_groups: { new: { direct_members: [carol.id], direct_subgroups: [998] } } },
        'Invalid user group ID: 998',
      ],
      [
        { can_create_groups: { new: everyone } },
        "'can_create_groups' setting cannot be set to 'role:everyone' group.",
      ],
      [
        { can_mention_many_users_group: { new: internet } },
        "'can_mention_many_users_group' setting cannot be set to 'role:internet' group.",
      ],
      [
        { can_manage_all_groups: { new: { direct_members: [], direct_subgroups: [] } } },
        "'can_manage_all_groups' setting cannot be set to 'role:nobody' group.",
      ],
      [
        { can_access_all_users_group: { new: administrators } },
        "'can_access_all_users_group' setting cannot be set to 'role:administrators' group.",
      ],
      [
        {
          can_access_all_users_group: {
            new: { direct_members: [carol.id], direct_subgroups: [] },
          },
        },
        "'can_access_all_users_group' must be a system user group.",
      ],
      [
        { can_delete_any_message_group: { new: moderators, old: members } },
        "'old' value does not match the expected value.",
      ],
      // A good change beside a refused one is not written either.
      [
        {
          can_move_messages_between_topics_group: { new: moderators },
          can_resolve_topics_group: { new: 999 },
        },
        'Invalid user group',
      ],
    ];
    for (const [params, msg] of refusals) {
      const response = await patch(org.owner, params);
      expect(response.status, msg).toBe(400);
      expect(response.json, msg).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    const malformed = await patch(org.owner, { can_create_groups: '{"new": "members"}' });
    expect(malformed.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(groupSettingsOf(await state())).toEqual(groupSettingsOf(before));
  });

  it('leaves the settings Zulip keeps to owners to owners', async () => {
    for (const setting of [
      'can_create_groups',
      'can_manage_all_groups',
      'can_invite_users_group',
    ]) {
      const response = await patch(admin, { [setting]: { new: administrators } });
      expect(response.json, setting).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization owner',
      });
    }
    expect((await patch(org.owner, { can_create_groups: { new: moderators } })).json).toEqual({
      result: 'success',
      msg: '',
      can_create_groups: moderators,
    });
    const create = await org.api(carol)('POST', '/user_groups/create', {
      name: 'by-carol',
      description: '',
      members: [carol.id],
    });
    expect(create.json).toMatchObject({ msg: 'Insufficient permission' });
  });

  it('will not deactivate a group a setting names, itself or inside an anonymous group', async () => {
    const named = await makeGroup(org, 'mentioners', [carol.id]);
    const inside = await makeGroup(org, 'mentioners-too', [dave.id]);
    await patch(org.owner, {
      can_mention_many_users_group: { new: named },
      can_summarize_topics_group: {
        new: { direct_members: [carol.id], direct_subgroups: [inside] },
      },
    });
    for (const [groupId, setting] of [
      [named, 'can_mention_many_users_group'],
      [inside, 'can_summarize_topics_group'],
    ] as const) {
      const refused = await org.api(org.owner)('POST', `/user_groups/${groupId}/deactivate`);
      expect(refused.json).toEqual({
        result: 'error',
        code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
        msg: 'Cannot deactivate user group in use.',
        objections: [{ type: 'realm', settings: [setting] }],
      });
    }
    await patch(org.owner, { can_mention_many_users_group: { new: everyone } });
    expect((await org.api(org.owner)('POST', `/user_groups/${named}/deactivate`)).json.result).toBe(
      'success',
    );
  });

  it("still takes Zulip 7.0's role policies, setting the groups that replaced them", async () => {
    const response = await patch(admin, { edit_topic_policy: 4, bot_creation_policy: 2 });
    expect(response.json).toEqual({
      result: 'success',
      msg: '',
      edit_topic_policy: 4,
      bot_creation_policy: 2,
    });
    expect(await state()).toMatchObject({
      realm_edit_topic_policy: 4,
      realm_can_move_messages_between_topics_group: moderators,
      realm_can_resolve_topics_group: moderators,
      realm_bot_creation_policy: 2,
      realm_can_create_bots_group: administrators,
      realm_can_create_write_only_bots_group: members,
    });
    const id = await org.sendStream(carol, 'hall', 'old name', 'moving');
    const move = await org.api(carol)('PATCH', `/messages/${id}`, { topic: 'new name' });
    expect(move.json).toMatchObject({ msg: "You don't have permission to edit this message" });
  });
});
