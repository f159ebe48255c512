import { describe, expect, it } from 'vitest';
import { ftsQuery } from '../../../src-main/client/cache/ftsQuery';
import type { NarrowTerm } from '../../../src-main/wire';
import {
  bob,
  carol,
  event,
  freshCache,
  ids,
  me,
  noUnread,
  privateMessage,
  streamMessage,
  subscription,
  user,
} from './fixtures';

function searchableCache() {
  const cache = freshCache();
  cache.storeRegister(
    {
      user_id: me.id,
      subscriptions: [subscription(1, 'general'), subscription(2, 'Random')],
      realm_users: [user(me), user(bob), user(carol)],
      unread_msgs: noUnread,
    },
    { queueId: 'q', lastEventId: -1 },
  );
  cache.storeMessages([
    streamMessage(1, { content: '<p>The café &amp; bakery opens at nine</p>', flags: ['read'] }),
    streamMessage(2, {
      topic: 'Lunch',
      content: '<p>see <a href="https://example.com">the menu</a></p>',
      flags: ['read', 'starred'],
    }),
    streamMessage(3, {
      streamId: 2,
      stream: 'Random',
      content: '<p>bakery NEAR the station</p>',
      sender: carol,
    }),
    privateMessage(4, [me, bob], { content: '<p>lunch at the bakery?</p>', flags: ['mentioned'] }),
    streamMessage(5, { content: '<p>"quoted" words -minus OR star*</p>', flags: ['read'] }),
  ]);
  return cache;
}

const search = (terms: NarrowTerm[], limit = 50) => {
  const cache = searchableCache();
  return cache.searchMessages(terms, limit);
};

describe('searchMessages', () => {
  it('finds words in the text of the HTML, entities decoded and accents ignored', () => {
    expect(ids(search([{ operator: 'search', operand: 'bakery' }]).messages)).toEqual([1, 3, 4]);
    expect(ids(search([{ operator: 'search', operand: 'cafe' }]).messages)).toEqual([1]);
    expect(ids(search([{ operator: 'search', operand: 'href' }]).messages)).toEqual([]);
    expect(ids(search([{ operator: 'search', operand: 'amp' }]).messages)).toEqual([]);
    expect(ids(search([{ operator: 'search', operand: 'menu lunch' }]).messages)).toEqual([2]);
  });

  it('returns the newest matches up to the limit, oldest first', () => {
    expect(ids(search([{ operator: 'search', operand: 'bakery' }], 2).messages)).toEqual([3, 4]);
    expect(ids(search([], 3).messages)).toEqual([3, 4, 5]);
  });

  it('applies stream by name or ID, topic without regard to case, and sender by email or ID', () => {
    expect(ids(search([{ operator: 'stream', operand: 'random' }]).messages)).toEqual([3]);
    expect(ids(search([{ operator: 'stream', operand: 1 }]).messages)).toEqual([1, 2, 5]);
    expect(ids(search([{ operator: 'stream', operand: 'nowhere' }]).messages)).toEqual([]);
    expect(ids(search([{ operator: 'topic', operand: 'LUNCH' }]).messages)).toEqual([2]);
    expect(ids(search([{ operator: 'sender', operand: 'carol@hearth.test' }]).messages)).toEqual([
      3,
    ]);
    expect(ids(search([{ operator: 'sender', operand: bob.id }]).messages)).toEqual([1, 2, 5]);
    expect(ids(search([{ operator: 'sender', operand: 'me' }]).messages)).toEqual([4]);
  });

  it('applies is:unread, is:starred, is:mentioned, is:dm, has:link and negation', () => {
    const found = (operator: string, operand: string, negated = false) =>
      ids(search([{ operator, operand, negated }]).messages);
    expect(found('is', 'unread')).toEqual([3, 4]);
    expect(found('is', 'starred')).toEqual([2]);
    expect(found('is', 'mentioned')).toEqual([4]);
    expect(found('is', 'private')).toEqual([4]);
    expect(found('is', 'dm')).toEqual([4]);
    expect(found('has', 'link')).toEqual([2]);
    expect(found('is', 'unread', true)).toEqual([1, 2, 5]);
    expect(found('search', 'bakery', true)).toEqual([2, 5]);
  });

  it('applies a private conversation by its other participants', () => {
    expect(ids(search([{ operator: 'dm', operand: [bob.id] }]).messages)).toEqual([4]);
    expect(ids(search([{ operator: 'dm', operand: 'bob@hearth.test' }]).messages)).toEqual([4]);
    expect(ids(search([{ operator: 'dm', operand: [carol.id] }]).messages)).toEqual([]);
  });

  it('reports the terms it cannot apply and searches without them', () => {
    const result = search([
      { operator: 'search', operand: 'bakery' },
      { operator: 'has', operand: 'image' },
      { operator: 'near', operand: 3 },
    ]);
    expect(ids(result.messages)).toEqual([1, 3, 4]);
    expect(result.unapplied).toEqual([
      { operator: 'has', operand: 'image' },
      { operator: 'near', operand: 3 },
    ]);
  });

  it('searches for FTS5 syntax typed by the user as plain words', () => {
    expect(ids(search([{ operator: 'search', operand: 'NEAR' }]).messages)).toEqual([3]);
    expect(ids(search([{ operator: 'search', operand: 'minus OR' }]).messages)).toEqual([5]);
    expect(ids(search([{ operator: 'search', operand: 'star*' }]).messages)).toEqual([5]);
    expect(ids(search([{ operator: 'search', operand: '"bakery opens"' }]).messages)).toEqual([1]);
    for (const hostile of [
      '"',
      '"unclosed phrase',
      'a" OR "b',
      'NEAR(bakery station, 2)',
      '-bakery',
      'topic:lunch',
      '*',
      '()',
      "'; DROP TABLE messages; --",
      '^bakery',
      'body : bakery',
    ]) {
      expect(() => search([{ operator: 'search', operand: hostile }])).not.toThrow();
    }
    expect(ids(search([{ operator: 'search', operand: 'a" OR "b' }]).messages)).toEqual([]);
    expect(ids(search([{ operator: 'search', operand: '-bakery' }]).messages)).toEqual([1, 3, 4]);
  });

  it('keeps the index in step with edits, moves and deletions', () => {
    const cache = searchableCache();
    cache.applyEvents([
      event('update_message', {
        message_id: 1,
        message_ids: [1],
        flags: ['read'],
        edit_timestamp: 2,
        rendered_content: '<p>closed today</p>',
      }),
      event('update_message', {
        message_id: 5,
        message_ids: [5],
        flags: ['read'],
        edit_timestamp: 2,
        stream_id: 1,
        subject: 'bakery news',
      }),
      event('delete_message', { message_id: 3, message_type: 'stream' }),
    ]);
    const found = (word: string) =>
      ids(cache.searchMessages([{ operator: 'search', operand: word }], 10).messages);
    expect(found('bakery')).toEqual([4, 5]);
    expect(found('closed')).toEqual([1]);
    expect(found('station')).toEqual([]);
  });
});

describe('ftsQuery', () => {
  it('quotes every word and drops quotes typed inside', () => {
    expect(ftsQuery('lunch OR "dinner party" *')).toBe('"lunch" AND "OR" AND "dinner party"');
    expect(ftsQuery(' " * - ')).toBeNull();
  });
});
