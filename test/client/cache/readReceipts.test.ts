import { describe, expect, it } from 'vitest';
import { event, freshCache, streamMessage } from './fixtures';

// The read receipts the server last gave for a message, kept for offline.

describe('cached read receipts', () => {
  it('keeps the last answer for a message, with when it came, and replaces it with the next', () => {
    const cache = freshCache();
    cache.storeMessages([streamMessage(10), streamMessage(11)]);
    expect(cache.readReceipts(10)).toBeNull();
    cache.saveReadReceipts(10, { userIds: [3], fetchedAt: 1_000 });
    cache.saveReadReceipts(10, { userIds: [3, 4], fetchedAt: 2_000 });
    expect(cache.readReceipts(10)).toEqual({ userIds: [3, 4], fetchedAt: 2_000 });
    expect(cache.readReceipts(11)).toBeNull();
  });

  it('forgets them when the message is deleted', () => {
    const cache = freshCache();
    cache.storeMessages([streamMessage(10)]);
    cache.saveReadReceipts(10, { userIds: [3], fetchedAt: 1_000 });
    cache.applyEvents([
      event('delete_message', { message_ids: [10], message_type: 'stream', stream_id: 1 }),
    ]);
    expect(cache.readReceipts(10)).toBeNull();
  });
});
