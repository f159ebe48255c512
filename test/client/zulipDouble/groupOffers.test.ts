import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import type { BridgeService, UserGroupView } from '../../../src-preload/bridge';
import { eventually, testApps, type TestHearth } from '../../helpers/hearth';
import { startZulipDouble, type Seat, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../../helpers/doubleClients';

// Hearth's Groups page signed in to a modern Zulip server as King Hamlet, a
// member: each group offers what its own settings and the organization's
// let him do, follows their changes without registering again, and keeps
// offering what was allowed when last seen once the link is down.
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

const groupNamed = async (service: BridgeService, name: string): Promise<UserGroupView> => {
  const found = (await service.listUserGroups({})).groups.find((group) => group.name === name);
  if (!found) throw new Error(`the page lists no group ${name}`);
  return found;
};

const nothing = {
  manage: false,
  addMembers: false,
  removeMembers: false,
  join: false,
  leave: false,
};
// Every change: joining a group he is not in, or leaving one he is.
const mayAllIn = { manage: true, addMembers: true, removeMembers: true, join: false, leave: true };
const mayAllOutside = { ...mayAllIn, join: true, leave: false };

describe('the Groups page on a modern Zulip server', () => {
  it('offers each group what its settings let the reader do', async () => {
    const { service } = await signedIn(double.users.member);
    const page = await service.listUserGroups({});

    // Every member may create groups; only administrators manage every group.
    expect(page.canCreate).toBe(true);
    expect(page.readerId).toBe(double.users.member.id);
    // Hamlet is in hamletcharacters, which everyone may leave and Iago alone manages.
    expect(page.groups.find((group) => group.name === 'hamletcharacters')?.may).toEqual({
      ...nothing,
      leave: true,
    });
    // He is in movers only through hamletcharacters: nothing to leave, and no one may join.
    expect(page.groups.find((group) => group.name === 'movers')?.may).toEqual(nothing);
    // What is not offered, the server refuses.
    await expect(
      service.changeUserGroupMembers({
        groupId: double.groups.movers,
        add: [double.users.member2.id],
        remove: [],
      }),
    ).rejects.toThrow('Insufficient permission');
  });

  it('offers managing every group once a group holding the reader may, and stops when he leaves it', async () => {
    const { service } = await signedIn(double.users.member);

    // Movers holds Hamlet through the group nested in it.
    await clients.asAdmin('PATCH', 'realm', {
      can_manage_all_groups: JSON.stringify({ new: double.groups.movers }),
    });
    await eventually('the realm event offers managing movers', async () =>
      (await groupNamed(service, 'movers')).may.manage ? true : undefined,
    );
    expect((await groupNamed(service, 'hamletcharacters')).may).toEqual(mayAllIn);
    await service.changeUserGroupMembers({
      groupId: double.groups.movers,
      add: [double.users.member2.id],
      remove: [],
    });
    await eventually('the page lists Cordelia in movers', async () =>
      (await groupNamed(service, 'movers')).members.some(
        (member) => member.userId === double.users.member2.id,
      )
        ? true
        : undefined,
    );

    await clients.asAdmin('POST', `user_groups/${double.groups.hamletCharacters}/members`, {
      delete: JSON.stringify([double.users.member.id]),
    });
    await eventually('the member event withdraws managing movers', async () =>
      (await groupNamed(service, 'movers')).may.manage ? undefined : true,
    );
    // No one may join it.
    expect((await groupNamed(service, 'hamletcharacters')).may).toEqual(nothing);
  });

  it('offers offline, after a restart, what was allowed when last seen', async () => {
    const first = await signedIn(double.users.member);
    await clients.asAdmin('PATCH', 'realm', {
      can_manage_all_groups: JSON.stringify({ new: double.groups.hamletCharacters }),
    });
    await eventually('the realm event offers managing movers', async () =>
      (await groupNamed(first.service, 'movers')).may.manage ? true : undefined,
    );
    await apps.stop(first);
    apps.link.offline = true;

    const again = await apps.start(first.profileDir);
    const page = await again.service.listUserGroups({});
    expect(page.canCreate).toBe(true);
    expect(page.groups.map((group) => [group.name, group.may])).toEqual([
      ['hamletcharacters', mayAllIn],
      ['movers', mayAllOutside],
    ]);
  });
});

describe('the role groups of a modern Zulip server', () => {
  it('names `role:…` groups by their role among the groups that may go inside another', async () => {
    const { service } = await signedIn(double.users.member);
    const movers = await groupNamed(service, 'movers');
    expect(movers.subgroups.map((group) => group.name)).toEqual(['hamletcharacters']);
    expect(movers.subgroupChoices.map((group) => group.name)).toEqual(
      expect.arrayContaining(['Administrators', 'Moderators', 'Members']),
    );
  });
});
