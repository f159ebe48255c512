import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip's role:nobody: the system group that holds no one, by which Zulip 10
// and later give every setting no one holds (parse_group_setting_value), and
// which a request may name wherever it may name no one.

interface ListedGroup {
  id: number;
  name: string;
  members: number[];
  direct_subgroup_ids: number[];
  is_system_group: boolean;
}

describe('role:nobody', () => {
  let org: Org;
  let alice: TestUser;
  let nobodyId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    const { user_groups } = (await org.api(alice)('GET', '/user_groups')).json as {
      user_groups: ListedGroup[];
    };
    const found = user_groups.find((group) => group.name === 'role:nobody');
    if (!found) throw new Error('no role:nobody group listed');
    nobodyId = found.id;
  });
  afterAll(() => org.close());

  it('is a system group of no one, listed after the role groups', async () => {
    const state = (
      await org.api(alice)('POST', '/register', { fetch_event_types: ['realm_user_groups'] })
    ).json.realm_user_groups as ListedGroup[];
    const nobody = state.find((group) => group.id === nobodyId);
    expect(nobody).toMatchObject({
      name: 'role:nobody',
      description: 'Nobody',
      members: [],
      direct_subgroup_ids: [],
      is_system_group: true,
      deactivated: false,
    });
    expect(state.filter((group) => group.is_system_group).map((group) => group.id)).toEqual([
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      nobodyId,
    ]);
    const members = await org.api(alice)('GET', `/user_groups/${nobodyId}/members`);
    expect(members.json.members).toEqual([]);
  });

  it('names every setting no one holds, in register, channels and groups', async () => {
    await org.subscribe(alice, 'garden');
    const streams = (await org.api(alice)('GET', '/streams')).json.streams as Record<
      string,
      unknown
    >[];
    expect(streams.find((stream) => stream.name === 'garden')).toMatchObject({
      can_subscribe_group: nobodyId,
    });
    const made = await org.api(alice)('POST', '/user_groups/create', {
      name: 'growers',
      description: '',
      members: [alice.id],
    });
    const { user_groups } = (await org.api(alice)('GET', '/user_groups')).json as {
      user_groups: (ListedGroup & Record<string, unknown>)[];
    };
    expect(user_groups.find((group) => group.id === made.json.group_id)).toMatchObject({
      can_join_group: nobodyId,
      can_remove_members_group: nobodyId,
    });
  });

  it('may be named, as old and as new, where no one is allowed, and tells clients its ID', async () => {
    const queue = await registerQueue(org, alice, { event_types: ['realm'] });
    const closed = await org.api(org.owner)('PATCH', '/realm', {
      can_summarize_topics_group: JSON.stringify({ new: nobodyId, old: 6 }),
    });
    expect(closed.json.result).toBe('success');
    const state = (await org.api(alice)('POST', '/register', { fetch_event_types: ['realm'] }))
      .json;
    expect(state.realm_can_summarize_topics_group).toBe(nobodyId);
    const reopened = await org.api(org.owner)('PATCH', '/realm', {
      can_summarize_topics_group: JSON.stringify({ new: 5, old: nobodyId }),
    });
    expect(reopened.json.result).toBe('success');
    // Nobody among the groups of an anonymous value is nobody too.
    const closedAgain = await org.api(org.owner)('PATCH', '/realm', {
      can_summarize_topics_group: JSON.stringify({
        new: { direct_members: [], direct_subgroups: [nobodyId] },
        old: 5,
      }),
    });
    expect(closedAgain.json.result).toBe('success');
    const told = (await queuedEvents(org, alice, queue)).map(
      (event) => (event.data as Record<string, unknown>).can_summarize_topics_group,
    );
    expect(told).toEqual([nobodyId, 5, nobodyId]);
  });

  it("is refused where a setting must name someone, in either form, with Zulip's words", async () => {
    for (const value of [nobodyId, { direct_members: [], direct_subgroups: [] }]) {
      const refused = await org.api(org.owner)('PATCH', '/realm', {
        can_manage_all_groups: JSON.stringify({ new: value }),
      });
      expect(refused.json).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: "'can_manage_all_groups' setting cannot be set to 'role:nobody' group.",
      });
    }
  });

  it('cannot be changed or deactivated, being a system group', async () => {
    const renamed = await org.api(org.owner)('PATCH', `/user_groups/${nobodyId}`, {
      name: 'somebody',
    });
    expect(renamed.json).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
    const deactivated = await org.api(org.owner)('POST', `/user_groups/${nobodyId}/deactivate`);
    expect(deactivated.json).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
  });

  it('keeps its ID across a restart', async () => {
    await org.restart();
    const { user_groups } = (await org.api(alice)('GET', '/user_groups')).json as {
      user_groups: ListedGroup[];
    };
    expect(user_groups.find((group) => group.name === 'role:nobody')?.id).toBe(nobodyId);
  });
});
