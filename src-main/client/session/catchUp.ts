import type { Api } from '../api';
import type { Cache } from '../cache/accountCache';

/** Told after each page: the IDs it stored, and how many were stored in all. */
export type CatchUpReport = (messageIds: readonly number[], total: number) => void;

// Zulip's recommended page size for history without a narrow.
const pageSize = 1000;
const firstPageSize = 100;

/**
 * Lets the event loop run what fetch deferred, so that a request just asked
 * for leaves before a synchronous store: otherwise the host sits idle through
 * it. fetch (undici) dispatches once its promises settle; on a reused
 * keep-alive connection it then checks, in an immediate of its own, that the
 * server has not closed it, and writes the request only then. The first
 * immediate here was queued before that one, the second after it.
 */
async function requestWritten(): Promise<void> {
  await new Promise(setImmediate);
  await new Promise(setImmediate);
}

/**
 * Fetches every message newer than the newest cached one, in pages, until the
 * server says the newest was reached: what a lost queue missed. Each page is
 * stored with the IDs it holds complete, so the feed shows no gap.
 */
export async function catchUp(
  api: Api,
  cache: Cache,
  newestCached: number,
  report: CatchUpReport,
): Promise<void> {
  const fetchAfter = (anchor: number) => {
    const request = { anchor, numBefore: 0, numAfter: pageSize };
    const answer = api.getMessages({ ...request, narrow: [], includeAnchor: false });
    // Awaited below; until then a failure must not count as unhandled.
    answer.catch(() => undefined);
    return { request, answer };
  };
  let next = fetchAfter(newestCached);
  let total = 0;
  for (;;) {
    const { request, answer } = next;
    const page = await answer;
    const highest = page.messages.at(-1)?.id;
    const more = !page.found_newest && highest !== undefined;
    // The next page is on its way while this one is stored; full-text
    // indexing waits until the session is idle, or until someone searches.
    if (more) {
      next = fetchAfter(highest);
      await requestWritten();
    }
    cache.storePage({ kind: 'all' }, request, page, { deferText: true });
    const ids = page.messages.map((message) => message.id);
    total += ids.length;
    report(ids, total);
    if (!more) return;
  }
}

/** A first registration: the newest messages, so that the home feed reads offline from now on. */
export async function fetchNewestOfAll(
  api: Api,
  cache: Cache,
  report: CatchUpReport,
): Promise<void> {
  const request = { anchor: 'newest' as const, numBefore: firstPageSize, numAfter: 0 };
  const page = await api.getMessages({ ...request, narrow: [] });
  cache.storePage({ kind: 'all' }, request, page);
  report(
    page.messages.map((message) => message.id),
    page.messages.length,
  );
}
