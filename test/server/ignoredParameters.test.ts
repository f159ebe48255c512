import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0 (feature level 167): a success names, sorted, the parameters the
// endpoint did not read, and Zulip's own tests (assert_json_success) hold
// that an answer to a request that sent only what it reads has no such key.

describe('ignored_parameters_unsupported', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'design');
  });
  afterAll(() => org.close());

  it('is absent when the request sent only what the endpoint reads', async () => {
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'plans',
      content: 'hello',
    });
    expect(sent.status).toBe(200);
    expect(sent.json).not.toHaveProperty('ignored_parameters_unsupported');
    const me = await org.api(alice)('GET', '/users/me');
    expect(me.json).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('names, sorted, what the endpoint did not read, and does what it did read', async () => {
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'plans',
      content: 'with extras',
      zebra: 'x',
      apple: 'y',
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({
      result: 'success',
      ignored_parameters_unsupported: ['apple', 'zebra'],
    });
    const id = (sent.json as { id: number }).id;
    const fetched = await org.api(alice)('GET', `/messages/${id}`);
    expect(fetched.json).toMatchObject({ message: { content: '<p>with extras</p>' } });
  });

  it('counts an older name the endpoint still reads, and the path’s own parameters, as read', async () => {
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      subject: 'old name for topic',
      content: 'hi',
    });
    expect(sent.json).not.toHaveProperty('ignored_parameters_unsupported');
    const id = (sent.json as { id: number }).id;
    const edited = await org.api(alice)('PATCH', `/messages/${id}`, { content: 'edited' });
    expect(edited.status).toBe(200);
    expect(edited.json).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('is in the answer of a long poll too, and never in a refusal', async () => {
    const registered = await org.api(alice)('POST', '/register', {
      event_types: ['message'],
      timeout: 10,
    });
    expect(registered.json).toMatchObject({ ignored_parameters_unsupported: ['timeout'] });
    const queueId = (registered.json as { queue_id: string }).queue_id;
    const polled = await org.api(alice)('GET', '/events', {
      queue_id: queueId,
      last_event_id: -1,
      dont_block: true,
      timeout: 90,
    });
    expect(polled.json).toMatchObject({
      result: 'success',
      events: [],
      ignored_parameters_unsupported: ['timeout'],
    });
    const refused = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'plans',
      bogus: 1,
    });
    expect(refused.status).toBe(400);
    expect(refused.json).not.toHaveProperty('ignored_parameters_unsupported');
  });
});
