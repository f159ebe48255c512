import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Spec §2, Stream and Subscription: the fields of GET /streams and
// GET /users/me/subscriptions, with their values.
describe('the fields of streams and subscriptions', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const streamIdOf = async (user: TestUser, name: string) =>
    (await org.api(user)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  const subscriptionsOf = async (user: TestUser, params: Record<string, unknown> = {}) => {
    const response = await org.api(user)('GET', '/users/me/subscriptions', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.subscriptions as Record<string, unknown>[];
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'design', description: 'Pixels and type' }],
    });
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault', description: 'Only us' }],
      invite_only: true,
      principals: [alice.email, bob.email],
    });
  });
  afterAll(() => org.close());

  it('gives each stream its ID, name, description and invite_only', async () => {
    const response = await org.api(alice)('GET', '/streams');
    const byName = (name: string) =>
      (response.json.streams as { name: string }[]).find((stream) => stream.name === name);
    expect(byName('design')).toMatchObject({
      stream_id: await streamIdOf(alice, 'design'),
      name: 'design',
      description: 'Pixels and type',
      invite_only: false,
    });
    expect(byName('vault')).toMatchObject({
      stream_id: await streamIdOf(alice, 'vault'),
      name: 'vault',
      description: 'Only us',
      invite_only: true,
    });
  });

  it('keeps a private stream out of the list of someone outside it', async () => {
    const carol = await org.user('carol');
    const names = (await org.api(carol)('GET', '/streams')).json.streams.map(
      (stream: { name: string }) => stream.name,
    );
    expect(names).toEqual(['design', 'general']);
  });

  it('gives a new subscription the stream fields, and notification flags taken from the global stream settings', async () => {
    const general = (await subscriptionsOf(bob)).find((sub) => sub.name === 'general');
    expect(general).toMatchObject({
      stream_id: await streamIdOf(bob, 'general'),
      name: 'general',
      description: 'The whole organization, for anything that concerns everyone',
      invite_only: false,
      // The spec lists booleans: an unset flag reads as the global stream setting (all off by default).
      desktop_notifications: false,
      audible_notifications: false,
      push_notifications: false,
      email_notifications: false,
      pin_to_top: false,
      is_muted: false,
      in_home_view: true,
      email_address: '',
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
  });

  it('lists subscribers only when include_subscribers is true, as emails', async () => {
    for (const params of [{}, { include_subscribers: false }]) {
      for (const sub of await subscriptionsOf(alice, params)) {
        expect(sub).not.toHaveProperty('subscribers');
      }
    }
    const vault = (await subscriptionsOf(alice, { include_subscribers: true })).find(
      (sub) => sub.name === 'vault',
    );
    expect(vault?.subscribers).toEqual([alice.email, bob.email]);
  });

  it("gives an unset notification flag the user's global stream setting, and a set one its own value", async () => {
    const vaultId = await streamIdOf(bob, 'vault');
    await org.api(bob)('PATCH', '/settings/notifications', {
      enable_stream_desktop_notifications: true,
      enable_stream_audible_notifications: true,
    });
    await org.api(bob)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: vaultId, property: 'desktop_notifications', value: false },
        { stream_id: vaultId, property: 'push_notifications', value: true },
      ],
    });
    const subscriptions = await subscriptionsOf(bob);
    expect(subscriptions.find((sub) => sub.name === 'vault')).toMatchObject({
      desktop_notifications: false,
      audible_notifications: true,
      push_notifications: true,
      email_notifications: false,
    });
    expect(subscriptions.find((sub) => sub.name === 'general')).toMatchObject({
      desktop_notifications: true,
      audible_notifications: true,
      push_notifications: false,
      email_notifications: false,
    });
    const registered = await org.api(bob)('POST', '/register', {
      fetch_event_types: ['subscription'],
    });
    const inRegister = registered.json.subscriptions.find(
      (sub: { name: string }) => sub.name === 'general',
    );
    // The register state keeps Zulip 7.0's null-means-inherit.
    expect(inRegister).toMatchObject({ desktop_notifications: null, audible_notifications: null });
  });

  it('turns in_home_view false and is_muted true together when a stream is muted', async () => {
    const vaultId = await streamIdOf(bob, 'vault');
    await org.api(bob)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: vaultId, property: 'is_muted', value: true }],
    });
    const vault = (await subscriptionsOf(bob)).find((sub) => sub.name === 'vault');
    expect(vault).toMatchObject({ is_muted: true, in_home_view: false });
    const other = (await subscriptionsOf(alice)).find((sub) => sub.name === 'vault');
    expect(other).toMatchObject({ is_muted: false, in_home_view: true });
  });
});
