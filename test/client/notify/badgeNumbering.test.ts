import { describe, expect, it } from 'vitest';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import { accountBadge, iconCountChoices } from '../../../src-main/client/notify/badge';
import { bob, carol, freshCache, me, subscription, user } from '../cache/fixtures';

// Issue 34, point 5 (changelog level 227): Zulip 8 added "DMs, mentions, and
// followed topics" as desktop_icon_count_display 2 and renumbered the others
// (3 DMs and mentions, 4 none). The badge reads the number as the account's
// server means it; Hearth hosts keep 7.0's (2 DMs and mentions, 3 none).

function unreadInFollowedTopic(): Cache {
  const cache = freshCache();
  cache.storeRegister(
    {
      user_id: me.id,
      zulip_feature_level: 300,
      subscriptions: [subscription(1, 'general')],
      realm_users: [user(me), user(bob), user(carol)],
      user_topics: [{ stream_id: 1, topic_name: 'Launch', last_updated: 1, visibility_policy: 3 }],
      unread_msgs: {
        pms: [{ other_user_id: bob.id, sender_id: bob.id, unread_message_ids: [101] }],
        streams: [
          // The followed topic, matched without regard to case as Zulip does.
          { stream_id: 1, topic: 'launch', unread_message_ids: [102, 103] },
          { stream_id: 1, topic: 'lunch', unread_message_ids: [104, 105] },
        ],
        huddles: [],
        // 103 is in the followed topic and mentions the reader: counted once.
        mentions: [103, 104],
        count: 5,
        old_unreads_missing: false,
      },
    },
    { queueId: 'q', lastEventId: 0 },
  );
  return cache;
}

const badge = (cache: Cache, display: number, featureLevel: number) => {
  const counts = cache.unreadCounts();
  return accountBadge({ ...counts, display, featureLevel });
};

describe('the badge by desktop_icon_count_display', () => {
  it('counts direct messages, mentions and followed topics as 2 from Zulip 8', () => {
    const cache = unreadInFollowedTopic();
    expect([1, 2, 3, 4].map((display) => badge(cache, display, 300))).toEqual([5, 4, 3, 0]);
  });

  it('keeps Zulip 7.0’s numbers on a Hearth host', () => {
    const cache = unreadInFollowedTopic();
    expect([1, 2, 3].map((display) => badge(cache, display, 185))).toEqual([5, 3, 0]);
  });

  it('offers the choices the server numbers', () => {
    expect(iconCountChoices(185)).toEqual([
      { value: 1, counts: 'allUnread' },
      { value: 2, counts: 'dmsAndMentions' },
      { value: 3, counts: 'none' },
    ]);
    expect(iconCountChoices(227)).toEqual([
      { value: 1, counts: 'allUnread' },
      { value: 2, counts: 'dmsMentionsAndFollowed' },
      { value: 3, counts: 'dmsAndMentions' },
      { value: 4, counts: 'none' },
    ]);
  });
});
