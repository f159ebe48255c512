import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bob,
  carol,
  cacheHolding,
  event,
  freshCache,
  me,
  messageEvent,
  reopen,
  streamMessage,
  tempFolder,
} from './fixtures';

const tada = { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' };
const heart = { emoji_name: 'heart', emoji_code: '2764', reaction_type: 'unicode_emoji' };

const reaction = (op: 'add' | 'remove', messageId: number, userId: number, emoji = tada) =>
  event('reaction', { op, message_id: messageId, user_id: userId, ...emoji });

describe('reactions in the cache', () => {
  it('adds and removes reactions on a cached message from the server’s events', () => {
    const cache = cacheHolding([streamMessage(1), streamMessage(2)]);
    cache.applyEvents([
      reaction('add', 1, bob.id),
      reaction('add', 1, me.id),
      reaction('add', 1, carol.id, heart),
    ]);
    cache.applyEvents([reaction('remove', 1, bob.id)]);
    const [first, second] = cache.messagesAmong({ kind: 'all' }, [1, 2]);
    expect(first?.reactions).toEqual([
      { ...tada, user_id: me.id },
      { ...heart, user_id: carol.id },
    ]);
    expect(second?.reactions).toEqual([]);
  });

  it('does not double a reaction delivered again, and tells reactions apart by code, not name', () => {
    const cache = cacheHolding([streamMessage(1)]);
    cache.applyEvents([reaction('add', 1, bob.id), reaction('add', 1, bob.id)]);
    cache.applyEvents([reaction('remove', 1, bob.id, { ...tada, emoji_name: 'party_popper' })]);
    expect(cache.messagesAmong({ kind: 'all' }, [1])[0]?.reactions).toEqual([]);
  });

  it('passes over a reaction to a message it does not hold, and a malformed event', () => {
    const cache = cacheHolding([streamMessage(1)]);
    cache.applyEvents([reaction('add', 99, bob.id), event('reaction', { op: 'add' })]);
    expect(cache.messagesAmong({ kind: 'all' }, [1])[0]?.reactions).toEqual([]);
  });

  it('keeps reactions across a restart, for an offline window', () => {
    const file = join(tempFolder(), 'account.db');
    const cache = freshCache(file);
    cache.storeRegister({ user_id: me.id }, { queueId: 'q', lastEventId: -1 });
    cache.applyEvents([messageEvent(streamMessage(1)), reaction('add', 1, bob.id)]);
    const reopened = reopen(cache, file);
    expect(reopened.messagesAmong({ kind: 'all' }, [1])[0]?.reactions).toEqual([
      { ...tada, user_id: bob.id },
    ]);
  });

  it('lists the reader’s most used emoji first', () => {
    const cache = cacheHolding([streamMessage(1), streamMessage(2), streamMessage(3)]);
    cache.applyEvents([
      reaction('add', 1, me.id, heart),
      reaction('add', 2, me.id),
      reaction('add', 3, me.id),
      reaction('add', 3, bob.id, heart),
      reaction('add', 1, bob.id, heart),
    ]);
    expect(cache.frequentReactions(5)).toEqual(['unicode_emoji:1f389', 'unicode_emoji:2764']);
  });

  it('keeps the server’s emoji names with the URL they came from, across a restart', () => {
    const file = join(tempFolder(), 'account.db');
    const cache = freshCache(file);
    expect(cache.serverEmoji()).toBeNull();
    const saved = {
      url: 'https://zulip.test/static/emoji_api.1.json',
      codeToNames: { '1f389': ['tada'] },
    };
    cache.saveServerEmoji(saved);
    expect(reopen(cache, file).serverEmoji()).toEqual(saved);
  });
});
