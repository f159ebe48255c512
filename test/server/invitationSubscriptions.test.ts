import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// What an invitation link gives its newcomers since Zulip 7.0: the default
// channels when it says so (feature level 261), and membership of user
// groups (322).

describe('what an invitation link gives', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'kitchen' }],
    });
  });
  afterAll(() => org.close());

  const kitchenId = async () =>
    (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'kitchen' })).json
      .stream_id as number;
  const invite = (params: Record<string, unknown>) =>
    org.api(org.owner)('POST', '/invites/multiuse', params);
  const keyOf = (link: string) => /\/join\/([a-z0-9]+)\/$/.exec(link)?.[1] ?? '';
  const joinBy = async (params: Record<string, unknown>, who: string) => {
    const created = await invite(params);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const joined = await org.api()('POST', '/hearth/join', {
      key: keyOf(created.json.invite_link as string),
      email: `${who}@hearth.test`,
      full_name: who,
      password: 'a fine password',
    });
    expect(joined.json.result).toBe('success');
    return {
      id: joined.json.user_id as number,
      email: `${who}@hearth.test`,
      fullName: who,
      apiKey: joined.json.api_key as string,
    };
  };
  const channelsOf = async (user: TestUser) =>
    (
      (await org.api(user)('GET', '/users/me/subscriptions')).json.subscriptions as {
        name: string;
      }[]
    )
      .map((sub) => sub.name)
      .sort();
  const groupNamed = async (name: string) =>
    (
      (await org.api(org.owner)('GET', '/user_groups')).json.user_groups as {
        id: number;
        name: string;
        members: number[];
      }[]
    ).find((group) => group.name === name);
  const inviteCount = async () =>
    ((await org.api(org.owner)('GET', '/invites')).json.invites as unknown[]).length;

  it('adds the default channels to those it names when asked (feature level 261)', async () => {
    const both = await joinBy(
      { stream_ids: [await kitchenId()], include_realm_default_subscriptions: true },
      'dora',
    );
    expect(await channelsOf(both)).toEqual(['general', 'kitchen']);
    const named = await joinBy({ stream_ids: [await kitchenId()] }, 'eli');
    expect(await channelsOf(named)).toEqual(['kitchen']);
  });

  it('joins no channel when it names none and is asked for no default ones', async () => {
    const none = await joinBy(
      { stream_ids: [], include_realm_default_subscriptions: false },
      'fay',
    );
    expect(await channelsOf(none)).toEqual([]);
  });

  it('joins no channel by a link that names none and does not ask for the defaults, as Zulip 12', async () => {
    const bare = await joinBy({}, 'gus');
    expect(await channelsOf(bare)).toEqual([]);
  });

  it('adds newcomers to the user groups it names, and tells everyone (feature level 322)', async () => {
    await org.api(org.owner)('POST', '/user_groups/create', {
      name: 'cooks',
      description: 'Who cooks',
      members: [org.owner.id],
    });
    const cooks = await groupNamed('cooks');
    if (!cooks) throw new Error('no cooks group');
    const { queue_id } = (
      await org.api(alice)('POST', '/register', { event_types: ['user_group'] })
    ).json;
    const newcomer = await joinBy({ group_ids: [cooks.id] }, 'hana');
    expect((await groupNamed('cooks'))?.members.sort((a, b) => a - b)).toEqual(
      [org.owner.id, newcomer.id].sort((a, b) => a - b),
    );
    const { events } = (await org.api(alice)('GET', '/events', { queue_id, dont_block: true }))
      .json as { events: Record<string, unknown>[] };
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'user_group',
        op: 'add_members',
        group_id: cooks.id,
        user_ids: [newcomer.id],
      }),
    );
  });

  it('refuses an unknown, a system or a deactivated group, and makes no link', async () => {
    const systemGroup = (
      (await org.api(org.owner)('GET', '/user_groups')).json.user_groups as {
        id: number;
        is_system_group: boolean;
      }[]
    ).find((group) => group.is_system_group);
    await org.api(org.owner)('POST', '/user_groups/create', {
      name: 'retired',
      description: 'Gone',
      members: [],
    });
    const retired = await groupNamed('retired');
    await org.api(org.owner)('POST', `/user_groups/${retired?.id}/deactivate`);
    const before = await inviteCount();
    for (const [groupId, msg] of [
      [99999, 'Invalid user group'],
      [systemGroup?.id, 'Insufficient permission'],
      [retired?.id, 'User group is deactivated.'],
    ] as const) {
      const response = await invite({ group_ids: [groupId] });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    }
    expect(await inviteCount()).toBe(before);
  });
});
