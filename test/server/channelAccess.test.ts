import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { makeGroup } from '../helpers/userGroups';

// Zulip 10's metadata and content access to a private channel one is not in
// (feature levels 349, 354, 356 and 357), as Zulip 12 decides them.
describe('access to a private channel through its group settings', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let gus: TestUser;
  let joiners: number;
  let vaultId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    gus = await org.user('gus');
    joiners = await makeGroup(org, 'Joiners', [bob.id]);
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      principals: [alice.id],
      invite_only: true,
      history_public_to_subscribers: true,
      can_subscribe_group: joiners,
    });
    vaultId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'vault' })).json
      .stream_id as number;
    await org.sendStream(alice, 'vault', 'plans', 'before bob came');
  });
  afterAll(() => org.close());

  const neverSubscribed = async (user: TestUser) =>
    (
      (await org.api(user)('POST', '/register', { fetch_event_types: ['subscription'] })).json
        .never_subscribed as { name: string }[]
    ).map((stream) => stream.name);
  const listed = async (user: TestUser, params: Record<string, unknown>) =>
    ((await org.api(user)('GET', '/streams', params)).json.streams as { name: string }[]).map(
      (stream) => stream.name,
    );
  const history = (user: TestUser) =>
    org.api(user)('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: vaultId }],
    });

  it('shows the channel to a member of its can_subscribe_group, and not to other members', async () => {
    expect(await neverSubscribed(bob)).toContain('vault');
    expect(await neverSubscribed(carol)).not.toContain('vault');
    expect(await listed(bob, { include_all: true })).toContain('vault');
    expect(await listed(carol, { include_all: true })).not.toContain('vault');
    expect((await org.api(bob)('GET', `/streams/${vaultId}`)).json.stream).toMatchObject({
      name: 'vault',
      invite_only: true,
      can_subscribe_group: joiners,
    });
    expect((await org.api(carol)('GET', `/streams/${vaultId}`)).json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid channel ID',
    });
  });

  it('lets the group read the history, post where history is shared, and join', async () => {
    const read = (await history(bob)).json;
    expect(read.result).toBe('success');
    expect((read.messages as { content: string }[]).map((m) => m.content)).toEqual([
      '<p>before bob came</p>',
    ]);
    expect(await listed(bob, { include_can_access_content: true })).toContain('vault');
    expect((await org.api(bob)('GET', '/get_stream_id', { stream: 'vault' })).json.stream_id).toBe(
      vaultId,
    );
    const sent = await org.api(bob)('POST', '/messages', {
      type: 'stream',
      to: vaultId,
      topic: 'plans',
      content: 'from outside',
    });
    expect(sent.json.result).toBe('success');
    expect((await org.api(carol)('GET', '/get_stream_id', { stream: 'vault' })).json.msg).toBe(
      "Invalid channel name 'vault'",
    );
    expect(
      (
        await org.api(carol)('POST', '/messages', {
          type: 'stream',
          to: vaultId,
          topic: 'plans',
          content: 'no',
        })
      ).json.msg,
    ).toBe("Not authorized to send to channel 'vault'");
    expect(
      (
        await org.api(carol)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'vault' }],
        })
      ).json.msg,
    ).toBe('Unable to access channel (vault).');
    const joined = await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
    });
    expect(joined.json.subscribed).toEqual({ [bob.email]: ['vault'] });
    await org.api(bob)('DELETE', '/users/me/subscriptions', { subscriptions: ['vault'] });
  });

  it("gives an administrator who is not in it the channel's metadata but not its content", async () => {
    expect(await neverSubscribed(org.owner)).toContain('vault');
    expect((await org.api(org.owner)('GET', `/streams/${vaultId}`)).json.result).toBe('success');
    expect((await history(org.owner)).json.messages).toEqual([]);
    expect(
      (await org.api(org.owner)('PATCH', `/streams/${vaultId}`, { is_private: false })).json,
    ).toMatchObject({ result: 'error', msg: 'Channel content access is required.' });
    const described = await org.api(org.owner)('PATCH', `/streams/${vaultId}`, {
      description: 'Kept safe',
    });
    expect(described.json.result).toBe('success');
  });

  it('tells a member who joins the group of the channel, and who leaves it of its going', async () => {
    const queue = await registerQueue(org, carol);
    await org.api(org.owner)('POST', `/user_groups/${joiners}/members`, { add: [carol.id] });
    await org.api(org.owner)('POST', `/user_groups/${joiners}/members`, { delete: [carol.id] });
    const events = (await queuedEvents(org, carol, queue)).filter(
      (event) => event.type === 'stream' || event.type === 'subscription',
    );
    expect(events).toMatchObject([
      { type: 'stream', op: 'create', streams: [{ stream_id: vaultId, name: 'vault' }] },
      { type: 'subscription', op: 'peer_add', stream_ids: [vaultId], user_ids: [alice.id] },
      { type: 'stream', op: 'delete', streams: [{ stream_id: vaultId }] },
    ]);
  });

  it("tells those the channel's setting comes to name, and those it stops naming", async () => {
    const queue = await registerQueue(org, gus);
    const onlyGus = { direct_members: [gus.id], direct_subgroups: [] };
    await org.api(alice)('PATCH', `/streams/${vaultId}`, {
      can_add_subscribers_group: { new: onlyGus },
    });
    await org.api(alice)('PATCH', `/streams/${vaultId}`, {
      can_add_subscribers_group: { new: { direct_members: [], direct_subgroups: [] } },
    });
    const events = (await queuedEvents(org, gus, queue)).filter((event) => event.type === 'stream');
    expect(events).toMatchObject([
      { op: 'create', streams: [{ stream_id: vaultId, can_add_subscribers_group: onlyGus }] },
      { op: 'delete', streams: [{ stream_id: vaultId }] },
    ]);
    // A renaming reaches those who see the channel through its groups.
    const bobQueue = await registerQueue(org, bob);
    await org.api(alice)('PATCH', `/streams/${vaultId}`, { new_name: 'strongroom' });
    expect(await queuedEvents(org, bob, bobQueue)).toMatchObject([
      { type: 'stream', op: 'update', property: 'name', value: 'strongroom' },
    ]);
  });
});
