import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Narrow operators Zulip added after 7.0: has:reaction (feature level 249),
// is:muted (366) and mentions: (446).
describe('later narrow operators of GET /messages', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  const sent: Record<string, number> = {};

  const send = async (user: TestUser, name: string, params: Record<string, unknown>) => {
    const response = await org.api(user)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    sent[name] = response.json.id;
  };
  const toStream = (stream: string, topic: string, content: string) => ({
    type: 'stream',
    to: stream,
    topic,
    content,
  });
  const narrowed = async (user: TestUser, narrow: unknown[]) => {
    const response = await org.api(user)('GET', '/messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 100,
      narrow,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const ids = response.json.messages.map((m: { id: number }) => m.id);
    return Object.keys(sent).filter((name) => ids.includes(sent[name]));
  };
  const streamId = async (name: string) =>
    (await org.api(alice)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    for (const user of [alice, bob]) {
      await org.subscribe(user, 'garden');
      await org.subscribe(user, 'attic');
    }
    await send(bob, 'roses', toStream('garden', 'roses', 'red roses'));
    await send(bob, 'weeds', toStream('garden', 'weeds', 'pull them'));
    await send(bob, 'boxes', toStream('attic', 'boxes', 'dusty'));
    await send(bob, 'lamps', toStream('attic', 'lamps', 'bright'));
    await send(bob, 'mention', toStream('garden', 'roses', 'thanks @**Alice**'));
    await send(bob, 'silent', toStream('garden', 'roses', 'as @_**Alice** said'));
    await send(bob, 'wildcard', toStream('garden', 'roses', '@**all** water'));
    await send(bob, 'dm', { type: 'private', to: alice.email, content: 'hi @**Alice**' });
    const reacted = await org.api(alice)('POST', `/messages/${sent.roses}/reactions`, {
      emoji_name: 'heart',
    });
    expect(reacted.status, JSON.stringify(reacted.json)).toBe(200);
    const gardenId = await streamId('garden');
    const atticId = await streamId('attic');
    const muteTopic = await org.api(alice)('POST', '/user_topics', {
      stream_id: gardenId,
      topic: 'weeds',
      visibility_policy: 1,
    });
    expect(muteTopic.status, JSON.stringify(muteTopic.json)).toBe(200);
    const muteStream = await org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: JSON.stringify([
        { stream_id: atticId, property: 'is_muted', value: true },
      ]),
    });
    expect(muteStream.status, JSON.stringify(muteStream.json)).toBe(200);
    const unmuteTopic = await org.api(alice)('POST', '/user_topics', {
      stream_id: atticId,
      topic: 'lamps',
      visibility_policy: 2,
    });
    expect(unmuteTopic.status, JSON.stringify(unmuteTopic.json)).toBe(200);
  });
  afterAll(() => org.close());

  it('has:reaction finds the messages with an emoji reaction', async () => {
    expect(await narrowed(alice, [['has', 'reaction']])).toEqual(['roses']);
    expect(await narrowed(bob, [{ operator: 'has', operand: 'reaction', negated: true }])).toEqual([
      'weeds',
      'boxes',
      'lamps',
      'mention',
      'silent',
      'wildcard',
      'dm',
    ]);
  });

  it('is:muted finds muted topics and the muted channel, less its unmuted topic', async () => {
    expect(await narrowed(alice, [['is', 'muted']])).toEqual(['weeds', 'boxes']);
    expect(await narrowed(alice, [{ operator: 'is', operand: 'muted', negated: true }])).toEqual([
      'roses',
      'lamps',
      'mention',
      'silent',
      'wildcard',
      'dm',
    ]);
    expect(await narrowed(bob, [['is', 'muted']])).toEqual([]);
  });

  it('mentions: finds direct mentions of the user, not silent or wildcard ones', async () => {
    expect(await narrowed(bob, [['mentions', alice.email]])).toEqual(['mention', 'dm']);
    expect(await narrowed(alice, [{ operator: 'mentions', operand: alice.id }])).toEqual([
      'mention',
      'dm',
    ]);
    expect(await narrowed(alice, [['mentions', bob.email]])).toEqual([]);
  });

  it('refuses a mentions: operand that names nobody', async () => {
    const response = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: JSON.stringify([['mentions', 'nobody@example.invalid']]),
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', code: 'BAD_NARROW' });
  });
});
