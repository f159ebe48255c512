import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's user groups that people make: create, rename, describe, change
// members and delete, with the user_group events, and @*group* mentions.

interface Group {
  id: number;
  name: string;
  description: string;
  members: number[];
  is_system_group: boolean;
}

describe('user groups', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let gus: TestUser;

  const groups = async (user: TestUser) =>
    (await org.api(user)('GET', '/user_groups')).json.user_groups as Group[];
  const create = (user: TestUser, name: string, members: number[], description = '') =>
    org.api(user)('POST', '/user_groups/create', { name, description, members });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    gus = await org.user('gus');
    await org.api(org.owner)('PATCH', `/users/${gus.id}`, { role: 600 });
    for (const user of [alice, bob, carol]) await org.subscribe(user, 'help');
  });
  afterAll(() => org?.close());

  it('makes a group after the system groups, and tells everyone', async () => {
    const queue = (await org.api(carol)('POST', '/register', { event_types: ['user_group'] })).json;
    const made = await create(alice, 'Support', [alice.id, bob.id], 'First line');
    expect(made.json).toMatchObject({ result: 'success' });
    const id = made.json.group_id as number;
    expect(id).toBeGreaterThan(7);
    const support = (await groups(carol)).find((group) => group.id === id);
    expect(support).toEqual({
      id,
      name: 'Support',
      description: 'First line',
      members: [alice.id, bob.id],
      direct_subgroup_ids: [],
      is_system_group: false,
    });
    expect((await groups(carol)).filter((group) => group.is_system_group)).toHaveLength(7);
    const events = (
      await org.api(carol)('GET', '/events', { queue_id: queue.queue_id, last_event_id: -1 })
    ).json.events as Record<string, unknown>[];
    expect(events).toEqual([{ id: 0, type: 'user_group', op: 'add', group: support }]);
    const members = await org.api(carol)('GET', `/user_groups/${id}/members`);
    expect(members.json.members).toEqual([alice.id, bob.id]);
  });

  it('refuses a name taken in any case, empty, too long or reserved, and a user who is not there', async () => {
    const refusals: [string, number[], string][] = [
      ['SUPPORT', [], "User group 'SUPPORT' already exists."],
      ['  ', [], "User group name can't be empty!"],
      ['x'.repeat(101), [], 'User group name cannot exceed 100 characters.'],
      ['role:owners', [], "User group name cannot start with 'role:'."],
      ['@team', [], "User group name cannot start with '@'."],
      ['Ghosts', [99999], 'Invalid user ID: 99999'],
    ];
    for (const [name, members, msg] of refusals) {
      expect((await create(alice, name, members)).json, msg).toMatchObject({
        result: 'error',
        msg,
      });
    }
    expect((await create(gus, 'Guests', [])).json).toMatchObject({
      msg: 'Insufficient permission',
    });
    expect((await groups(alice)).map((group) => group.name)).not.toContain('Ghosts');
  });

  it('renames, describes and changes members, telling everyone each change', async () => {
    const id = (await create(bob, 'Release', [bob.id])).json.group_id as number;
    const queue = (await org.api(alice)('POST', '/register', { event_types: ['user_group'] })).json;
    expect(
      (
        await org.api(alice)('PATCH', `/user_groups/${id}`, {
          name: 'Releases',
          description: 'Ship',
        })
      ).status,
    ).toBe(200);
    const changed = await org.api(alice)('POST', `/user_groups/${id}/members`, {
      add: [carol.id],
      delete: [bob.id],
    });
    expect(changed.status).toBe(200);
    expect((await groups(alice)).find((group) => group.id === id)).toMatchObject({
      name: 'Releases',
      description: 'Ship',
      members: [carol.id],
    });
    const events = (
      await org.api(alice)('GET', '/events', { queue_id: queue.queue_id, last_event_id: -1 })
    ).json.events as Record<string, unknown>[];
    expect(events.map(({ id: _id, ...event }) => event)).toEqual([
      {
        type: 'user_group',
        op: 'update',
        group_id: id,
        data: { name: 'Releases', description: 'Ship' },
      },
      { type: 'user_group', op: 'add_members', group_id: id, user_ids: [carol.id] },
      { type: 'user_group', op: 'remove_members', group_id: id, user_ids: [bob.id] },
    ]);
    const twice = await org.api(alice)('POST', `/user_groups/${id}/members`, { add: [carol.id] });
    expect(twice.json.msg).toBe(`User ${carol.id} is already a member of this group`);
    const absent = await org.api(alice)('POST', `/user_groups/${id}/members`, { delete: [bob.id] });
    expect(absent.json.msg).toBe(`There is no member '${bob.id}' in this user group`);
    expect((await org.api(alice)('PATCH', `/user_groups/${id}`, {})).json.msg).toBe(
      'No new data supplied',
    );
  });

  it('leaves the system groups alone, and deletes a group people made', async () => {
    expect((await org.api(org.owner)('DELETE', '/user_groups/1')).json).toMatchObject({
      result: 'error',
      msg: 'Insufficient permission',
    });
    expect((await org.api(alice)('DELETE', '/user_groups/4242')).json.msg).toBe(
      'Invalid user group',
    );
    const id = (await create(alice, 'Temporary', [alice.id])).json.group_id as number;
    expect((await org.api(alice)('DELETE', `/user_groups/${id}`)).status).toBe(200);
    expect((await groups(alice)).map((group) => group.id)).not.toContain(id);
  });

  it("mentions a group's members with @*group*, and nobody when silent", async () => {
    const id = (await create(alice, 'Oncall', [bob.id, carol.id])).json.group_id as number;
    const loud = await org.sendStream(alice, 'help', 'pager', 'Paging @*oncall*');
    const quiet = await org.sendStream(alice, 'help', 'pager', 'Thanks @_*Oncall*');
    const flags = async (user: TestUser, messageId: number) =>
      ((await org.api(user)('GET', `/messages/${messageId}`)).json.message as { flags: string[] })
        .flags;
    expect(await flags(bob, loud)).toContain('mentioned');
    expect(await flags(carol, loud)).toContain('mentioned');
    expect(await flags(bob, quiet)).not.toContain('mentioned');
    const message = (await org.api(bob)('GET', `/messages/${loud}`)).json.message as {
      content: string;
    };
    expect(message.content).toBe(
      `<p>Paging <span class="user-group-mention" data-user-group-id="${id}">@Oncall</span></p>`,
    );
  });
});
