import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeArgumentError } from '../../../src-main/client/bridge/bridgeService';
import { invokeBridgeCall, type BridgeService } from '../../../src-preload/bridge';
import { eventually, signedInHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

// Issue 17, point 4: user groups over the bridge, against a real host.

let org: Org;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let gus: TestUser;
const running: { close(): Promise<void> }[] = [];
let service: BridgeService;
let guest: BridgeService;

const serviceOf = async (user: TestUser): Promise<BridgeService> => {
  const hearth = await signedInHearth(org.url, user);
  running.push(hearth);
  return hearth.service;
};

const serverGroup = async (name: string) =>
  (
    (await org.api(alice)('GET', '/user_groups')).json.user_groups as {
      id: number;
      name: string;
      description: string;
      members: number[];
    }[]
  ).find((group) => group.name === name);

const groupNamed = async (name: string) =>
  (await service.listUserGroups({})).groups.find((group) => group.name === name);

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  bob = await org.user('bob');
  carol = await org.user('carol');
  gus = await org.user('gus');
  await org.api(org.owner)('PATCH', `/users/${gus.id}`, { role: 600 });
  service = await serviceOf(alice);
  guest = await serviceOf(gus);
});

afterAll(async () => {
  await Promise.all(running.map((hearth) => hearth.close()));
  await org?.close();
});

describe('user groups over the bridge', () => {
  it('lists no group at first, leaving out the system groups, and the people to pick', async () => {
    const page = await service.listUserGroups({});

    expect(page.groups).toEqual([]);
    expect(page.canCreate).toBe(true);
    expect(page.readerId).toBe(alice.id);
    expect(page.people.map((person) => person.fullName)).toEqual(
      expect.arrayContaining(['Alice', 'Bob', 'Carol']),
    );
  });

  it('creates a group with members, listed by name from the server’s event', async () => {
    await service.createUserGroup({
      name: ' Support ',
      description: 'Answers questions',
      members: [bob.id, alice.id],
    });

    expect(await serverGroup('Support')).toMatchObject({
      description: 'Answers questions',
      members: [alice.id, bob.id].sort((a, b) => a - b),
    });
    const group = await eventually('the page lists the group', () => groupNamed('Support'));
    expect(group.members.map((member) => member.fullName)).toEqual(['Alice', 'Bob']);
    // A Hearth host speaks Zulip 7.0: its user_group_edit_policy lets every member change any group.
    expect(group.may).toEqual({
      manage: true,
      addMembers: true,
      removeMembers: true,
      join: false,
      leave: true,
    });
  });

  it('renames and describes a group', async () => {
    const group = await eventually('the group is listed', () => groupNamed('Support'));
    await service.changeUserGroup({
      groupId: group.groupId,
      patch: { name: 'Helpdesk', description: 'First line' },
    });

    await eventually('the page has the new name', async () =>
      (await groupNamed('Helpdesk'))?.description === 'First line' ? true : undefined,
    );
  });

  it('adds and removes members', async () => {
    const group = await eventually('the group is listed', () => groupNamed('Helpdesk'));
    await service.changeUserGroupMembers({
      groupId: group.groupId,
      add: [carol.id],
      remove: [bob.id],
    });

    expect((await serverGroup('Helpdesk'))?.members.sort()).toEqual([alice.id, carol.id].sort());
    await eventually('the page shows the members', async () =>
      (await groupNamed('Helpdesk'))?.members.map((member) => member.fullName).join() ===
      'Alice,Carol'
        ? true
        : undefined,
    );
  });

  it.each([
    ['a name another group has', { name: 'HELPDESK', description: '', members: [] }],
    ['a reserved name', { name: 'role:friends', description: '', members: [] }],
  ])('passes on the server’s reason when it refuses %s', async (_case, group) => {
    await expect(service.createUserGroup(group)).rejects.toThrow(
      group.name === 'HELPDESK'
        ? "User group 'HELPDESK' already exists."
        : "User group name cannot start with 'role:'.",
    );
  });

  it('lets a guest read the groups but not change them', async () => {
    const page = await eventually('the guest sees the group', async () => {
      const listed = await guest.listUserGroups({});
      return listed.groups.length > 0 ? listed : undefined;
    });

    expect(page.canCreate).toBe(false);
    expect(page.groups[0]?.may).toEqual({
      manage: false,
      addMembers: false,
      removeMembers: false,
      join: false,
      leave: false,
    });
    await expect(
      guest.createUserGroup({ name: 'Guests', description: '', members: [] }),
    ).rejects.toThrow('Insufficient permission');
  });

  it('deletes a group', async () => {
    const group = await eventually('the group is listed', () => groupNamed('Helpdesk'));
    await service.deleteUserGroup({ groupId: group.groupId });

    expect(await serverGroup('Helpdesk')).toBeUndefined();
    await eventually('the page no longer lists it', async () =>
      (await service.listUserGroups({})).groups.length === 0 ? true : undefined,
    );
  });

  it.each([
    ['an empty name', 'createUserGroup', { name: ' ', description: '', members: [] }],
    [
      'a name longer than 100 characters',
      'createUserGroup',
      { name: 'x'.repeat(101), description: '', members: [] },
    ],
    ['members given as names', 'createUserGroup', { name: 'A', description: '', members: ['bob'] }],
    ['no change at all', 'changeUserGroup', { groupId: 1, patch: {} }],
    ['nobody to add or remove', 'changeUserGroupMembers', { groupId: 1, add: [], remove: [] }],
    ['a group ID given as text', 'deleteUserGroup', { groupId: '5' }],
  ] as const)('rejects %s without asking the server', async (_case, name, args) => {
    await expect(invokeBridgeCall(service, name, args)).rejects.toBeInstanceOf(BridgeArgumentError);
  });
});
