import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Issue 16, point 5: guests see only the streams they are in, as in Zulip
// 7.0, whichever way they ask, and cannot join the others.

describe('a guest', () => {
  let org: Org;
  let alice: TestUser;
  let gus: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    gus = await org.user('gus');
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'lobby' }, { name: 'plans' }],
    });
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'lobby' }],
      principals: [gus.email],
    });
    await org.sendStream(org.owner, 'plans', 'secret plans', 'Only for members');
    await org.sendStream(org.owner, 'lobby', 'hello', 'Welcome, everyone');
    expect((await org.api(org.owner)('PATCH', `/users/${gus.id}`, { role: 600 })).json.result).toBe(
      'success',
    );
  });
  afterAll(() => org.close());

  const names = (streams: { name: string }[]) => streams.map((stream) => stream.name).sort();

  it('is listed the streams they are in, and no others', async () => {
    // `general` is the organization's default stream, which everyone joins on arrival.
    expect(names((await org.api(gus)('GET', '/streams')).json.streams)).toEqual([
      'general',
      'lobby',
    ]);
    const state = (
      await org.api(gus)('POST', '/register', {
        fetch_event_types: ['stream', 'subscription', 'default_streams'],
      })
    ).json;
    expect(names(state.streams)).toEqual(['general', 'lobby']);
    expect(names(state.subscriptions)).toEqual(['general', 'lobby']);
    expect(state.never_subscribed).toEqual([]);
    expect(state.realm_default_streams).toEqual([]);
    expect(names((await org.api(alice)('GET', '/streams')).json.streams)).toEqual([
      'general',
      'lobby',
      'plans',
    ]);
  });

  it('cannot read or find a public stream they are not in', async () => {
    const history = await org.api(gus)('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: JSON.stringify([{ operator: 'stream', operand: 'plans' }]),
    });
    // As in Zulip, the narrow is answered with what the guest received there: nothing.
    expect(history.json).toMatchObject({ result: 'success', messages: [] });
    const everything = await org.api(gus)('GET', '/messages', {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
    });
    const contents = (everything.json.messages as { content: string }[]).map((m) => m.content);
    expect(contents.join(' ')).toContain('Welcome, everyone');
    expect(contents.join(' ')).not.toContain('Only for members');
    const id = await org.api(gus)('GET', '/get_stream_id', { stream: 'plans' });
    expect(id.json).toMatchObject({ result: 'error', msg: "Invalid channel name 'plans'" });
  });

  it('cannot join a public stream, nor create one', async () => {
    const join = await org.api(gus)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'plans' }],
    });
    expect(join.json.result).toBe('error');
    const create = await org.api(gus)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'guest corner' }],
    });
    expect(create.json.result).toBe('error');
    expect(
      names((await org.api(gus)('GET', '/users/me/subscriptions')).json.subscriptions),
    ).toEqual(['general', 'lobby']);
  });

  it('hears of a public channel they are added to, and then of who joins and leaves it (feature levels 192 and 220)', async () => {
    await org.subscribe(org.owner, 'porch');
    const queue = await registerQueue(org, gus, {});
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'porch' }],
      principals: [gus.id],
    });
    await org.subscribe(alice, 'porch');
    await org.api(alice)('DELETE', '/users/me/subscriptions', { subscriptions: ['porch'] });
    const events = (await queuedEvents(org, gus, queue)).filter(
      (event) => event.type === 'stream' || event.type === 'subscription',
    );
    const porch = (await org.api(gus)('GET', '/get_stream_id', { stream: 'porch' })).json
      .stream_id as number;
    expect(events.map((event) => `${String(event.type)} ${String(event.op)}`)).toEqual([
      'stream create',
      'subscription add',
      'subscription peer_add',
      'subscription peer_remove',
    ]);
    expect(events[0]).toMatchObject({ streams: [expect.objectContaining({ stream_id: porch })] });
    expect(events[2]).toMatchObject({ stream_ids: [porch], user_ids: [alice.id] });
    expect(events[3]).toMatchObject({ stream_ids: [porch], user_ids: [alice.id] });
  });
});
