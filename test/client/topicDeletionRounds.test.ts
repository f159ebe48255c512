import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { startFixtureServer, type FixtureServer } from './accounts/fixtureServer';

// A topic too large for one request: Zulip 6 and 7 answer "partially_completed"
// (feature level 154), Zulip 8 and later `complete: false` (211), each asking
// the client to repeat the request, which it does, a bounded number of times.
// A real server stops early only after 50 seconds, so a stand-in answers.
let server: FixtureServer | undefined;
afterEach(() => server?.close());

async function serve(body: Record<string, unknown>) {
  server = await startFixtureServer({
    'POST /api/v1/streams/5/delete_topic': { status: 200, body: { msg: '', ...body } },
  });
  return createApi({ serverUrl: server.url, email: 'iago@zulip.com', apiKey: 'key' });
}

describe('deleting a large topic', () => {
  it('asks once when the server finished, as Zulip 7.0 and later say it', async () => {
    for (const body of [{ result: 'success' }, { result: 'success', complete: true }]) {
      await (await serve(body)).deleteTopic(5, 'lunch');
      expect(server?.received.map((request) => request.body)).toEqual(['topic_name=lunch']);
      await server?.close();
    }
  });

  it('asks again while the server says it stopped partway, in either form', async () => {
    for (const body of [
      { result: 'partially_completed', code: 'REQUEST_TIMEOUT' },
      { result: 'success', complete: false },
    ]) {
      await (await serve(body)).deleteTopic(5, 'lunch');
      expect(server?.received).toHaveLength(50);
      await server?.close();
    }
  });
});
