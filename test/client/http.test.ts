import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { ApiError } from '../../src-main/client/errors';
import { startOrg, type Org, type TestUser } from '../helpers/org';

let org: Org;
let alice: TestUser;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
});

afterAll(() => org.close());

describe('API errors', () => {
  it("carries Zulip's error code and the HTTP status", async () => {
    const api = createApi({ serverUrl: org.url, email: alice.email, apiKey: alice.apiKey });

    const failure = api.getEvents({ queueId: '1:999', lastEventId: -1, dontBlock: true });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', status: 400 });
  });

  it('names a missing stream with STREAM_DOES_NOT_EXIST and keeps the extra fields of the error', async () => {
    const api = createApi({ serverUrl: org.url, email: alice.email, apiKey: alice.apiKey });

    const failure = api.sendStreamMessage({ stream: 'nowhere', topic: 't', content: 'c' });

    await expect(failure).rejects.toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      body: { stream: 'nowhere' },
    });
  });

  it('accepts a server URL with or without a trailing slash', async () => {
    const withSlash = createApi({
      serverUrl: `${org.url}/`,
      email: alice.email,
      apiKey: alice.apiKey,
    });

    expect((await withSlash.getIdentity()).email).toBe(alice.email);
  });
});
