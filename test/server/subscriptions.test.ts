import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionsResponseSchema } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('subscriptions', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  it('creates a missing stream and reports the subscription under the email', async () => {
    const response = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'design', description: 'Pixels' }],
    });
    expect(response.json).toEqual({
      result: 'success',
      msg: '',
      subscribed: { [alice.email]: ['design'] },
      already_subscribed: {},
    });
  });

  it('lists a repeated subscription under already_subscribed', async () => {
    const response = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'design' }],
    });
    expect(response.json).toMatchObject({
      subscribed: {},
      already_subscribed: { [alice.email]: ['design'] },
    });
  });

  it('subscribes the given principals', async () => {
    const response = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'design' }],
      principals: [bob.email],
    });
    expect(response.json.subscribed).toEqual({ [bob.email]: ['design'] });
  });

  it('lists subscriptions with the fields of the wire schema and optional subscribers', async () => {
    const response = await org.api(alice)('GET', '/users/me/subscriptions', {
      include_subscribers: true,
    });
    const { subscriptions } = subscriptionsResponseSchema.parse(response.json);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      name: 'design',
      description: 'Pixels',
      invite_only: false,
      is_muted: false,
      in_home_view: true,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(subscriptions[0]?.subscribers).toEqual([alice.id, bob.id]);
  });

  it('keeps a private stream away from people who are not in it', async () => {
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret' }],
      invite_only: true,
    });
    const carol = await org.user('carol');
    const join = await org.api(carol)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret' }],
    });
    expect(join.status).toBe(400);
    const send = await org.api(carol)('POST', '/messages', {
      type: 'stream',
      to: 'secret',
      topic: 't',
      content: 'let me in',
    });
    expect(send.status).toBe(400);
  });

  it('unsubscribes, and reports streams the user was not in', async () => {
    const response = await org.api(bob)('DELETE', '/users/me/subscriptions', {
      subscriptions: ['design', 'secret'],
    });
    expect(response.json).toMatchObject({ removed: ['design'], not_removed: ['secret'] });
    const missing = await org.api(bob)('DELETE', '/users/me/subscriptions', {
      subscriptions: ['atlantis'],
    });
    expect(missing.json).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', stream: 'atlantis' });
  });
});
