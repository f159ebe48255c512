import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Making channels and naming who joins them as Zulip 12 does: default
// channels chosen on creation or later (feature level 200), principals that
// name nobody refused as BAD_REQUEST (208), POST /channels/create (417), and
// include_subscribers=partial (412).

interface Listed {
  stream_id: number;
  name: string;
}

describe('creating channels', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const streamId = async (name: string) =>
    (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  // Default channels by ID from feature level 330, as objects before.
  const idOf = (entry: Listed | number) => (typeof entry === 'number' ? entry : entry.stream_id);
  const defaultIds = async () => {
    const state = (
      await org.api(alice)('POST', '/register', { fetch_event_types: ['default_streams'] })
    ).json as { realm_default_streams: (Listed | number)[] };
    return state.realm_default_streams.map(idOf);
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  it('makes the channels a subscription request creates default ones, for administrators (feature level 200)', async () => {
    const queue = await registerQueue(org, alice, { event_types: ['default_streams'] });
    const made = await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'welcome' }],
      is_default_stream: true,
    });
    expect(made.json.result).toBe('success');
    const id = await streamId('welcome');
    expect(await defaultIds()).toContain(id);
    const [event] = await queuedEvents(org, alice, queue);
    expect(event).toMatchObject({ type: 'default_streams' });
    expect((event?.default_streams as (Listed | number)[]).map(idOf)).toContain(id);

    const member = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'mine-for-all' }],
      is_default_stream: true,
    });
    expect(member.status).toBe(400);
    expect(member.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    const secret = await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret-default' }],
      is_default_stream: true,
      invite_only: true,
    });
    expect(secret.json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'A default channel cannot be private.',
    });
    // Nothing of a refused request is left behind.
    const listed = (await org.api(org.owner)('GET', '/streams')).json.streams as Listed[];
    expect(listed.map((stream) => stream.name)).not.toContain('mine-for-all');
    expect(listed.map((stream) => stream.name)).not.toContain('secret-default');
  });

  it('gives default channels by ID (feature level 330)', async () => {
    const state = (
      await org.api(alice)('POST', '/register', { fetch_event_types: ['default_streams'] })
    ).json as { realm_default_streams: (Listed | number)[] };
    expect(state.realm_default_streams.length).toBeGreaterThan(0);
    for (const entry of state.realm_default_streams) {
      expect(typeof entry, JSON.stringify(entry)).toBe('number');
    }
  });

  it('makes a channel default, or no longer, with PATCH /streams/{id} is_default_stream (feature level 200)', async () => {
    await org.subscribe(alice, 'corner');
    const id = await streamId('corner');
    const byMember = await org.api(alice)('PATCH', `/streams/${id}`, { is_default_stream: true });
    expect(byMember.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(await defaultIds()).not.toContain(id);

    expect(
      (await org.api(org.owner)('PATCH', `/streams/${id}`, { is_default_stream: true })).json
        .result,
    ).toBe('success');
    expect(await defaultIds()).toContain(id);
    const privately = await org.api(org.owner)('PATCH', `/streams/${id}`, {
      is_default_stream: true,
      is_private: true,
    });
    expect(privately.json).toMatchObject({ msg: 'A default channel cannot be private.' });
    expect(
      (await org.api(org.owner)('GET', `/streams/${id}`)).json.stream.invite_only,
      'nothing of the refused request is written',
    ).toBe(false);

    await org.api(org.owner)('PATCH', `/streams/${id}`, { is_default_stream: false });
    expect(await defaultIds()).not.toContain(id);
  });

  it('refuses a principal that names nobody, or someone deactivated, as BAD_REQUEST (feature level 208)', async () => {
    const nobody = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'corner' }],
      principals: ['nobody@hearth.test'],
    });
    expect(nobody.status).toBe(400);
    expect(nobody.json).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
    const byId = await org.api(alice)('DELETE', '/users/me/subscriptions', {
      subscriptions: ['corner'],
      principals: [999_999],
    });
    expect(byId.status).toBe(400);
    expect(byId.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });

    const dora = await org.user('dora');
    await org.api(org.owner)('DELETE', `/users/${dora.id}`);
    const gone = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'corner' }],
      principals: [dora.id],
    });
    expect(gone.status).toBe(400);
    expect(gone.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'User is deactivated' });
  });

  it('keeps the spec’s answer to subscribing: people named by email, not by user ID (feature level 289 not taken)', async () => {
    const answer = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'corner' }],
      principals: [bob.id],
    });
    expect(answer.json.subscribed).toEqual({ [bob.email]: ['corner'] });
  });

  it('creates a channel with POST /channels/create, subscribing only those named (feature level 417)', async () => {
    const queue = await registerQueue(org, bob, { event_types: ['stream', 'subscription'] });
    const made = await org.api(alice)('POST', '/channels/create', {
      name: '  studio ',
      description: 'Where we **draw**',
      subscribers: JSON.stringify([bob.id]),
    });
    expect(made.status).toBe(200);
    const id = await streamId('studio');
    expect(made.json).toEqual({ result: 'success', msg: '', id });

    const stream = (await org.api(alice)('GET', `/streams/${id}`)).json.stream;
    expect(stream).toMatchObject({
      name: 'studio',
      description: 'Where we **draw**',
      invite_only: false,
      creator_id: alice.id,
    });
    const members = (await org.api(alice)('GET', `/streams/${id}/members`)).json;
    expect(members.subscribers).toEqual([bob.id]);
    const events = await queuedEvents(org, bob, queue);
    expect(events.find((event) => event.op === 'add')).toMatchObject({
      type: 'subscription',
      subscriptions: [expect.objectContaining({ stream_id: id, subscribers: [bob.id] })],
    });
  });

  it('makes private and default channels as subscribing does, and refuses a name in use', async () => {
    const secret = await org.api(alice)('POST', '/channels/create', {
      name: 'atelier',
      subscribers: JSON.stringify([alice.id]),
      invite_only: true,
    });
    const id = secret.json.id as number;
    expect((await org.api(alice)('GET', `/streams/${id}`)).json.stream).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: false,
    });
    const made = await org.api(org.owner)('POST', '/channels/create', {
      name: 'foyer',
      is_default_stream: true,
    });
    expect(await defaultIds()).toContain(made.json.id);

    const again = await org.api(bob)('POST', '/channels/create', { name: 'Atelier' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({
      result: 'error',
      code: 'CHANNEL_ALREADY_EXISTS',
      msg: "Channel 'Atelier' already exists",
      channel_name: 'Atelier',
    });
    const nobody = await org.api(bob)('POST', '/channels/create', {
      name: 'nowhere',
      subscribers: JSON.stringify([999_999]),
    });
    expect(nobody.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
    const missing = await org.api(bob)('POST', '/channels/create', {});
    expect(missing.json).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'name' });
    const listed = (await org.api(org.owner)('GET', '/streams')).json.streams as Listed[];
    expect(listed.map((stream) => stream.name)).not.toContain('nowhere');
  });

  it('takes include_subscribers=partial, and gives every channel its whole list (feature level 412)', async () => {
    const state = (
      await org.api(alice)('POST', '/register', {
        fetch_event_types: ['subscription'],
        include_subscribers: 'partial',
      })
    ).json as { subscriptions: (Listed & { subscribers?: number[] })[] };
    const studio = state.subscriptions.find((sub) => sub.name === 'atelier');
    expect(studio?.subscribers).toEqual([alice.id]);
    expect(studio).not.toHaveProperty('partial_subscribers');
    const listed = await org.api(alice)('GET', '/users/me/subscriptions', {
      include_subscribers: '"partial"',
    });
    const atelier = (listed.json.subscriptions as (Listed & { subscribers: string[] })[]).find(
      (sub) => sub.name === 'atelier',
    );
    // GET /users/me/subscriptions lists subscribers by email, as the spec has it.
    expect(atelier?.subscribers).toEqual([alice.email]);
    const bad = await org.api(alice)('POST', '/register', { include_subscribers: 'some' });
    expect(bad.json).toMatchObject({ code: 'BAD_REQUEST', var_name: 'include_subscribers' });
  });
});
