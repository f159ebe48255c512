import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../src-main/client/api';
import { catchUp } from '../../../src-main/client/session/catchUp';
import { startOrg, type Org, type TestUser } from '../../helpers/org';
import { freshCache, ids } from '../cache/fixtures';

// A lost queue's catching up reads what it missed in pages of 1,000, each
// asked for while the one before is stored.

const missed = 2_050;
let org: Org;
let alice: TestUser;
let before: number;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  await org.subscribe(alice, 'kitchen');
  before = await org.sendStream(alice, 'kitchen', 'lunch', 'seen before the queue was lost');
  let sent = 0;
  const sender = async () => {
    while (sent < missed) {
      sent += 1;
      await org.sendStream(alice, 'kitchen', 'lunch', `missed ${sent}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, sender));
}, 120_000);

afterAll(() => org.close());

describe('catching up on what a lost queue missed', () => {
  it('stores every missed message, asking for each page once, after the one before', async () => {
    const anchors: number[] = [];
    const recorded: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith('/messages')) anchors.push(Number(url.searchParams.get('anchor')));
      return fetch(input, init);
    };
    const api = createApi(
      { serverUrl: org.url, email: alice.email, apiKey: alice.apiKey },
      { fetch: recorded },
    );
    const cache = freshCache();
    const reported: number[] = [];
    await catchUp(api, cache, before, (_ids, total) => reported.push(total));

    expect(reported).toEqual([1_000, 2_000, missed]);
    const feed = cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: missed });
    const stored = ids(feed.messages);
    expect(stored).toHaveLength(missed);
    expect(stored[0]).toBeGreaterThan(before);
    expect(anchors).toEqual([before, stored[999], stored[1_999]]);
  });
});
