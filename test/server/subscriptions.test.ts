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
      // Zulip 11 (feature level 397): send_new_subscription_messages defaults to true.
      new_subscription_messages_sent: true,
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
    expect(subscriptions.map((subscription) => subscription.name)).toEqual(['design', 'general']);
    expect(subscriptions[0]).toMatchObject({
      name: 'design',
      description: 'Pixels',
      invite_only: false,
      is_muted: false,
      in_home_view: true,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(subscriptions[0]?.subscribers).toEqual([alice.email, bob.email]);
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
    // Zulip 9.0 (feature level 255) says "channel" in its words; the code and key stay.
    expect(missing.json).toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel 'atlantis' does not exist",
      stream: 'atlantis',
    });
  });

  it('takes principals as user IDs too, and refuses one that names nobody', async () => {
    const byId = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'by-id' }],
      principals: [bob.id],
    });
    expect(byId.json.subscribed).toEqual({ [bob.email]: ['by-id'] });
    const nobody = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'by-id' }],
      principals: ['nobody@hearth.test'],
    });
    // Zulip 8.0 (feature level 208): a 400 BAD_REQUEST, no longer 403 UNAUTHORIZED_PRINCIPAL.
    expect(nobody.status).toBe(400);
    expect(nobody.json).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('fails on a private stream, or lists it under unauthorized when errors are not fatal', async () => {
    const dave = await org.user('dave');
    const fatal = await org.api(dave)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret' }, { name: 'open-house' }],
    });
    expect(fatal.json).toMatchObject({
      result: 'error',
      msg: 'Unable to access channel (secret).',
    });
    const lenient = await org.api(dave)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret' }, { name: 'open-house' }],
      authorization_errors_fatal: false,
    });
    expect(lenient.json).toEqual({
      result: 'success',
      msg: '',
      subscribed: { [dave.email]: ['open-house'] },
      already_subscribed: {},
      unauthorized: ['secret'],
      new_subscription_messages_sent: true,
    });
  });

  it("applies Zulip's history and posting defaults to created streams", async () => {
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      invite_only: true,
    });
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'archive' }],
      invite_only: true,
      history_public_to_subscribers: true,
    });
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'news' }],
      history_public_to_subscribers: false,
      is_announcement_only: true,
    });
    const streams = (await org.api(alice)('GET', '/users/me/subscriptions')).json.subscriptions;
    const byName = (name: string) =>
      streams.find((stream: { name: string }) => stream.name === name);
    expect(byName('vault')).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: false,
    });
    expect(byName('archive')).toMatchObject({ history_public_to_subscribers: true });
    expect(byName('news')).toMatchObject({
      invite_only: false,
      history_public_to_subscribers: true,
      is_announcement_only: true,
      stream_post_policy: 2,
    });
  });

  it('lets only administrators unsubscribe other people', async () => {
    await org.subscribe(bob, 'kitchen');
    const refused = await org.api(alice)('DELETE', '/users/me/subscriptions', {
      subscriptions: ['kitchen'],
      principals: [bob.email],
    });
    expect(refused.json).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
    const done = await org.api(org.owner)('DELETE', '/users/me/subscriptions', {
      subscriptions: ['kitchen'],
      principals: [bob.id],
    });
    expect(done.json).toMatchObject({ removed: ['kitchen'], not_removed: [] });
  });
});

describe('announcing new streams', () => {
  let org: Org;

  beforeAll(async () => {
    org = await startOrg();
  });
  afterAll(() => org.close());

  it("posts to the organization's notifications stream when asked", async () => {
    await org.subscribe(org.owner, 'general');
    const { stream_id } = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'general' }))
      .json;
    const announced = await org.api(org.owner)('PATCH', '/realm', {
      new_stream_announcements_stream_id: stream_id,
    });
    expect(announced.json.result).toBe('success');
    const alice = await org.user('alice');
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'quiet' }],
    });
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'design' }, { name: 'ops' }],
      announce: true,
    });
    const { messages } = (
      await org.api(org.owner)('GET', '/messages', {
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
        apply_markdown: false,
      })
    ).json;
    expect(messages).toEqual([
      expect.objectContaining({
        display_recipient: 'general',
        subject: 'new channels',
        content: `@_**Alice|${alice.id}** created the following channels: #**design**, #**ops**.`,
      }),
    ]);
  });
});
