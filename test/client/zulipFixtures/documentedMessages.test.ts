import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../src-main/client/api';
import { openCache } from '../../../src-main/client/cache/openCache';
import { startFixtureServer, type FixtureServer } from '../accounts/fixtureServer';
import { tempFolder } from '../cache/fixtures';

// Zulip's documented GET and POST /messages answers, served over HTTP as a
// Zulip server would: what the client sends, and what it makes of the answers.
const documented = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({
    'GET /api/v1/messages': { status: 200, body: documented('messages-page.json') },
    'POST /api/v1/messages': { status: 200, body: documented('sent-message.json') },
  });
});
afterAll(() => server.close());

const api = () =>
  createApi({ serverUrl: server.url, email: 'iago@zulip.com', apiKey: 'documented-key' });

describe("Zulip's documented /messages answers", () => {
  it('fetch a page as Zulip documents the parameters, stored without claiming the oldest', async () => {
    const request = { anchor: 21, numBefore: 4, numAfter: 8 };
    const page = await api().getMessages({
      ...request,
      narrow: [{ operator: 'stream', operand: 5 }],
      includeAnchor: false,
    });
    const sent = server.received.at(-1);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      anchor: '21',
      num_before: '4',
      num_after: '8',
      narrow: JSON.stringify([{ operator: 'stream', operand: 5 }]),
      apply_markdown: 'true',
      include_anchor: 'false',
    });
    expect(page.messages.map((message) => message.id)).toEqual([16, 21]);
    expect(page.found_oldest).toBe(false);

    const { cache } = openCache(join(tempFolder(), 'zulip.db'), { log: () => undefined });
    cache.storePage({ kind: 'all' }, request, page);
    const shown = cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 10 });
    expect(shown.messages.map((message) => message.id)).toEqual([16, 21]);
    // Zulip did not promise the oldest, so what lies before is a gap, not history.
    expect(shown.older).toBe('not-cached');
    cache.close();
  });

  it('send with the local echo parameters Zulip documents, and read the new ID', async () => {
    const id = await api().sendMessage({
      to: { streamId: 5, topic: 'Castle' },
      content: 'Hello',
      queueId: 'fb67bf8a-c031-47cc-84cf-ed80accacda8',
      localId: '100.01',
    });
    expect(id).toBe(42);
    const sent = server.received.at(-1);
    expect(sent?.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      type: 'stream',
      to: '5',
      topic: 'Castle',
      content: 'Hello',
      queue_id: 'fb67bf8a-c031-47cc-84cf-ed80accacda8',
      local_id: '100.01',
    });
  });
});
