import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('subscription properties', () => {
  let org: Org;
  let alice: TestUser;
  let streamId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'design');
    streamId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  });
  afterAll(() => org.close());

  const change = (property: string, value: unknown, id = streamId) =>
    org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: id, property, value }],
    });
  const subscription = async () =>
    (await org.api(alice)('GET', '/users/me/subscriptions')).json.subscriptions[0];

  it('stores each property and echoes subscription_data', async () => {
    const settings: [string, unknown][] = [
      ['color', '#abcdef'],
      ['pin_to_top', true],
      ['desktop_notifications', true],
      ['audible_notifications', false],
      ['push_notifications', true],
      ['email_notifications', false],
      ['wildcard_mentions_notify', true],
    ];
    for (const [property, value] of settings) {
      const response = await change(property, value);
      expect(response.json).toEqual({
        result: 'success',
        msg: '',
        subscription_data: [{ stream_id: streamId, property, value }],
      });
    }
    expect(await subscription()).toMatchObject(Object.fromEntries(settings));
  });

  it('treats in_home_view as the opposite of is_muted', async () => {
    await change('is_muted', true);
    expect(await subscription()).toMatchObject({ is_muted: true, in_home_view: false });
    await change('in_home_view', true);
    expect(await subscription()).toMatchObject({ is_muted: false, in_home_view: true });
  });

  it('sends a muting change as both is_muted and in_home_view updates', async () => {
    const { queue_id } = (
      await org.api(alice)('POST', '/register', { event_types: ['subscription'] })
    ).json;
    await change('in_home_view', false);
    const { events } = (await org.api(alice)('GET', '/events', { queue_id, dont_block: true }))
      .json;
    expect(events).toEqual([
      expect.objectContaining({
        type: 'subscription',
        op: 'update',
        stream_id: streamId,
        property: 'in_home_view',
        value: false,
      }),
      expect.objectContaining({ op: 'update', property: 'is_muted', value: true }),
    ]);
  });

  it('reports a stream without a subscription email address, as Zulip without a gateway', async () => {
    expect((await subscription()).email_address).toBe('');
  });

  it('rejects unknown properties, bad values and streams the user is not in', async () => {
    expect((await change('volume', 11)).json).toMatchObject({
      result: 'error',
      msg: 'Unknown subscription property: volume',
    });
    expect((await change('color', 'red')).json.msg).toBe('color is not a valid hex color code');
    expect((await change('pin_to_top', 'yes')).json.msg).toBe('pin_to_top is not a boolean');
    const bob = await org.user('bob');
    await org.subscribe(bob, 'elsewhere');
    const other = (await org.api(bob)('GET', '/get_stream_id', { stream: 'elsewhere' })).json;
    const response = await change('pin_to_top', true, other.stream_id);
    expect(response.status).toBe(400);
    expect(response.json.msg).toBe(`Not subscribed to channel ID ${other.stream_id}`);
    expect((await change('pin_to_top', true, 99_999)).json.msg).toBe('Invalid channel ID');
  });

  it('changes nothing when one change of a batch is invalid', async () => {
    const response = await org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: streamId, property: 'color', value: '#111111' },
        { stream_id: streamId, property: 'volume', value: 1 },
      ],
    });
    expect(response.status).toBe(400);
    expect((await subscription()).color).toBe('#abcdef');
  });
});
