import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import { accountBadge, badgeCount } from '../../../src-main/client/notify/badge';
import {
  bob,
  carol,
  event,
  freshCache,
  me,
  messageEvent,
  privateMessage,
  reopen,
  streamMessage,
  subscription,
  tempFolder,
  user,
} from '../cache/fixtures';

// Issue 14, point 2: the badge by desktop_icon_count_display (1 all unread
// outside muted streams and topics, 2 direct messages and mentions, 3 none),
// kept exact through the events that change unread state.

function registered(file = join(tempFolder(), 'account.db')): Cache {
  const cache = freshCache(file);
  cache.storeRegister(
    {
      user_id: me.id,
      subscriptions: [subscription(1, 'general'), subscription(2, 'quiet', true)],
      realm_users: [user(me), user(bob), user(carol)],
      unread_msgs: {
        pms: [{ other_user_id: bob.id, sender_id: bob.id, unread_message_ids: [101] }],
        streams: [
          { stream_id: 1, topic: 'lunch', unread_message_ids: [102, 103] },
          { stream_id: 2, topic: 'noise', unread_message_ids: [104] },
        ],
        huddles: [],
        // 103 mentions the reader; so does 104, in a muted stream.
        mentions: [103, 104],
        count: 3,
        old_unreads_missing: false,
      },
    },
    { queueId: 'q', lastEventId: 0 },
  );
  return cache;
}

/** The badge for each setting: [all unread, direct messages and mentions, none]. */
const badges = (cache: Cache) => {
  const { total, dmsAndMentions } = cache.unreadCounts();
  return [1, 2, 3].map((display) => accountBadge({ total, dmsAndMentions, display }));
};

const read = (messages: number[]) =>
  event('update_message_flags', {
    op: 'add',
    operation: 'add',
    flag: 'read',
    messages,
    all: false,
  });
const unread = (messages: number[], details: Record<string, unknown>) =>
  event('update_message_flags', {
    op: 'remove',
    operation: 'remove',
    flag: 'read',
    messages,
    all: false,
    message_details: details,
  });

describe('the badge', () => {
  it("starts from the register's unread messages and mentions", () => {
    // All unread: 101, 102, 103 (104 is muted). DMs and mentions: 101, 103, 104.
    expect(badges(registered())).toEqual([3, 3, 0]);
  });

  it('follows new messages, reads on other devices, unread again, edits and deletions', () => {
    const cache = registered();
    const steps: [string, () => void, number[]][] = [
      [
        'a direct message',
        () => cache.applyEvents([messageEvent(privateMessage(110, [bob, me]))]),
        [4, 4, 0],
      ],
      [
        'a plain stream message',
        () => cache.applyEvents([messageEvent(streamMessage(111))]),
        [5, 4, 0],
      ],
      [
        'a personal mention',
        () => cache.applyEvents([messageEvent(streamMessage(112), ['mentioned'])]),
        [6, 5, 0],
      ],
      [
        'a wildcard mention',
        () => cache.applyEvents([messageEvent(streamMessage(113), ['wildcard_mentioned'])]),
        [7, 6, 0],
      ],
      [
        'a direct message that mentions, counted once',
        () =>
          cache.applyEvents([messageEvent(privateMessage(114, [bob, carol, me]), ['mentioned'])]),
        [8, 7, 0],
      ],
      [
        'a message already read elsewhere',
        () => cache.applyEvents([messageEvent(streamMessage(115), ['read', 'mentioned'])]),
        [8, 7, 0],
      ],
      [
        'own message',
        () => cache.applyEvents([messageEvent(streamMessage(116, { sender: me }), ['read'])]),
        [8, 7, 0],
      ],
      ['read on a phone', () => cache.applyEvents([read([101, 112])]), [6, 5, 0]],
      ['the muted mention read', () => cache.applyEvents([read([104])]), [6, 4, 0]],
      [
        'marked unread again, with its details',
        () =>
          cache.applyEvents([
            unread([104], {
              104: { type: 'stream', stream_id: 2, topic: 'noise', mentioned: true },
            }),
          ]),
        [6, 5, 0],
      ],
      [
        'an edit adds a mention',
        () =>
          cache.applyEvents([
            event('update_message', {
              message_id: 111,
              message_ids: [111],
              flags: ['mentioned'],
              edit_timestamp: 1,
              rendered_content: '<p>@**Me** look</p>',
            }),
          ]),
        [6, 6, 0],
      ],
      [
        'an edit takes it away',
        () =>
          cache.applyEvents([
            event('update_message', {
              message_id: 111,
              message_ids: [111],
              flags: [],
              edit_timestamp: 2,
              rendered_content: '<p>never mind</p>',
            }),
          ]),
        [6, 5, 0],
      ],
      [
        'a mention deleted',
        () =>
          cache.applyEvents([
            event('delete_message', { message_ids: [113], message_type: 'stream' }),
          ]),
        [5, 4, 0],
      ],
      [
        'everything read',
        () =>
          cache.applyEvents([
            event('update_message_flags', {
              op: 'add',
              operation: 'add',
              flag: 'read',
              messages: [],
              all: true,
            }),
          ]),
        [0, 0, 0],
      ],
    ];
    for (const [step, apply, expected] of steps) {
      apply();
      expect(badges(cache), step).toEqual(expected);
    }
  });

  it('keeps its mentions across a restart, and after a catch-up page', () => {
    const file = join(tempFolder(), 'account.db');
    const cache = reopen(registered(file), file);
    expect(badges(cache)).toEqual([3, 3, 0]);
    cache.storePage(
      { kind: 'all' },
      { anchor: 200, numBefore: 0, numAfter: 1000 },
      {
        anchor: 200,
        found_anchor: false,
        found_newest: true,
        found_oldest: false,
        messages: [
          streamMessage(201, { flags: ['mentioned'] }),
          streamMessage(202, { flags: [] }),
          privateMessage(203, [carol, me], { sender: carol, flags: ['read'] }),
        ],
      },
      { deferText: true },
    );
    expect(badges(cache)).toEqual([5, 4, 0]);
  });

  it('adds up the accounts, each by its own setting', () => {
    expect(
      badgeCount([
        { total: 7, dmsAndMentions: 2, display: 1 },
        { total: 30, dmsAndMentions: 4, display: 2 },
        { total: 12, dmsAndMentions: 12, display: 3 },
      ]),
    ).toBe(11);
    expect(badgeCount([])).toBe(0);
  });
});
