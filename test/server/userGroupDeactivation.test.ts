import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 10 and 11 (feature levels 290, 294, 298 and 386): a user group is
// deactivated rather than deleted, refused while something uses it, left out
// for clients that do not take deactivated groups, and reactivated by PATCH.

interface ListedGroup {
  id: number;
  name: string;
  deactivated: boolean;
}

const withDeactivated = { client_capabilities: { include_deactivated_groups: true } };

describe('deactivating a user group', () => {
  let org: Org;
  let maker: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    maker = await org.user('maker');
    other = await org.user('other');
    // Only the groups' own can_manage_group decides who may deactivate them.
    await org.api(org.owner)('PATCH', '/realm', {
      can_manage_all_groups: JSON.stringify({ new: 2 }),
    });
  });
  afterAll(() => org.close());

  const create = async (name: string, params: Record<string, unknown> = {}) => {
    const made = await org.api(maker)('POST', '/user_groups/create', {
      name,
      description: `the ${name}`,
      members: [maker.id],
      ...params,
    });
    expect(made.json.result, JSON.stringify(made.json)).toBe('success');
    return made.json.group_id as number;
  };
  const deactivate = (user: TestUser, groupId: number) =>
    org.api(user)('POST', `/user_groups/${groupId}/deactivate`);
  const listed = async (params: Record<string, unknown> = {}) =>
    (await org.api(maker)('GET', '/user_groups', params)).json.user_groups as ListedGroup[];
  const registered = async (user: TestUser, params: Record<string, unknown> = {}) =>
    (
      await org.api(user)('POST', '/register', {
        fetch_event_types: ['realm_user_groups'],
        ...params,
      })
    ).json.realm_user_groups as ListedGroup[];

  it('keeps the group, marked deactivated, for clients that take deactivated groups', async () => {
    const groupId = await create('gardeners');
    const listedBefore = (await listed()).find((group) => group.id === groupId);
    expect(listedBefore?.deactivated).toBe(false);
    expect((await registered(other)).find((group) => group.id === 1)?.deactivated).toBe(false);

    expect((await deactivate(maker, groupId)).json).toMatchObject({ result: 'success' });

    expect((await listed()).some((group) => group.id === groupId)).toBe(false);
    expect(
      (await listed({ include_deactivated_groups: true })).find((group) => group.id === groupId),
    ).toMatchObject({ name: 'gardeners', deactivated: true });
    expect((await registered(other)).some((group) => group.id === groupId)).toBe(false);
    expect(
      (await registered(other, withDeactivated)).find((group) => group.id === groupId),
    ).toMatchObject({ deactivated: true });

    await org.restart();
    expect(
      (await listed({ include_deactivated_groups: true })).find((group) => group.id === groupId),
    ).toMatchObject({ deactivated: true });
  });

  it('tells a client with the capability of the change, and removes the group for others', async () => {
    const groupId = await create('painters');
    const modern = await registerQueue(org, other, {
      ...withDeactivated,
      event_types: ['user_group'],
    });
    const old = await registerQueue(org, other, { event_types: ['user_group'] });

    await deactivate(maker, groupId);
    // A deactivated group's new name reaches only clients that still hold it.
    await org.api(maker)('PATCH', `/user_groups/${groupId}`, { name: 'sculptors' });

    expect(await queuedEvents(org, other, modern)).toMatchObject([
      { type: 'user_group', op: 'update', group_id: groupId, data: { deactivated: true } },
      { type: 'user_group', op: 'update', group_id: groupId, data: { name: 'sculptors' } },
    ]);
    expect(await queuedEvents(org, other, old)).toMatchObject([
      { type: 'user_group', op: 'remove', group_id: groupId },
    ]);
  });

  it('reactivates through PATCH: an update for clients that kept it, the group anew for others', async () => {
    const groupId = await create('weavers');
    await deactivate(maker, groupId);
    const modern = await registerQueue(org, other, {
      ...withDeactivated,
      event_types: ['user_group'],
    });
    const old = await registerQueue(org, other, { event_types: ['user_group'] });

    const reactivated = await org.api(maker)('PATCH', `/user_groups/${groupId}`, {
      deactivated: false,
    });
    expect(reactivated.json.result).toBe('success');

    expect(await queuedEvents(org, other, modern)).toMatchObject([
      { type: 'user_group', op: 'update', group_id: groupId, data: { deactivated: false } },
    ]);
    const [added, ...rest] = await queuedEvents(org, other, old);
    expect(rest).toEqual([]);
    expect(added).toMatchObject({
      type: 'user_group',
      op: 'add',
      group: { id: groupId, name: 'weavers', members: [maker.id], deactivated: false },
    });
    expect((await registered(other)).find((group) => group.id === groupId)).toMatchObject({
      deactivated: false,
    });
  });

  it('refuses one already deactivated, a system group, and someone who may not manage it', async () => {
    const groupId = await create('potters');
    expect((await deactivate(other, groupId)).json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Insufficient permission',
    });
    expect((await deactivate(maker, 3)).json.msg).toBe('Insufficient permission');
    expect((await deactivate(maker, 999_999)).json.msg).toBe('Invalid user group');
    await deactivate(maker, groupId);
    expect((await deactivate(maker, groupId)).json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'User group is deactivated.',
    });
  });

  it('refuses a group in use, saying where, and changes nothing', async () => {
    const used = await create('wardens');
    const holder = await create('keepers');
    const naming = await create('stewards', {
      can_mention_group: { direct_members: [other.id], direct_subgroups: [used] },
    });
    await org.api(maker)('POST', `/user_groups/${holder}/subgroups`, { add: [used] });
    await org.api(org.owner)('PATCH', '/realm', {
      can_create_groups: JSON.stringify({ new: used }),
    });

    const refused = await deactivate(maker, used);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      result: 'error',
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      msg: 'Cannot deactivate user group in use.',
      objections: [
        { type: 'subgroup', supergroup_ids: [holder] },
        { type: 'user_group', group_id: naming, settings: ['can_mention_group'] },
        { type: 'realm', settings: ['can_create_groups'] },
      ],
    });
    expect((await listed()).find((group) => group.id === used)?.deactivated).toBe(false);

    // A deactivated group holding it is no objection.
    await org.api(org.owner)('PATCH', '/realm', {
      can_create_groups: JSON.stringify({ new: 5 }),
    });
    await org.api(maker)('PATCH', `/user_groups/${naming}`, {
      can_mention_group: JSON.stringify({ new: 6 }),
    });
    expect((await deactivate(maker, holder)).json.result).toBe('success');
    expect((await deactivate(maker, used)).json.result).toBe('success');
  });

  it('cannot be named by a permission, go inside a group, or be mentioned', async () => {
    const asleep = await create('sleepers');
    const awake = await create('wakers');
    await deactivate(maker, asleep);

    const asSetting = await org.api(maker)('PATCH', `/user_groups/${awake}`, {
      can_mention_group: JSON.stringify({ new: asleep }),
    });
    expect(asSetting.json).toMatchObject({ result: 'error', msg: 'User group is deactivated.' });
    const inAnonymous = await org.api(org.owner)('PATCH', '/realm', {
      can_create_groups: JSON.stringify({
        new: { direct_members: [other.id], direct_subgroups: [asleep] },
      }),
    });
    expect(inAnonymous.json).toMatchObject({ result: 'error', msg: 'User group is deactivated.' });
    const asSubgroup = await org.api(maker)('POST', `/user_groups/${awake}/subgroups`, {
      add: [asleep],
    });
    expect(asSubgroup.json).toMatchObject({ result: 'error', msg: 'User group is deactivated.' });
    expect(
      (await listed()).find((group) => group.id === awake)?.name,
      'nothing of the refused changes is kept',
    ).toBe('wakers');

    await org.subscribe(maker, 'Denmark');
    const sent = await org.sendStream(maker, 'Denmark', 'sleep', 'hello @*sleepers*');
    const message = await org.api(maker)('GET', `/messages/${sent}`);
    // As for a group that does not exist, the stars are emphasis.
    expect(message.json.message.content).toBe('<p>hello @<em>sleepers</em></p>');
  });

  it('keeps its members changeable while deactivated', async () => {
    const groupId = await create('dreamers');
    await deactivate(maker, groupId);
    const added = await org.api(maker)('POST', `/user_groups/${groupId}/members`, {
      add: [other.id],
    });
    expect(added.json.result).toBe('success');
    const members = await org.api(maker)('GET', `/user_groups/${groupId}/members`);
    expect(members.json.members).toEqual([maker.id, other.id]);
  });

  it('keeps its description and permissions changeable while deactivated (FL 340)', async () => {
    const groupId = await create('sleepwalkers');
    await deactivate(maker, groupId);
    const changed = await org.api(maker)('PATCH', `/user_groups/${groupId}`, {
      description: 'the sleepwalkers, resting',
      can_mention_group: JSON.stringify({
        new: { direct_members: [other.id], direct_subgroups: [] },
      }),
    });
    expect(changed.json).toEqual({ result: 'success', msg: '' });
    const group = (await listed({ include_deactivated_groups: true })).find(
      (found) => found.id === groupId,
    ) as ListedGroup & Record<string, unknown>;
    expect(group).toMatchObject({
      deactivated: true,
      description: 'the sleepwalkers, resting',
      can_mention_group: { direct_members: [other.id], direct_subgroups: [] },
    });
  });
});
