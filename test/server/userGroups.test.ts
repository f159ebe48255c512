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
      creator_id: alice.id,
      date_created: expect.any(Number),
      can_add_members_group: { direct_members: [alice.id], direct_subgroups: [] },
      // role:nobody, the first group after the seven role groups.
      can_join_group: 8,
      can_leave_group: 6,
      can_manage_group: { direct_members: [alice.id], direct_subgroups: [] },
      can_mention_group: 6,
      can_remove_members_group: 8,
      deactivated: false,
    });
    expect((await groups(carol)).filter((group) => group.is_system_group)).toHaveLength(8);
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

  it('deletes no group, as Zulip 12 deactivates them instead (feature level 294)', async () => {
    const id = (await create(alice, 'Temporary', [alice.id])).json.group_id as number;
    const refused = await org.api(alice)('DELETE', `/user_groups/${id}`);
    expect(refused.status).toBe(405);
    expect(refused.json).toMatchObject({ result: 'error', msg: 'Method Not Allowed' });
    expect((await groups(alice)).map((group) => group.id)).toContain(id);
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

  describe('subgroups', () => {
    const subgroups = (user: TestUser, id: number, change: { add?: number[]; delete?: number[] }) =>
      org.api(user)('POST', `/user_groups/${id}/subgroups`, change);
    const groupById = async (id: number) =>
      (await groups(alice)).find((group) => group.id === id) as Group & {
        direct_subgroup_ids: number[];
      };

    it('puts groups inside a group, counts their members, and tells everyone', async () => {
      const outer = (await create(alice, 'Everyone on call', [alice.id])).json.group_id as number;
      const inner = (await create(alice, 'Night shift', [carol.id])).json.group_id as number;
      const queue = (await org.api(bob)('POST', '/register', { event_types: ['user_group'] })).json;

      expect((await subgroups(alice, outer, { add: [inner, 2] })).status).toBe(200);
      expect((await groupById(outer)).direct_subgroup_ids).toEqual([2, inner]);
      const events = (
        await org.api(bob)('GET', '/events', { queue_id: queue.queue_id, last_event_id: -1 })
      ).json.events as Record<string, unknown>[];
      expect(events).toEqual([
        {
          id: 0,
          type: 'user_group',
          op: 'add_subgroups',
          group_id: outer,
          direct_subgroup_ids: [inner, 2],
        },
      ]);

      // The administrators group holds the owners group in turn.
      const all = await org.api(bob)('GET', `/user_groups/${outer}/members`);
      expect(all.json.members).toEqual([alice.id, carol.id, org.owner.id].sort((a, b) => a - b));
      const direct = await org.api(bob)('GET', `/user_groups/${outer}/members`, {
        direct_member_only: true,
      });
      expect(direct.json.members).toEqual([alice.id]);
      const member = (userId: number, directOnly = false) =>
        org.api(bob)('GET', `/user_groups/${outer}/members/${userId}`, {
          direct_member_only: directOnly,
        });
      expect((await member(carol.id)).json.is_user_group_member).toBe(true);
      expect((await member(carol.id, true)).json.is_user_group_member).toBe(false);
      expect((await member(bob.id)).json.is_user_group_member).toBe(false);
      expect((await member(99999)).json).toMatchObject({ result: 'error', msg: 'No such user' });

      const below = await org.api(bob)('GET', `/user_groups/${outer}/subgroups`);
      expect(below.json.subgroups).toEqual([1, 2, inner]);
      const directBelow = await org.api(bob)('GET', `/user_groups/${outer}/subgroups`, {
        direct_subgroup_only: true,
      });
      expect(directBelow.json.subgroups).toEqual([2, inner]);
    });

    it('mentions the members of subgroups with @*group*', async () => {
      const team = (await create(alice, 'Team', [])).json.group_id as number;
      const helpers = (await create(alice, 'Helpers', [bob.id])).json.group_id as number;
      await subgroups(alice, team, { add: [helpers] });
      const sent = await org.sendStream(alice, 'help', 'pager', 'Hello @*Team*');
      const message = (await org.api(bob)('GET', `/messages/${sent}`)).json.message as {
        flags: string[];
      };
      expect(message.flags).toContain('mentioned');
    });

    it('refuses a loop, a group twice, a group that is not there, and nothing to do', async () => {
      const a = (await create(alice, 'Loop A', [])).json.group_id as number;
      const b = (await create(alice, 'Loop B', [])).json.group_id as number;
      await subgroups(alice, a, { add: [b] });
      const refusals: [number, { add?: number[]; delete?: number[] }, string][] = [
        [b, { add: [a] }, `User group ${b} is already a subgroup of one of the passed subgroups.`],
        [a, { add: [a] }, `User group ${a} is already a subgroup of one of the passed subgroups.`],
        [a, { add: [b] }, `User group ${b} is already a subgroup of this group.`],
        [a, { delete: [3] }, 'User group 3 is not a subgroup of this group.'],
        [a, { add: [4242] }, 'Invalid user group ID: 4242'],
        [a, {}, 'Nothing to do. Specify at least one of "add" or "delete".'],
        [1, { add: [a] }, 'Insufficient permission'],
      ];
      for (const [id, change, msg] of refusals) {
        const answer = await subgroups(alice, id, change);
        expect({ status: answer.status, json: answer.json }, msg).toMatchObject({
          status: 400,
          json: { result: 'error', code: 'BAD_REQUEST', msg },
        });
      }
      expect((await subgroups(gus, a, { delete: [b] })).json.msg).toBe('Insufficient permission');
      expect((await groupById(a)).direct_subgroup_ids).toEqual([b]);
      expect((await subgroups(alice, a, { delete: [b] })).status).toBe(200);
      expect((await groupById(a)).direct_subgroup_ids).toEqual([]);
    });

    it('changes members and subgroups in one request to /members, all or nothing (FL 311)', async () => {
      const crew = (await create(alice, 'Crew', [alice.id])).json.group_id as number;
      const deck = (await create(alice, 'Deck', [bob.id])).json.group_id as number;
      const galley = (await create(alice, 'Galley', [carol.id])).json.group_id as number;
      await subgroups(alice, crew, { add: [galley] });
      const queue = (await org.api(carol)('POST', '/register', { event_types: ['user_group'] }))
        .json;
      const members = (change: Record<string, number[]>) =>
        org.api(alice)('POST', `/user_groups/${crew}/members`, change);

      const changed = await members({
        add: [bob.id],
        delete: [alice.id],
        add_subgroups: [deck],
        delete_subgroups: [galley],
      });
      expect(changed.json).toEqual({ result: 'success', msg: '' });
      const group = await groupById(crew);
      expect(group.members).toEqual([bob.id]);
      expect(group.direct_subgroup_ids).toEqual([deck]);
      const events = (
        await org.api(carol)('GET', '/events', { queue_id: queue.queue_id, last_event_id: -1 })
      ).json.events as Record<string, unknown>[];
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'user_group', op: 'add_members', group_id: crew, user_ids: [bob.id] },
        { type: 'user_group', op: 'remove_members', group_id: crew, user_ids: [alice.id] },
        { type: 'user_group', op: 'add_subgroups', group_id: crew, direct_subgroup_ids: [deck] },
        {
          type: 'user_group',
          op: 'remove_subgroups',
          group_id: crew,
          direct_subgroup_ids: [galley],
        },
      ]);

      // A refused subgroup refuses the members of the same request too.
      const refused = await members({ add: [carol.id], add_subgroups: [deck] });
      expect(refused.json).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: `User group ${deck} is already a subgroup of this group.`,
      });
      expect((await groupById(crew)).members).toEqual([bob.id]);
      expect((await members({})).json).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".',
      });
    });

    it('makes a group with subgroups already inside it (FL 311)', async () => {
      const cooks = (await create(alice, 'Cooks', [carol.id])).json.group_id as number;
      const queue = (await org.api(bob)('POST', '/register', { event_types: ['user_group'] })).json;
      const made = await org.api(alice)('POST', '/user_groups/create', {
        name: 'Kitchen',
        description: '',
        members: [alice.id],
        subgroups: [cooks],
      });
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      const kitchen = made.json.group_id as number;
      expect((await groupById(kitchen)).direct_subgroup_ids).toEqual([cooks]);
      const events = (
        await org.api(bob)('GET', '/events', { queue_id: queue.queue_id, last_event_id: -1 })
      ).json.events as Record<string, unknown>[];
      expect(events.map((event) => event.op)).toEqual(['add', 'add_subgroups']);
      expect(events[1]).toMatchObject({ group_id: kitchen, direct_subgroup_ids: [cooks] });

      const refused = await org.api(alice)('POST', '/user_groups/create', {
        name: 'Nowhere',
        description: '',
        members: [],
        subgroups: [4242],
      });
      expect(refused.json).toMatchObject({ msg: 'Invalid user group ID: 4242' });
      expect((await groups(alice)).map((group) => group.name)).not.toContain('Nowhere');
    });
  });
});
