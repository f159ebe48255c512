import { describe, expect, it } from 'vitest';
import { cacheNotifyContext } from '../../../src-main/client/notify/context';
import { decide, type Decision } from '../../../src-main/client/notify/policy';
import { zulipNotificationDefaults } from '../../../src-main/wire';
import {
  bob,
  event,
  freshCache,
  me,
  noUnread,
  streamMessage,
  subscription,
  user,
} from '../cache/fixtures';

// The policy reads an account's subscriptions and topic policies from its
// cache, as the events of other devices keep them.

/** Whether it is silenced, and whether a desktop notification shows. */
const outcome = ({ silenced, notice }: Decision) => ({ silenced, desktop: notice !== null });

function account() {
  const cache = freshCache();
  cache.storeRegister(
    {
      user_id: me.id,
      subscriptions: [
        { ...subscription(1, 'kitchen'), desktop_notifications: true },
        subscription(2, 'quiet', true),
      ],
      realm_users: [user(me), user(bob)],
      unread_msgs: noUnread,
      user_topics: [
        { stream_id: 2, topic_name: 'Fire alarm', last_updated: 1, visibility_policy: 2 },
      ],
    },
    { queueId: 'q', lastEventId: 0 },
  );
  return cache;
}

describe('the notification context of an account', () => {
  it("follows the stream's own setting, its muting, and the topics the user unmuted", () => {
    const cache = account();
    const context = cacheNotifyContext(cache, me.id, zulipNotificationDefaults, () => false);
    const at = (streamId: number, topic: string) =>
      outcome(
        decide(
          streamMessage(1, { streamId, topic, stream: streamId === 1 ? 'kitchen' : 'quiet' }),
          [],
          context,
        ),
      );

    expect(at(1, 'soup')).toMatchObject({ silenced: null, desktop: true });
    expect(at(2, 'chatter')).toMatchObject({ silenced: 'muted stream', desktop: false });
    // The topic's policy matches without regard to case; the stream's own setting is inherited (off).
    expect(at(2, 'fire ALARM')).toMatchObject({ silenced: null, desktop: false });
    expect(at(3, 'elsewhere')).toMatchObject({ silenced: null, desktop: false });
  });

  it('changes with the events another device causes', () => {
    const cache = account();
    const context = cacheNotifyContext(cache, me.id, zulipNotificationDefaults, () => false);
    cache.applyEvents([
      event('subscription', {
        op: 'update',
        stream_id: 1,
        property: 'desktop_notifications',
        value: false,
      }),
      event('user_topic', {
        stream_id: 1,
        topic_name: 'soup',
        last_updated: 2,
        visibility_policy: 1,
      }),
    ]);
    const message = streamMessage(1, { streamId: 1, topic: 'bread', stream: 'kitchen' });
    expect(outcome(decide(message, [], context))).toMatchObject({ silenced: null, desktop: false });
    const muted = streamMessage(2, { streamId: 1, topic: 'Soup', stream: 'kitchen' });
    expect(outcome(decide(muted, ['mentioned'], context))).toMatchObject({
      silenced: null,
      desktop: true,
    });
    expect(decide(muted, ['wildcard_mentioned'], context).silenced).toBe('muted topic');
  });
});
