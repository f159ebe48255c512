import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../src-main/reducer/applyEvent';
import type { InitialState } from '../../src-main/wire/registerState';
import {
  groupPermissionsOf,
  type GroupPermissions,
} from '../../src-main/permissions/groupPermissions';
import type { QueuedEvent, UserGroup } from '../../src-main/wire';
import {
  admin,
  alice,
  bob,
  everybody,
  groupIds,
  guest,
  moderator,
  owner,
  roles,
  systemGroups,
  userGroup,
} from './modernOrganization';

// An organization on a Zulip 12 server (feature level 440), its system
// groups nested as Zulip nests them, and two groups people made: gardeners
// (Bob) inside outdoors. Each test gives the "choir" group, whose settings
// decide what is offered on it, its own settings.
const ids = { ...groupIds, choir: 12 };

type Settings = Record<string, unknown>;

const group = userGroup;

// What Zulip sends for a group a member made: its creator manages it and
// adds to it, nobody joins, everyone may leave, nobody removes others.
const made = (creator: number): Settings => ({
  creator_id: creator,
  deactivated: false,
  can_manage_group: { direct_members: [creator], direct_subgroups: [] },
  can_add_members_group: { direct_members: [creator], direct_subgroups: [] },
  can_join_group: ids.nobody,
  can_leave_group: ids.everyone,
  can_remove_members_group: ids.nobody,
  can_mention_group: ids.everyone,
});

// System groups may be changed by nobody at all; their settings say so too.
const systemSettings: Settings = {
  can_manage_group: ids.nobody,
  can_add_members_group: ids.nobody,
  can_join_group: ids.nobody,
  can_leave_group: ids.nobody,
  can_remove_members_group: ids.nobody,
};

function groupsWith(choir: Settings, choirMembers: number[] = [alice]): UserGroup[] {
  return [
    ...systemGroups(systemSettings),
    group(10, 'gardeners', [bob], [], made(admin)),
    group(11, 'outdoors', [], [10], made(admin)),
    group(12, 'choir', choirMembers, [], { ...made(owner), ...choir }),
  ];
}

function stateOf(
  userId: number,
  choir: Settings = {},
  realm: Settings = {},
  level = 440,
): InitialState {
  return {
    zulip_feature_level: level,
    user_id: userId,
    ...roles[userId],
    realm_user_groups: groupsWith(choir),
    realm_can_create_groups: ids.members,
    // Zulip's default is the owners; here no one, so that only the group's settings decide.
    realm_can_manage_all_groups: ids.nobody,
    ...realm,
  };
}

const mayOn = (state: InitialState, groupId = ids.choir): GroupPermissions => {
  const judged = (state.realm_user_groups ?? []).find((each) => each.id === groupId);
  if (!judged) throw new Error(`no group ${groupId}`);
  return groupPermissionsOf(state)(judged);
};

/** Who of everyone in the organization may take `action` on the choir. */
const who = (
  action: keyof GroupPermissions,
  choir: Settings = {},
  realm: Settings = {},
  level = 440,
) => everybody.filter((userId) => mayOn(stateOf(userId, choir, realm, level))[action]);

const allowed: GroupPermissions = {
  manage: true,
  addMembers: true,
  removeMembers: true,
  join: true,
  leave: true,
};
const refused: GroupPermissions = {
  manage: false,
  addMembers: false,
  removeMembers: false,
  join: false,
  leave: false,
};

describe('what the reader may do to a user group on a modern server', () => {
  it('lets a group’s creator do everything, and the others only leave it', () => {
    expect(mayOn(stateOf(owner))).toEqual(allowed);
    expect(mayOn(stateOf(alice))).toEqual({ ...refused, leave: true });
  });

  it('lets whoever the organization lets manage every group do everything to each', () => {
    const realm = { realm_can_manage_all_groups: ids.administrators };
    expect(who('manage', {}, realm)).toEqual([owner, admin]);
    expect(mayOn(stateOf(admin, {}, realm))).toEqual(allowed);
    expect(mayOn(stateOf(moderator, {}, realm))).toEqual({ ...refused, leave: true });
  });

  it('changes no system group, whatever its settings say', () => {
    const everyoneMay = {
      realm_can_manage_all_groups: ids.members,
    };
    for (const systemGroup of [ids.owners, ids.members, ids.nobody]) {
      expect(mayOn(stateOf(owner, {}, everyoneMay), systemGroup)).toEqual(refused);
      expect(mayOn(stateOf(alice, {}, everyoneMay), systemGroup)).toEqual(refused);
    }
  });

  it('changes no deactivated group', () => {
    expect(mayOn(stateOf(owner, { deactivated: true }))).toEqual(refused);
  });

  it('lets a guest change no group, even one whose settings name them', () => {
    const namesGuest = { direct_members: [guest], direct_subgroups: [] };
    const choir = {
      can_manage_group: namesGuest,
      can_join_group: namesGuest,
      can_leave_group: ids.everyone,
    };
    expect(mayOn(stateOf(guest, choir, { realm_can_manage_all_groups: ids.everyone }))).toEqual(
      refused,
    );
  });

  describe.each([
    ['a system group', ids.moderators, [owner, admin, moderator]],
    ['a user-defined group, through the group nested in it', ids.outdoors, [bob]],
    [
      'an anonymous group of people and groups',
      { direct_members: [alice], direct_subgroups: [ids.administrators] },
      [owner, admin, alice],
    ],
  ])('each setting naming %s', (_kind, value, holders) => {
    it('can_manage_group allows every change', () => {
      const choir = { can_manage_group: value, can_add_members_group: ids.nobody };
      for (const action of ['manage', 'addMembers', 'removeMembers', 'join'] as const) {
        expect(who(action, choir)).toEqual(holders);
      }
      // Alice is a member, and everyone may leave.
      expect(who('leave', choir)).toEqual(everybody.filter((id) => id !== guest));
    });

    it('can_add_members_group allows adding anyone, oneself included', () => {
      const choir = { can_manage_group: ids.nobody, can_add_members_group: value };
      expect(who('addMembers', choir)).toEqual(holders);
      expect(who('join', choir)).toEqual(holders);
      expect(who('manage', choir)).toEqual([]);
      expect(who('removeMembers', choir)).toEqual([]);
    });

    it('can_join_group allows adding only oneself', () => {
      const choir = {
        can_manage_group: ids.nobody,
        can_add_members_group: ids.nobody,
        can_join_group: value,
      };
      expect(who('join', choir)).toEqual(holders);
      expect(who('addMembers', choir)).toEqual([]);
    });

    it('can_remove_members_group allows removing anyone, oneself included', () => {
      const choir = {
        can_manage_group: ids.nobody,
        can_leave_group: ids.nobody,
        can_remove_members_group: value,
      };
      expect(who('removeMembers', choir)).toEqual(holders);
      expect(who('leave', choir)).toEqual(holders);
      expect(who('manage', choir)).toEqual([]);
    });

    it('can_leave_group allows removing only oneself', () => {
      const choir = {
        can_manage_group: ids.nobody,
        can_remove_members_group: ids.nobody,
        can_leave_group: value,
      };
      expect(who('leave', choir)).toEqual(holders);
      expect(who('removeMembers', choir)).toEqual([]);
    });
  });

  it('reads a setting the group object leaves out as Zulip’s default for a new group', () => {
    const bare = {
      can_manage_group: undefined,
      can_add_members_group: undefined,
      can_join_group: undefined,
      can_leave_group: undefined,
      can_remove_members_group: undefined,
    };
    // The creator manages and adds; nobody else joins or removes; everyone leaves.
    expect(mayOn(stateOf(owner, bare))).toEqual(allowed);
    expect(mayOn(stateOf(bob, bare))).toEqual({ ...refused, leave: true });
    expect(mayOn(stateOf(bob, { ...bare, creator_id: null }))).toEqual({
      ...refused,
      leave: true,
    });
  });

  it('judges the groups GET /user_groups lists when register sent none', () => {
    const state = stateOf(bob, { can_manage_group: ids.outdoors });
    const listed = state.realm_user_groups ?? [];
    const choir = listed.find((each) => each.id === ids.choir);
    if (!choir) throw new Error('no choir');
    delete state.realm_user_groups;
    expect(groupPermissionsOf(state, listed)(choir).manage).toBe(true);
    expect(groupPermissionsOf(state, [])(choir).manage).toBe(false);
  });

  it('offers nothing before any state', () => {
    expect(groupPermissionsOf(null)({ id: ids.choir })).toEqual(refused);
  });
});

describe('what the reader may do to a user group on older servers', () => {
  const namesBob = { direct_members: [bob], direct_subgroups: [] };

  it.each([
    ['can_manage_group', 'manage', 283],
    ['can_join_group', 'join', 301],
    ['can_add_members_group', 'addMembers', 305],
    ['can_leave_group', 'leave', 308],
    ['can_remove_members_group', 'removeMembers', 324],
  ] as const)('reads %s from feature level %s', (setting, action, since) => {
    // The policy that decided before the group settings lets only administrators.
    const realm = { realm_user_group_edit_policy: 2 };
    const choir = {
      can_manage_group: ids.nobody,
      can_add_members_group: ids.nobody,
      can_join_group: ids.nobody,
      can_leave_group: ids.nobody,
      can_remove_members_group: ids.nobody,
      [setting]: namesBob,
    };
    expect(mayOn(stateOf(bob, choir, realm, since))[action]).toBe(true);
    expect(mayOn(stateOf(bob, choir, realm, since - 1))[action]).toBe(false);
  });

  it('lets user_group_edit_policy decide everything on a Zulip 7.0 server or a Hearth host', () => {
    const hearth = (userId: number, policy: number) => ({
      zulip_feature_level: 185,
      user_id: userId,
      ...roles[userId],
      realm_user_group_edit_policy: policy,
      // Zulip 7.0's groups carry none of the later settings.
      realm_user_groups: groupsWith({}).map(
        ({ id, name, description, members, direct_subgroup_ids, is_system_group }) => ({
          id,
          name,
          description,
          members,
          direct_subgroup_ids,
          is_system_group,
        }),
      ),
    });
    // Zulip's POLICY_MEMBERS_ONLY, Hearth's own.
    expect(everybody.map((userId) => mayOn(hearth(userId, 1)).manage)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(mayOn(hearth(bob, 1))).toEqual(allowed);
    // POLICY_ADMINS_ONLY.
    expect(everybody.filter((userId) => mayOn(hearth(userId, 2)).manage)).toEqual([owner, admin]);
    expect(mayOn(hearth(bob, 1), ids.members)).toEqual(refused);
  });

  it('before can_manage_all_groups (level 299), reads the policy for managing every group', () => {
    const choir = { can_manage_group: ids.nobody };
    expect(who('manage', choir, { realm_user_group_edit_policy: 4 }, 298)).toEqual([
      owner,
      admin,
      moderator,
    ]);
    expect(who('manage', choir, { realm_can_manage_all_groups: ids.moderators }, 299)).toEqual([
      owner,
      admin,
      moderator,
    ]);
  });
});

describe('what the reader may do follows the server’s events', () => {
  const applied = (state: InitialState, ...events: Record<string, unknown>[]) =>
    events.reduce(
      (next, event, index) => applyEvent(next, { id: index, ...event } as QueuedEvent),
      state,
    );

  it('offers managing a group once the reader joins a group nested in the one that manages it', () => {
    const before = stateOf(alice, { can_manage_group: ids.outdoors });
    expect(mayOn(before).manage).toBe(false);
    const after = applied(before, {
      type: 'user_group',
      op: 'add_members',
      group_id: ids.gardeners,
      user_ids: [alice],
    });
    expect(mayOn(after).manage).toBe(true);
    const removed = applied(after, {
      type: 'user_group',
      op: 'remove_members',
      group_id: ids.gardeners,
      user_ids: [alice],
    });
    expect(mayOn(removed).manage).toBe(false);
  });

  it('follows a change of a group’s own setting', () => {
    const before = stateOf(bob);
    expect(mayOn(before).join).toBe(false);
    const after = applied(before, {
      type: 'user_group',
      op: 'update',
      group_id: ids.choir,
      data: { can_join_group: { direct_members: [], direct_subgroups: [ids.gardeners] } },
    });
    expect(mayOn(after)).toEqual({ ...refused, join: true, leave: true });
  });

  it('follows a change of who may manage every group', () => {
    const before = stateOf(moderator);
    expect(mayOn(before).manage).toBe(false);
    const after = applied(before, {
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { can_manage_all_groups: ids.moderators },
    });
    expect(mayOn(after)).toEqual(allowed);
  });

  it('offers nothing on a group once it is deactivated', () => {
    const after = applied(stateOf(owner), {
      type: 'user_group',
      op: 'update',
      group_id: ids.choir,
      data: { deactivated: true },
    });
    expect(mayOn(after)).toEqual(refused);
  });
});
