import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, hearthCapabilities } from '../../helpers/doubleClients';

// User groups on the Zulip 12 double: creation under can_create_groups,
// changes under can_manage_group, deactivation unless in use, and each kind
// of membership change under the setting Zulip checks for it.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

const members = (seat: { id: number }[]) => seat.map((each) => each.id);

/** Hamlet's new group of himself and Cordelia, which he manages as its creator. */
async function gravediggers() {
  const { users } = double;
  const id = await clients.apiFor(users.member).createUserGroup({
    name: 'gravediggers',
    description: 'Alas, poor Yorick',
    members: members([users.member, users.member2]),
  });
  if (id === null) throw new Error('no group ID');
  return id;
}

describe('creating user groups on the Zulip double', () => {
  it('creates a group its creator manages, announced to everyone', async () => {
    const { users, groups } = double;
    const polonius = await clients.listen(users.guest);
    const id = await gravediggers();
    const creator = { direct_members: [users.member.id], direct_subgroups: [] };
    expect(await polonius.drain()).toEqual([
      {
        id: expect.any(Number),
        type: 'user_group',
        op: 'add',
        group: {
          id,
          name: 'gravediggers',
          description: 'Alas, poor Yorick',
          members: members([users.member, users.member2]),
          direct_subgroup_ids: [],
          is_system_group: false,
          deactivated: false,
          creator_id: users.member.id,
          date_created: expect.any(Number),
          can_add_members_group: creator,
          can_join_group: groups.nobody,
          can_leave_group: groups.everyone,
          can_manage_group: creator,
          can_mention_group: groups.everyone,
          can_remove_members_group: groups.nobody,
        },
      },
    ]);
    const listed = await clients.apiFor(users.member2).getUserGroups();
    expect(listed.find((group) => group.id === id)?.name).toBe('gravediggers');
  });

  it('adds the initial subgroups after the group', async () => {
    const { users, groups } = double;
    const hamlet = await clients.listen(users.member);
    const answer = await clients.raw(users.member)('POST', '/user_groups/create', {
      name: 'court',
      description: '',
      members: [],
      subgroups: [groups.hamletCharacters],
      can_join_group: groups.members,
    });
    const id = (answer.json as { group_id: number }).group_id;
    expect(await hamlet.drain()).toMatchObject([
      {
        type: 'user_group',
        op: 'add',
        group: { id, direct_subgroup_ids: [], can_join_group: groups.members },
      },
      {
        type: 'user_group',
        op: 'add_subgroups',
        group_id: id,
        direct_subgroup_ids: [groups.hamletCharacters],
      },
    ]);
  });

  it('refuses a guest, a taken or reserved name, an unknown member and a setting Zulip forbids', async () => {
    const { users, groups } = double;
    const create = (seat: typeof users.member, params: Record<string, unknown>) =>
      clients.raw(seat)('POST', '/user_groups/create', { description: '', members: [], ...params });
    expect((await create(users.guest, { name: 'spies' })).json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Insufficient permission',
    });
    expect((await create(users.member, { name: 'Movers' })).json).toMatchObject({
      msg: "User group 'Movers' already exists.",
    });
    expect((await create(users.member, { name: 'role:kings' })).json).toMatchObject({
      msg: "User group name cannot start with 'role:'.",
    });
    expect((await create(users.member, { name: 'ghosts', members: [999] })).json).toMatchObject({
      msg: 'Invalid user ID: 999',
    });
    expect(
      (await create(users.member, { name: 'ghosts', can_manage_group: groups.everyone })).json,
    ).toMatchObject({ msg: "'can_manage_group' setting cannot be set to 'role:everyone' group." });
    await clients.raw(users.admin)('PATCH', '/realm', {
      can_create_groups: { new: groups.administrators },
    });
    expect((await create(users.member, { name: 'ghosts' })).json).toMatchObject({
      msg: 'Insufficient permission',
    });
  });
});

describe('changing user groups on the Zulip double', () => {
  it('renames, describes and changes settings for whoever manages the group', async () => {
    const { users, groups } = double;
    const id = await gravediggers();
    const cordelia = await clients.listen(users.member2);
    await clients.apiFor(users.member).updateUserGroup(id, { name: 'sextons', description: 'Dig' });
    await clients.raw(users.member)('PATCH', `/user_groups/${id}`, {
      can_join_group: { new: groups.members, old: groups.nobody },
    });
    expect(await cordelia.drain()).toMatchObject([
      { type: 'user_group', op: 'update', group_id: id, data: { name: 'sextons' } },
      { type: 'user_group', op: 'update', group_id: id, data: { description: 'Dig' } },
      { type: 'user_group', op: 'update', group_id: id, data: { can_join_group: groups.members } },
    ]);
    const stale = await clients.raw(users.member)('PATCH', `/user_groups/${id}`, {
      can_join_group: { new: groups.nobody, old: groups.nobody },
    });
    expect(stale.json).toMatchObject({ code: 'EXPECTATION_MISMATCH' });
    await expect(
      clients.apiFor(users.member2).updateUserGroup(id, { name: 'usurpers' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Insufficient permission' });
    const nothing = await clients.raw(users.member)('PATCH', `/user_groups/${id}`, {});
    expect(nothing.json).toMatchObject({ msg: 'No new data supplied' });
  });

  it('lets members join and leave by the group’s own settings, and add or remove others only with theirs', async () => {
    const { users, groups } = double;
    const id = await gravediggers();
    const change = (seat: typeof users.member, params: Record<string, unknown>) =>
      clients.raw(seat)('POST', `/user_groups/${id}/members`, params);
    // No one may join yet.
    expect((await change(users.moderator, { add: [users.moderator.id] })).json).toMatchObject({
      msg: 'Insufficient permission',
    });
    await clients.raw(users.member)('PATCH', `/user_groups/${id}`, {
      can_join_group: { new: groups.members },
    });
    const hamlet = await clients.listen(users.member);
    expect((await change(users.moderator, { add: [users.moderator.id] })).status).toBe(200);
    // Joining is oneself alone; adding someone else is for can_add_members_group.
    expect((await change(users.moderator, { add: [users.guest.id] })).json).toMatchObject({
      msg: 'Insufficient permission',
    });
    // Anyone may leave; removing someone else is for can_remove_members_group.
    expect((await change(users.member2, { delete: [users.member.id] })).json).toMatchObject({
      msg: 'Insufficient permission',
    });
    expect((await change(users.member2, { delete: [users.member2.id] })).status).toBe(200);
    expect(await hamlet.drain()).toMatchObject([
      { type: 'user_group', op: 'add_members', group_id: id, user_ids: [users.moderator.id] },
      { type: 'user_group', op: 'remove_members', group_id: id, user_ids: [users.member2.id] },
    ]);
    // The manager adds and removes anyone, and nests groups.
    expect(
      (await change(users.member, { add: [users.guest.id], add_subgroups: [groups.movers] }))
        .status,
    ).toBe(200);
    expect(double.org.groups.get(id)).toMatchObject({
      members: [users.member.id, users.moderator.id, users.guest.id],
      direct_subgroup_ids: [groups.movers],
    });
    expect((await change(users.guest, { delete: [users.guest.id] })).json).toMatchObject({
      msg: 'Not allowed for guest users',
    });
    expect((await change(users.member, { add: [users.guest.id] })).json).toMatchObject({
      msg: `User ${users.guest.id} is already a member of this group`,
    });
    expect((await change(users.member, {})).json).toMatchObject({
      msg: 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".',
    });
  });

  it('never changes a system group’s members by hand', async () => {
    const { users, groups } = double;
    const refused = await clients.raw(users.owner)(
      'POST',
      `/user_groups/${groups.moderators}/members`,
      {
        add: [users.member.id],
      },
    );
    expect(refused.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
  });
});

describe('deactivating user groups on the Zulip double', () => {
  it('deactivates a group: removed for most clients, updated for those that take deactivated groups', async () => {
    const { users } = double;
    const id = await gravediggers();
    const plain = await clients.listen(users.member2);
    const keeping = await clients.listen(users.member2, {
      ...hearthCapabilities,
      include_deactivated_groups: true,
    });
    await clients.apiFor(users.member).deleteUserGroup(id);
    expect(await plain.drain()).toMatchObject([{ type: 'user_group', op: 'remove', group_id: id }]);
    expect(await keeping.drain()).toMatchObject([
      { type: 'user_group', op: 'update', group_id: id, data: { deactivated: true } },
    ]);
    expect((await clients.apiFor(users.member).getUserGroups()).map((g) => g.id)).not.toContain(id);
    const all = await clients.raw(users.member)('GET', '/user_groups', {
      include_deactivated_groups: true,
    });
    expect((all.json as { user_groups: { id: number }[] }).user_groups.map((g) => g.id)).toContain(
      id,
    );

    // Its members may still change (feature level 391); reactivating shows it again.
    const added = await clients.raw(users.member)('POST', `/user_groups/${id}/members`, {
      add: [users.guest.id],
    });
    expect(added.status).toBe(200);
    await clients.raw(users.member)('PATCH', `/user_groups/${id}`, { deactivated: false });
    expect(await plain.drain()).toMatchObject([
      { type: 'user_group', op: 'add', group: { id, deactivated: false } },
    ]);
    expect(await keeping.drain()).toMatchObject([
      { type: 'user_group', op: 'add_members', group_id: id },
      { type: 'user_group', op: 'update', group_id: id, data: { deactivated: false } },
    ]);
  });

  it('refuses deactivating a group in use, saying where', async () => {
    const { users, groups } = double;
    const refused = await clients.raw(users.admin)(
      'POST',
      `/user_groups/${groups.hamletCharacters}/deactivate`,
    );
    expect(refused).toMatchObject({
      status: 400,
      json: {
        code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
        msg: 'Cannot deactivate user group in use.',
        objections: [{ type: 'subgroup', supergroup_ids: [groups.movers] }],
      },
    });
    await clients.raw(users.admin)('PATCH', '/realm', {
      can_create_groups: { new: groups.movers },
    });
    const inRealm = await clients.raw(users.admin)(
      'POST',
      `/user_groups/${groups.movers}/deactivate`,
    );
    expect(inRealm.json).toMatchObject({
      objections: [{ type: 'realm', settings: ['can_create_groups'] }],
    });
  });
});
