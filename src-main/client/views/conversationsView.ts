import type { RecentConversation, SidebarConversation } from '../../../src-preload/bridge';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import type { UnreadCounts } from '../cache/unreads';
import { foldTopic } from '../cache/narrow';
import { isRowMuted } from '../../registerReads/topicMuting';

// Zulip's sidebar lists a few private conversations and keeps the rest a
// click away; Hearth's scrolls, so it can afford more.
const sidebarDmCount = 20;
// Zulip's Recent conversations view shows a few hundred rows at most.
const recentCount = 300;

/** The people of a conversation as a private narrow names them: the others, or the reader alone. */
export function partnersOf(dmKey: string, me: number | null): number[] {
  const ids = dmKey.split(',').map(Number);
  const others = ids.filter((id) => id !== me);
  return others.length > 0 || me === null ? others : [me];
}

/** People's names as the window writes them, "Unknown user" for one the cache does not know. */
export function userNames(cache: Cache): (userId: number) => string {
  const names = new Map(cache.users().map((user) => [user.user_id, user.full_name]));
  return (userId) => names.get(userId) ?? mt('main.names.unknownUser');
}

/** The latest private conversations for the sidebar, newest first, each with its unread count. */
export function sidebarDms(cache: Cache, counts: UnreadCounts): SidebarConversation[] {
  const me = cache.ownUserId;
  const nameOf = userNames(cache);
  return cache.latestPrivateConversations(sidebarDmCount).map((dmKey) => {
    const userIds = partnersOf(dmKey, me);
    return { userIds, names: userIds.map(nameOf), unread: counts.dms.get(dmKey) ?? 0 };
  });
}

/** Zulip's Recent conversations: topics and private conversations by their latest message. */
export function recentConversations(cache: Cache, counts: UnreadCounts): RecentConversation[] {
  const me = cache.ownUserId;
  const nameOf = userNames(cache);
  const streams = new Map(cache.subscriptions().map((sub) => [sub.stream_id, sub]));
  const topicUnread = new Map(
    counts.topics.map((topic) => [`${topic.streamId}:${foldTopic(topic.topic)}`, topic.count]),
  );
  return cache.recentConversations(recentCount).flatMap((row): RecentConversation[] => {
    const participants = row.senderIds.map((userId) => ({ userId, fullName: nameOf(userId) }));
    if (row.dmKey !== null) {
      const userIds = partnersOf(row.dmKey, me);
      return [
        {
          narrow: { kind: 'private', userIds },
          stream: null,
          topic: '',
          dmNames: userIds.map(nameOf),
          participants,
          unread: counts.dms.get(row.dmKey) ?? 0,
          muted: false,
          timestamp: row.timestamp,
        },
      ];
    }
    const stream = row.streamId === null ? undefined : streams.get(row.streamId);
    // A channel the reader left is no longer theirs to follow, and an
    // archived one (Zulip 10) takes no more messages, so Zulip lists neither.
    // The empty topic is a conversation like any other: "general chat".
    if (!stream || stream.is_archived === true) return [];
    return [
      {
        narrow: { kind: 'stream', streamId: stream.stream_id, topic: row.topic },
        stream: { name: stream.name, color: stream.color },
        topic: row.topic,
        dmNames: [],
        participants,
        unread: topicUnread.get(`${stream.stream_id}:${foldTopic(row.topic)}`) ?? 0,
        muted: isRowMuted(stream.is_muted, cache.topicPolicy(stream.stream_id, row.topic)),
        timestamp: row.timestamp,
      },
    ];
  });
}
