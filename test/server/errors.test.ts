import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('errors a client can act on', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'design');
  });
  afterAll(() => org.close());

  it('names a missing argument with REQUEST_VARIABLE_MISSING and var_name', async () => {
    const response = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 't',
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      result: 'error',
      msg: "Missing 'content' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'content',
    });
  });

  it('names a malformed argument with BAD_REQUEST', async () => {
    const response = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 'ten',
      num_after: 0,
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('BAD_REQUEST');
    expect(response.json.msg).toContain('num_before');
  });

  it('rejects an anchor that is neither a message ID nor a keyword', async () => {
    const response = await org.api(alice)('GET', '/messages', {
      anchor: 'latest',
      num_before: 1,
      num_after: 0,
    });
    expect(response.status).toBe(400);
    expect(response.json.msg).toContain('anchor');
  });

  it('reports STREAM_DOES_NOT_EXIST with the stream name when sending to a missing stream', async () => {
    const response = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'nowhere',
      topic: 't',
      content: 'hi',
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', stream: 'nowhere' });
  });

  it('rejects a topic longer than 60 characters', async () => {
    const response = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'x'.repeat(61),
      content: 'hi',
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('BAD_REQUEST');
  });

  it('accepts a topic of exactly 60 characters', async () => {
    const response = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'x'.repeat(60),
      content: 'hi',
    });
    expect(response.status).toBe(200);
  });

  it('rejects content over 10000 bytes, counting bytes rather than characters', async () => {
    const response = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 't',
      content: 'é'.repeat(5001),
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('BAD_REQUEST');
  });

  it('rejects an empty message', async () => {
    const response = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 't',
      content: '   ',
    });
    expect(response.status).toBe(400);
  });

  it('names an unknown private-message recipient with BAD_REQUEST', async () => {
    const response = await org.api(alice)('POST', '/messages', {
      type: 'private',
      to: 'ghost@hearth.test',
      content: 'boo',
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'BAD_REQUEST' });
    expect(response.json.msg).toContain('ghost@hearth.test');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await org.api(alice)('GET', '/no/such/endpoint');
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ result: 'error', msg: 'Not Found' });
  });

  it('answers a wrong method on a known path with 405', async () => {
    const response = await org.api(alice)('PUT', '/messages');
    expect(response.status).toBe(405);
    expect(response.json).toMatchObject({ result: 'error' });
  });

  it('refuses dev_fetch_api_key outside development mode', async () => {
    const response = await org.api()('POST', '/dev_fetch_api_key', { username: alice.email });
    expect(response.status).toBe(400);
    expect(response.json.result).toBe('error');
    expect(JSON.stringify(response.json)).not.toContain(alice.apiKey);
  });

  it('reports BAD_EVENT_QUEUE_ID with the queue_id for an unknown queue', async () => {
    const response = await org.api(alice)('GET', '/events', {
      queue_id: '1:999',
      dont_block: true,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: '1:999' });
  });

  it('never answers garbage input with a 500', async () => {
    const api = org.api(alice);
    const attempts = [
      api('POST', '/messages', { type: 'carrier-pigeon', to: 'design', content: 'x' }),
      api('POST', '/users/me/subscriptions', { subscriptions: '{not json' }),
      api('POST', '/users/me/subscriptions', { subscriptions: [{ title: 'x' }] }),
      api('GET', '/messages', { anchor: 'newest', num_before: -1, num_after: 0 }),
      api('GET', '/messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [{ operator: 'bogus', operand: 'x' }],
      }),
      api('POST', '/register', { narrow: [['stream', 1, 2]] }),
      api('GET', '/events', { queue_id: 'nonsense', last_event_id: 'x' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(response.json.result).toBe('error');
    }
  });

  it('answers a body it cannot parse with a JSON 400', async () => {
    const token = Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64');
    const response = await fetch(`${org.url}/api/v1/messages`, {
      method: 'POST',
      headers: { Authorization: `Basic ${token}`, 'Content-Type': 'multipart/form-data' },
      body: 'not multipart at all',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.json()).toMatchObject({ result: 'error' });
  });
});
