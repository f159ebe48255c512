import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Spec §4, POST /messages and GET /messages: parameter rules that the other
// message tests do not reach.
describe('parameters of POST and GET /messages', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  const ids: number[] = [];

  const newestIds = async (user: TestUser) =>
    (
      await org.api(user)('GET', '/messages', { anchor: 'newest', num_before: 50, num_after: 0 })
    ).json.messages.map((message: { id: number }) => message.id) as number[];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    for (const content of ['first', 'second', 'third']) {
      const response = await org.api(alice)('POST', '/messages', {
        type: 'stream',
        to: 'design',
        topic: 'params',
        content,
      });
      ids.push(response.json.id);
    }
  });
  afterAll(() => org.close());

  it('refuses a stream message without a topic and stores nothing', async () => {
    const before = await newestIds(bob);
    const response = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      content: 'no topic',
    });
    expect(response.status).toBe(400);
    expect(response.json.result).toBe('error');
    expect(await newestIds(bob)).toEqual(before);
  });

  it('answers a send with result, msg and the new id only', async () => {
    const response = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'params',
      content: 'fourth',
    });
    expect(response.json).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    expect(response.json.id).toBeGreaterThan(ids.at(-1) as number);
  });

  it('lets use_first_unread_anchor override an anchor given with it', async () => {
    const response = await org.api(bob)('GET', '/messages', {
      anchor: ids[2],
      use_first_unread_anchor: true,
      num_before: 0,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'design' }],
    });
    expect(response.json).toMatchObject({ anchor: ids[0], found_anchor: true });
    expect(response.json.messages.map((message: { id: number }) => message.id)).toEqual([ids[0]]);
  });

  it('reads every message the user may see when narrow is left out', async () => {
    const dm = await org.api(alice)('POST', '/messages', {
      type: 'private',
      to: bob.email,
      content: 'direct',
    });
    const all = await newestIds(bob);
    expect(all).toEqual(expect.arrayContaining([...ids, dm.json.id]));
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });
});
