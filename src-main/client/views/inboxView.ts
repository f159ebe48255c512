import type { Inbox, InboxConversation } from '../../../src-preload/bridge';
import type { Cache } from '../cache/accountCache';
import { foldTopic } from '../cache/narrow';
import type { UnreadCounts } from '../cache/unreads';
import type { InitialState } from '../../wire/registerState';
import { channelsById, type StateChannel } from '../../registerReads/channelsById';
import { folderIdOf, groupingFoldersOf } from './channelFolders';
import { partnersOf, userNames } from './conversationsView';

/**
 * Zulip's Inbox: the private conversations with unread messages, then each
 * stream's unread topics, leaving out muted ones and streams the reader left,
 * as Zulip's does. Streams come pinned first, then by name, each with the
 * folder the window groups it under where the reader groups the Inbox by
 * folder (Zulip 12).
 */
export function inboxOf(cache: Cache, counts: UnreadCounts, state: InitialState | null): Inbox {
  const me = cache.ownUserId;
  const nameOf = userNames(cache);
  const streams = new Map(cache.subscriptions().map((sub) => [sub.stream_id, sub]));
  const topics = new Map(
    counts.topics.map((topic) => [`${topic.streamId}:${foldTopic(topic.topic)}`, topic]),
  );
  const dms: InboxConversation[] = [];
  const topicsOf = new Map<number, InboxConversation[]>();
  for (const row of cache.unreadConversations()) {
    if (row.dmKey !== null) {
      const userIds = partnersOf(row.dmKey, me);
      dms.push({
        narrow: { kind: 'private', userIds },
        label: userIds.map(nameOf).join(', '),
        unread: counts.dms.get(row.dmKey) ?? 0,
        mentioned: row.mentioned,
      });
      continue;
    }
    if (row.streamId === null || !streams.has(row.streamId)) continue;
    const topic = topics.get(`${row.streamId}:${row.topicFolded ?? ''}`);
    if (!topic || topic.muted) continue;
    const list = topicsOf.get(row.streamId) ?? [];
    list.push({
      narrow: { kind: 'stream', streamId: row.streamId, topic: topic.topic },
      label: topic.topic,
      unread: topic.count,
      mentioned: row.mentioned,
    });
    topicsOf.set(row.streamId, list);
  }
  const channels = state ? channelsById(state) : new Map<number, StateChannel>();
  return {
    dms,
    streams: [...topicsOf]
      .flatMap(([streamId, topics]) => {
        const stream = streams.get(streamId);
        if (!stream) return [];
        const unread = topics.reduce((sum, topic) => sum + topic.unread, 0);
        return [
          {
            streamId,
            name: stream.name,
            color: stream.color,
            unread,
            pinned: stream.pin_to_top,
            folderId: folderIdOf(state, channels.get(streamId)),
            topics,
          },
        ];
      })
      .sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.name.localeCompare(b.name)),
    folders: groupingFoldersOf(state, 'inbox'),
  };
}
