import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../src-main/reducer/applyEvent';
import type { InitialState } from '../../src-main/wire/registerState';
import {
  channelPermissionsOf,
  directMessageRefusalOf,
  mayMentionTopic,
  readerMay,
} from '../../src-main/permissions/readerPermissions';
import type { QueuedEvent, Subscription, UserGroup } from '../../src-main/wire';
import {
  admin,
  alice,
  bob,
  groupIds,
  guest,
  moderator,
  owner,
  roles,
  systemGroups,
  userGroup,
} from './modernOrganization';

// The test organization on a Zulip 12 server (feature level 440), with
// gardeners (Bob) inside outdoors: a group of people, inside a group of groups.
const groups = groupIds;
const group = userGroup;
const userGroups: UserGroup[] = [
  ...systemGroups(),
  group(10, 'gardeners', [bob], []),
  group(11, 'outdoors', [], [10]),
];

function modern(userId: number, settings: Record<string, unknown> = {}): InitialState {
  return {
    zulip_feature_level: 440,
    user_id: userId,
    ...roles[userId],
    realm_user_groups: userGroups,
    realm_allow_message_editing: true,
    realm_can_move_messages_between_channels_group: groups.members,
    realm_can_move_messages_between_topics_group: groups.everyone,
    realm_can_resolve_topics_group: groups.everyone,
    realm_can_delete_any_message_group: groups.administrators,
    realm_can_delete_own_message_group: groups.everyone,
    realm_can_create_public_channel_group: groups.members,
    realm_can_create_private_channel_group: groups.members,
    realm_can_invite_users_group: groups.members,
    realm_create_multiuse_invite_group: groups.administrators,
    realm_can_add_custom_emoji_group: groups.members,
    realm_can_mention_many_users_group: groups.administrators,
    realm_direct_message_permission_group: groups.everyone,
    realm_direct_message_initiator_group: groups.everyone,
    realm_can_create_groups: groups.members,
    realm_can_manage_all_groups: groups.owners,
    realm_can_create_bots_group: groups.moderators,
    realm_can_create_write_only_bots_group: groups.members,
    realm_message_edit_history_visibility_policy: 'all',
    ...settings,
  };
}

const who = (settings: Record<string, unknown>, action: keyof ReturnType<typeof readerMay>) =>
  [owner, admin, moderator, alice, bob, guest].filter(
    (userId) => readerMay(modern(userId, settings))[action] === true,
  );

describe('what the reader may do, read from group settings', () => {
  it('resolves a system group through the roles nested inside it', () => {
    const setting = { realm_can_move_messages_between_channels_group: groups.moderators };
    expect(who(setting, 'moveBetweenChannels')).toEqual([owner, admin, moderator]);
  });

  it('resolves a user-defined group through the groups nested inside it', () => {
    const setting = { realm_can_move_messages_between_channels_group: groups.outdoors };
    expect(who(setting, 'moveBetweenChannels')).toEqual([bob]);
  });

  it('resolves an anonymous group of people and groups', () => {
    const setting = {
      realm_can_move_messages_between_channels_group: {
        direct_members: [alice],
        direct_subgroups: [groups.administrators],
      },
    };
    expect(who(setting, 'moveBetweenChannels')).toEqual([owner, admin, alice]);
  });

  it('never lets a guest hold a setting that may not name everyone', () => {
    const everyone = { realm_can_move_messages_between_channels_group: groups.everyone };
    expect(who(everyone, 'moveBetweenChannels')).toEqual([owner, admin, moderator, alice, bob]);
    // Moving between topics may name everyone, guests included.
    expect(who({}, 'editTopic')).toEqual([owner, admin, moderator, alice, bob, guest]);
    const named = {
      realm_can_add_custom_emoji_group: { direct_members: [guest], direct_subgroups: [] },
    };
    expect(who(named, 'addCustomEmoji')).toEqual([]);
  });

  it('takes the server’s own word on which settings guests may hold', () => {
    const supported = {
      server_supported_permission_settings: {
        realm: { can_move_messages_between_channels_group: { allow_everyone_group: true } },
        stream: {},
        group: {},
      },
      realm_can_move_messages_between_channels_group: groups.everyone,
    };
    expect(who(supported, 'moveBetweenChannels')).toContain(guest);
  });

  it('reads every action the window offers from its own setting', () => {
    expect(readerMay(modern(alice))).toEqual({
      editContent: true,
      editTopic: true,
      moveBetweenChannels: true,
      resolveTopic: true,
      deleteAny: false,
      deleteOwn: true,
      createPublicChannel: true,
      createPrivateChannel: true,
      invite: true,
      createInviteLink: false,
      addCustomEmoji: true,
      mentionMany: false,
      sendDirectMessage: true,
      startDirectMessage: true,
      createGroups: true,
      manageAllGroups: false,
      createBots: false,
      createWriteOnlyBots: true,
      // Outgoing webhook bots need the group that may create any bot.
      createOutgoingWebhookBots: false,
      editHistory: 'all',
      deleteTopics: false,
      manageLinkifiers: false,
      setChannelDeletion: false,
    });
    const nobody = Object.fromEntries(
      Object.keys(modern(alice))
        .filter(
          (key) => key !== 'realm_user_groups' && key.startsWith('realm_') && /_groups?$/.test(key),
        )
        .map((key) => [key, groups.nobody]),
    );
    // Deleting a topic and managing linkifiers go with the role at every level, no group
    // setting; administrators set a channel's deletion permissions whatever the setting says.
    const {
      editContent,
      editHistory,
      deleteTopics,
      manageLinkifiers,
      setChannelDeletion,
      ...grants
    } = readerMay(modern(owner, nobody));
    expect([editContent, editHistory, deleteTopics, manageLinkifiers, setChannelDeletion]).toEqual([
      true,
      'all',
      true,
      true,
      true,
    ]);
    expect(Object.values(grants).every((granted) => !granted)).toBe(true);
  });

  it('falls back on the default group where a modern server leaves a setting out', () => {
    const state = modern(alice);
    delete state['realm_can_delete_any_message_group'];
    delete state['realm_can_move_messages_between_channels_group'];
    expect(readerMay(state)).toMatchObject({ deleteAny: false, moveBetweenChannels: true });
    expect(readerMay({ ...state, ...roles[admin], user_id: admin }).deleteAny).toBe(true);
  });

  it('walks a loop of subgroups once', () => {
    const looped = [
      ...userGroups.filter((g) => g.id < 10),
      group(10, 'a', [], [11]),
      group(11, 'b', [], [10]),
    ];
    const state = modern(alice, {
      realm_user_groups: looped,
      realm_can_move_messages_between_channels_group: 10,
    });
    expect(readerMay(state).moveBetweenChannels).toBe(false);
  });

  it('reads the edit history visibility of Zulip 10', () => {
    const moves = modern(alice, { realm_message_edit_history_visibility_policy: 'moves' });
    expect(readerMay(moves).editHistory).toBe('moves');
  });
});

describe('what the reader may do, below the feature level of each group setting', () => {
  // A Zulip 9 server (feature level 300): channel creation is a group
  // setting, moving and deleting are still role policies.
  const zulip9 = (userId: number, settings: Record<string, unknown> = {}) =>
    modern(userId, {
      zulip_feature_level: 300,
      realm_edit_topic_policy: 4,
      realm_move_messages_between_streams_policy: 1,
      realm_delete_own_message_policy: 2,
      realm_invite_to_realm_policy: 2,
      realm_add_custom_emoji_policy: 1,
      realm_wildcard_mention_policy: 1,
      realm_allow_edit_history: false,
      ...settings,
    });

  it('reads the role policies the server still sends, not the groups it does not yet decide by', () => {
    expect(readerMay(zulip9(alice))).toMatchObject({
      editTopic: false,
      resolveTopic: false,
      moveBetweenChannels: true,
      invite: false,
      addCustomEmoji: true,
      mentionMany: true,
      editHistory: 'none',
      // Group settings since 264, 281 and 291: read as groups here.
      createPublicChannel: true,
      deleteAny: false,
      deleteOwn: true,
    });
    expect(readerMay(zulip9(moderator))).toMatchObject({ editTopic: true, resolveTopic: true });
    expect(readerMay(zulip9(guest))).toMatchObject({
      moveBetweenChannels: false,
      addCustomEmoji: false,
    });
  });

  it('reads a Hearth host’s state, which says feature level 185 or nothing, by role policies alone', () => {
    const hearth: InitialState = {
      zulip_feature_level: 185,
      user_id: alice,
      realm_user_groups: userGroups,
      realm_can_move_messages_between_channels_group: groups.everyone,
      realm_move_messages_between_streams_policy: 2,
      realm_private_message_policy: 2,
      realm_user_group_edit_policy: 2,
      realm_bot_creation_policy: 2,
    };
    expect(readerMay(hearth)).toMatchObject({
      moveBetweenChannels: false,
      sendDirectMessage: false,
      startDirectMessage: false,
      createInviteLink: false,
      createGroups: false,
      manageAllGroups: false,
      createBots: false,
      createWriteOnlyBots: true,
    });
    expect(readerMay({ ...hearth, is_admin: true })).toMatchObject({
      createGroups: true,
      manageAllGroups: true,
      createBots: true,
    });
    const saved = { ...hearth };
    delete saved['zulip_feature_level'];
    expect(readerMay(saved).moveBetweenChannels).toBe(false);
  });
});

describe('what the reader may do follows the events that change it', () => {
  const apply = (state: InitialState, event: Record<string, unknown>) =>
    applyEvent(state, { id: 1, ...event } as QueuedEvent);

  it('changes with a realm setting and with a group’s members, without registering again', () => {
    let state = modern(alice);
    expect(readerMay(state).moveBetweenChannels).toBe(true);
    state = apply(state, {
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { can_move_messages_between_channels_group: groups.gardeners },
    });
    expect(readerMay(state).moveBetweenChannels).toBe(false);
    state = apply(state, {
      type: 'user_group',
      op: 'add_members',
      group_id: groups.gardeners,
      user_ids: [alice],
    });
    expect(readerMay(state).moveBetweenChannels).toBe(true);
    state = apply(state, {
      type: 'user_group',
      op: 'remove_members',
      group_id: groups.gardeners,
      user_ids: [alice],
    });
    expect(readerMay(state).moveBetweenChannels).toBe(false);
  });

  it('changes with a channel’s own setting', () => {
    let state = modern(alice, {
      realm_can_move_messages_between_channels_group: groups.nobody,
      subscriptions: [
        { stream_id: 20, name: 'garden', can_move_messages_out_of_channel_group: groups.nobody },
      ],
    });
    expect(channelPermissionsOf(state)(20).moveOut).toBe(false);
    state = apply(state, {
      type: 'stream',
      op: 'update',
      stream_id: 20,
      name: 'garden',
      property: 'can_move_messages_out_of_channel_group',
      value: { direct_members: [alice], direct_subgroups: [] },
    });
    expect(channelPermissionsOf(state)(20).moveOut).toBe(true);
  });

  it('changes when a group is put inside the group a setting names', () => {
    let state = modern(bob, { realm_can_delete_any_message_group: groups.moderators });
    expect(readerMay(state).deleteAny).toBe(false);
    state = apply(state, {
      type: 'user_group',
      op: 'add_subgroups',
      group_id: groups.moderators,
      direct_subgroup_ids: [groups.gardeners],
    });
    expect(readerMay(state).deleteAny).toBe(true);
  });
});

describe('what the reader may do in one channel', () => {
  const garden = (settings: Record<string, unknown>) =>
    ({ stream_id: 20, name: 'garden', ...settings }) as unknown as Subscription;

  const inGarden = (userId: number, channel: Record<string, unknown>, level = 440) =>
    channelPermissionsOf(
      modern(userId, {
        zulip_feature_level: level,
        realm_can_move_messages_between_channels_group: groups.administrators,
        realm_can_move_messages_between_topics_group: groups.moderators,
        realm_can_resolve_topics_group: groups.moderators,
        realm_can_delete_own_message_group: groups.nobody,
        subscriptions: [garden(channel)],
      }),
    )(20);

  it('adds the channel’s own grants to the organization’s', () => {
    const channel = {
      can_move_messages_out_of_channel_group: { direct_members: [alice], direct_subgroups: [] },
      can_move_messages_within_channel_group: groups.gardeners,
      can_resolve_topics_group: groups.outdoors,
      can_delete_own_message_group: groups.members,
      can_administer_channel_group: { direct_members: [], direct_subgroups: [] },
    };
    expect(inGarden(alice, channel)).toMatchObject({
      moveOut: true,
      editTopic: false,
      resolveTopic: false,
      deleteOwn: true,
    });
    expect(inGarden(bob, channel)).toMatchObject({
      moveOut: false,
      editTopic: true,
      resolveTopic: true,
      deleteOwn: true,
    });
    expect(inGarden(moderator, channel)).toMatchObject({ editTopic: true, moveOut: false });
  });

  it('lets whoever administers the channel move its messages', () => {
    const channel = {
      can_administer_channel_group: { direct_members: [alice], direct_subgroups: [] },
    };
    expect(inGarden(alice, channel)).toMatchObject({
      administer: true,
      moveOut: true,
      editTopic: true,
    });
    expect(inGarden(bob, channel)).toMatchObject({ administer: false, moveOut: false });
  });

  it('ignores channel settings the server does not decide by yet', () => {
    const channel = { can_move_messages_out_of_channel_group: groups.members };
    expect(inGarden(alice, channel, 440).moveOut).toBe(true);
    expect(inGarden(alice, channel, 395).moveOut).toBe(false);
  });

  it('reads who may send from the channel’s group, or its post policy before one', () => {
    const moderatorsOnly = { can_send_message_group: groups.moderators };
    expect(inGarden(alice, moderatorsOnly).send).toBe(false);
    expect(inGarden(moderator, moderatorsOnly).send).toBe(true);
    expect(inGarden(alice, { stream_post_policy: 2 }, 300).send).toBe(false);
    expect(inGarden(admin, { stream_post_policy: 2 }, 300).send).toBe(true);
  });

  it('grants nothing in an archived channel but administering it, to unarchive it', () => {
    const archived = {
      is_archived: true,
      can_move_messages_out_of_channel_group: groups.members,
      can_delete_own_message_group: groups.members,
    };
    expect(inGarden(admin, archived)).toEqual({
      administer: true,
      editTopic: false,
      moveOut: false,
      resolveTopic: false,
      deleteAny: false,
      deleteOwn: false,
      send: false,
      createTopic: false,
      mentionChannel: false,
    });
    expect(inGarden(alice, archived)).toMatchObject({ administer: false, moveOut: false });
    expect(inGarden(alice, { ...archived, is_archived: false })).toMatchObject({
      moveOut: true,
      deleteOwn: true,
    });
  });
});

// Who each kind of group-setting value names: a system group, a
// user-defined group nested in another, and people and groups named together.
const kinds = [
  ['the moderators’ system group', groups.moderators, [owner, admin, moderator]],
  ['a group holding a group of people', groups.outdoors, [bob]],
  [
    'an anonymous group',
    { direct_members: [alice], direct_subgroups: [groups.administrators] },
    [owner, admin, alice],
  ],
] as const;

describe('every action, against each kind of group setting', () => {
  // Each action the window offers, and the realm setting that grants it.
  const actions = [
    ['editTopic', 'realm_can_move_messages_between_topics_group'],
    ['moveBetweenChannels', 'realm_can_move_messages_between_channels_group'],
    ['resolveTopic', 'realm_can_resolve_topics_group'],
    ['deleteAny', 'realm_can_delete_any_message_group'],
    ['deleteOwn', 'realm_can_delete_own_message_group'],
    ['createPublicChannel', 'realm_can_create_public_channel_group'],
    ['createPrivateChannel', 'realm_can_create_private_channel_group'],
    ['invite', 'realm_can_invite_users_group'],
    ['createInviteLink', 'realm_create_multiuse_invite_group'],
    ['addCustomEmoji', 'realm_can_add_custom_emoji_group'],
    ['mentionMany', 'realm_can_mention_many_users_group'],
    ['sendDirectMessage', 'realm_direct_message_permission_group'],
    ['startDirectMessage', 'realm_direct_message_initiator_group'],
    ['createGroups', 'realm_can_create_groups'],
    ['manageAllGroups', 'realm_can_manage_all_groups'],
    ['createBots', 'realm_can_create_bots_group'],
    ['createWriteOnlyBots', 'realm_can_create_write_only_bots_group'],
  ] as const;

  const cases = actions.flatMap(([action, setting]) =>
    kinds.map(([kind, value, allowed]) => ({ action, setting, kind, value, allowed })),
  );

  it.each(cases)('$action ($setting) as $kind', ({ action, setting, value, allowed }) => {
    expect(who({ [setting]: value }, action)).toEqual(allowed);
  });
});

describe('every channel action, against each kind of group setting', () => {
  // Each action of a channel, and the channel setting that grants it. The
  // organization grants none of them here, so only the channel's setting
  // (and, where Zulip says so, administering the organization) can.
  const actions = [
    ['administer', 'can_administer_channel_group', [owner, admin]],
    ['editTopic', 'can_move_messages_within_channel_group', [owner, admin]],
    ['moveOut', 'can_move_messages_out_of_channel_group', [owner, admin]],
    ['resolveTopic', 'can_resolve_topics_group', []],
    ['deleteAny', 'can_delete_any_message_group', []],
    ['deleteOwn', 'can_delete_own_message_group', []],
    ['send', 'can_send_message_group', []],
    ['createTopic', 'can_create_topic_group', []],
  ] as const;
  const granted = {
    // can_create_topic_group came with level 441.
    zulip_feature_level: 477,
    realm_can_move_messages_between_channels_group: groups.nobody,
    realm_can_move_messages_between_topics_group: groups.nobody,
    realm_can_resolve_topics_group: groups.nobody,
    realm_can_delete_any_message_group: groups.nobody,
    realm_can_delete_own_message_group: groups.nobody,
  };
  // The channel names nobody for every setting but the one under test.
  const channelWith = (setting: string, value: unknown) => ({
    stream_id: 20,
    name: 'garden',
    ...Object.fromEntries(actions.map(([, name]) => [name, groups.nobody])),
    [setting]: value,
  });

  const cases = actions.flatMap(([action, setting, always]) =>
    kinds.map(([kind, value, allowed]) => ({
      action,
      setting,
      kind,
      value,
      allowed: [owner, admin, moderator, alice, bob, guest].filter(
        (userId) =>
          (allowed as readonly number[]).includes(userId) ||
          (always as readonly number[]).includes(userId),
      ),
    })),
  );

  it.each(cases)('$action ($setting) as $kind', ({ action, setting, value, allowed }) => {
    const mayIn = (userId: number) =>
      channelPermissionsOf(
        modern(userId, { ...granted, subscriptions: [channelWith(setting, value)] }),
      )(20)[action];
    expect([owner, admin, moderator, alice, bob, guest].filter(mayIn)).toEqual(allowed);
  });
});

describe('starting topics, and wildcard mentions, in one channel', () => {
  const inGarden = (userId: number, channel: Record<string, unknown>, settings = {}) =>
    channelPermissionsOf(
      modern(userId, {
        ...settings,
        subscriptions: [{ stream_id: 20, name: 'garden', ...channel }],
      }),
    )(20);

  it('lets everyone start topics where the server has no such setting, or the channel does not say', () => {
    const members = { can_create_topic_group: groups.members };
    const zulip12 = { zulip_feature_level: 477 };
    expect(inGarden(guest, members, zulip12).createTopic).toBe(false);
    expect(inGarden(alice, members, zulip12).createTopic).toBe(true);
    expect(inGarden(guest, {}, zulip12).createTopic).toBe(true);
    // Before level 441, whoever may post may start topics.
    expect(inGarden(guest, members, { zulip_feature_level: 440 }).createTopic).toBe(true);
  });

  it('restricts mentions of the whole channel to can_mention_many_users_group beyond 15 subscribers', () => {
    expect(inGarden(alice, { subscriber_count: 15 }).mentionChannel).toBe(true);
    expect(inGarden(alice, { subscriber_count: 16 }).mentionChannel).toBe(false);
    expect(inGarden(admin, { subscriber_count: 16 }).mentionChannel).toBe(true);
    expect(inGarden(alice, { subscribers: Array.from({ length: 16 }, (_, i) => i) })).toMatchObject(
      { mentionChannel: false },
    );
    // A channel whose size the state does not hold (a Hearth host, Zulip before 11) counts as small.
    expect(inGarden(alice, {}).mentionChannel).toBe(true);
    const anyone = { realm_can_mention_many_users_group: groups.everyone };
    expect(inGarden(guest, { subscriber_count: 400 }, anyone).mentionChannel).toBe(true);
  });

  it('restricts @topic to can_mention_many_users_group beyond 15 participants', () => {
    expect(mayMentionTopic(modern(alice), 15)).toBe(true);
    expect(mayMentionTopic(modern(alice), 16)).toBe(false);
    expect(mayMentionTopic(modern(admin), 16)).toBe(true);
  });
});

describe('direct messages, as Zulip’s server decides them', () => {
  const cordelia = 7;
  const robot = 9;
  const users = [
    { user_id: cordelia, full_name: 'Cordelia', is_bot: false },
    { user_id: robot, full_name: 'Robot', is_bot: true },
  ];
  const refusal = (
    userId: number,
    settings: Record<string, unknown>,
    recipients: number[],
    started: boolean | null = null,
  ) =>
    directMessageRefusalOf(modern(userId, { realm_users: users, ...settings }))(
      recipients,
      started,
    );

  it('needs someone in the conversation, sender or recipient, in the permission group', () => {
    const moderators = { realm_direct_message_permission_group: groups.moderators };
    expect(refusal(alice, moderators, [bob])).toBe('unauthorized');
    expect(refusal(alice, moderators, [bob, moderator])).toBeNull();
    expect(refusal(moderator, moderators, [alice])).toBeNull();
    const gardeners = { realm_direct_message_permission_group: groups.outdoors };
    expect(refusal(alice, gardeners, [bob])).toBeNull();
    expect(refusal(alice, gardeners, [guest])).toBe('unauthorized');
  });

  it('says direct messages are off where the permission group holds no one', () => {
    expect(refusal(admin, { realm_direct_message_permission_group: groups.nobody }, [alice])).toBe(
      'disabled',
    );
    const empty = { direct_members: [], direct_subgroups: [] };
    expect(refusal(admin, { realm_direct_message_permission_group: empty }, [alice])).toBe(
      'disabled',
    );
  });

  it('always lets the reader write to bots and to themselves', () => {
    const nobody = { realm_direct_message_permission_group: groups.nobody };
    expect(refusal(alice, nobody, [robot])).toBeNull();
    expect(refusal(alice, nobody, [alice])).toBeNull();
  });

  it('lets a reader outside the initiator group write only where messages were exchanged', () => {
    const initiators = { realm_direct_message_initiator_group: groups.moderators };
    expect(refusal(alice, initiators, [bob], false)).toBe('notStarted');
    expect(refusal(alice, initiators, [bob], true)).toBeNull();
    // Not knowing, the server alone can say.
    expect(refusal(alice, initiators, [bob], null)).toBeNull();
    expect(refusal(moderator, initiators, [bob], false)).toBeNull();
  });

  it('reads private_message_policy before the group settings of Zulip 9', () => {
    const zulip8 = { zulip_feature_level: 250, realm_private_message_policy: 2 };
    expect(refusal(admin, zulip8, [alice])).toBe('disabled');
    expect(refusal(admin, zulip8, [robot])).toBeNull();
    expect(refusal(admin, { zulip_feature_level: 185 }, [alice], false)).toBeNull();
  });

  it('follows a member put in the permission group, live', () => {
    let state = modern(alice, {
      realm_users: users,
      realm_direct_message_permission_group: groups.gardeners,
    });
    expect(directMessageRefusalOf(state)([cordelia], null)).toBe('unauthorized');
    state = applyEvent(state, {
      id: 1,
      type: 'user_group',
      op: 'add_members',
      group_id: groups.gardeners,
      user_ids: [cordelia],
    } as QueuedEvent);
    expect(directMessageRefusalOf(state)([cordelia], null)).toBeNull();
  });
});
