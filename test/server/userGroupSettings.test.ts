import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

const owners = 1;
const moderators = 3;
const everyone = 6;
// role:nobody: a new organization's first group after the seven role groups.
const nobody = 8;

interface ListedGroup {
  id: number;
  name: string;
  [setting: string]: unknown;
}

describe("a user group's own permissions (Zulip 10's group settings)", () => {
  let org: Org;
  let maker: TestUser;
  let adder: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    maker = await org.user('maker');
    adder = await org.user('adder');
    other = await org.user('other');
  });
  afterAll(() => org.close());

  const groups = async (): Promise<ListedGroup[]> =>
    (await org.api(maker)('GET', '/user_groups')).json.user_groups as ListedGroup[];
  const groupNamed = async (name: string): Promise<ListedGroup> => {
    const group = (await groups()).find((candidate) => candidate.name === name);
    if (!group) throw new Error(`no group ${name}`);
    return group;
  };
  const create = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/user_groups/create', { description: '', members: [], ...params });
  const members = (user: TestUser, groupId: number, change: Record<string, unknown>) =>
    org.api(user)('POST', `/user_groups/${groupId}/members`, change);

  it('starts a new group at Zulip’s defaults: its maker manages it and adds to it', async () => {
    const before = Math.floor(Date.now() / 1000);
    expect((await create(maker, { name: 'makers' })).json.result).toBe('success');
    const group = await groupNamed('makers');
    expect(group).toMatchObject({
      creator_id: maker.id,
      can_manage_group: { direct_members: [maker.id], direct_subgroups: [] },
      can_add_members_group: { direct_members: [maker.id], direct_subgroups: [] },
      can_join_group: nobody,
      can_remove_members_group: nobody,
      can_leave_group: everyone,
      can_mention_group: everyone,
    });
    expect(group.date_created).toBeGreaterThanOrEqual(before);
    const system = (await groups()).find((candidate) => candidate.id === moderators);
    expect(system).toMatchObject({
      creator_id: null,
      can_manage_group: nobody,
      can_leave_group: nobody,
    });
  });

  it('lets each setting grant its own change once the organization no longer lets everyone manage', async () => {
    await org.api(org.owner)('PATCH', '/realm', { can_manage_all_groups: { new: owners } });
    const made = await create(maker, {
      name: 'gardeners',
      can_add_members_group: { direct_members: [maker.id, adder.id], direct_subgroups: [] },
      can_leave_group: nobody,
    });
    expect(made.json.result).toBe('success');
    const garden = (await groupNamed('gardeners')).id;

    const rename = (user: TestUser) =>
      org.api(user)('PATCH', `/user_groups/${garden}`, { description: 'Roses' });
    expect((await rename(adder)).json).toMatchObject({ msg: 'Insufficient permission' });
    expect((await rename(maker)).json.result).toBe('success');

    expect((await members(adder, garden, { add: [other.id] })).json.result).toBe('success');
    expect((await members(adder, garden, { delete: [other.id] })).json).toMatchObject({
      msg: 'Insufficient permission',
    });
    // Leaving is removing oneself: nobody may, unless they manage the group.
    expect((await members(other, garden, { delete: [other.id] })).json).toMatchObject({
      msg: 'Insufficient permission',
    });
    expect((await members(maker, garden, { delete: [other.id] })).json.result).toBe('success');

    // Joining is adding oneself, which can_join_group allows and nothing else does.
    expect((await members(other, garden, { add: [other.id] })).json).toMatchObject({
      msg: 'Insufficient permission',
    });
    const join = await org.api(maker)('PATCH', `/user_groups/${garden}`, {
      can_join_group: { new: everyone },
    });
    expect(join.json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "'can_join_group' setting cannot be set to 'role:everyone' group.",
    });
    expect(
      (
        await org.api(maker)('PATCH', `/user_groups/${garden}`, {
          can_join_group: { new: 5, old: nobody },
        })
      ).json.result,
    ).toBe('success');
    expect((await members(other, garden, { add: [other.id] })).json.result).toBe('success');
    expect((await members(other, garden, { add: [adder.id] })).json).toMatchObject({
      msg: 'Insufficient permission',
    });
    expect(
      (await org.api(org.owner)('POST', `/user_groups/${garden}/deactivate`)).json.result,
    ).toBe('success');
    await org.api(org.owner)('PATCH', '/realm', { can_manage_all_groups: { new: 5 } });
  });

  it('announces a changed setting to everyone and keeps it across a restart', async () => {
    await create(maker, { name: 'announcers' });
    const group = (await groupNamed('announcers')).id;
    const queueId = (await org.api(other)('POST', '/register', { event_types: ['user_group'] }))
      .json.queue_id as string;
    const value = { direct_members: [other.id], direct_subgroups: [moderators] };
    const changed = await org.api(maker)('PATCH', `/user_groups/${group}`, {
      can_mention_group: { new: value, old: everyone },
    });
    expect(changed.json.result).toBe('success');
    const events = (
      await org.api(other)('GET', '/events', { queue_id: queueId, dont_block: true })
    ).json.events.map(({ id: _id, ...event }: Record<string, unknown>) => event);
    expect(events).toEqual([
      { type: 'user_group', op: 'update', group_id: group, data: { can_mention_group: value } },
    ]);
    await org.restart();
    expect((await groupNamed('announcers')).can_mention_group).toEqual(value);
  });

  it('refuses a setting Zulip refuses, and makes no group for a refused request', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ can_manage_group: 999 }, 'Invalid user group'],
      [
        { can_manage_group: { direct_members: [9999], direct_subgroups: [] } },
        'Invalid user ID: 9999',
      ],
      [
        { can_remove_members_group: 7 },
        "'can_remove_members_group' setting cannot be set to 'role:internet' group.",
      ],
    ];
    for (const [settings, msg] of refusals) {
      const response = await create(maker, { name: 'refused', ...settings });
      expect(response.json, msg).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect((await groups()).some((group) => group.name === 'refused')).toBe(false);
    const group = (await groupNamed('makers')).id;
    const stale = await org.api(maker)('PATCH', `/user_groups/${group}`, {
      can_leave_group: { new: nobody, old: moderators },
    });
    expect(stale.json.msg).toBe("'old' value does not match the expected value.");
    expect((await groupNamed('makers')).can_leave_group).toBe(everyone);
  });

  it('will not deactivate a group another group’s setting names', async () => {
    await create(maker, { name: 'named' });
    const named = (await groupNamed('named')).id;
    await create(maker, {
      name: 'naming',
      can_remove_members_group: { direct_members: [], direct_subgroups: [named, moderators] },
    });
    const naming = (await groupNamed('naming')).id;
    const refused = await org.api(maker)('POST', `/user_groups/${named}/deactivate`);
    expect(refused.json).toEqual({
      result: 'error',
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      msg: 'Cannot deactivate user group in use.',
      objections: [
        { type: 'user_group', group_id: naming, settings: ['can_remove_members_group'] },
      ],
    });
    expect((await org.api(maker)('POST', `/user_groups/${naming}/deactivate`)).json.result).toBe(
      'success',
    );
    expect((await org.api(maker)('POST', `/user_groups/${named}/deactivate`)).json.result).toBe(
      'success',
    );
  });
});
