import type { ChannelFolderRow, Narrow, SidebarStream } from '../../../src-preload/bridge';
import { channelSections } from './sidebarOrder';

/**
 * Zulip's `n`: the next topic with unread messages after the one being read,
 * in the order the sidebar lists them (pinned streams first, then each
 * folder's where the sidebar groups channels under `folders`, then each
 * stream's topics as shown), past muted streams and topics, starting over
 * from the top when the end is reached. Null when no other topic is unread.
 */
export function nextUnreadTopic(
  streams: readonly SidebarStream[],
  folders: readonly ChannelFolderRow[],
  narrow: Narrow | null,
): Narrow | null {
  const ordered = channelSections(streams, folders).flatMap((section) => section.channels);
  const unread = ordered.flatMap((stream) =>
    stream.muted
      ? []
      : stream.topics
          .filter((topic) => topic.unread > 0 && !topic.muted)
          .map((topic) => ({ streamId: stream.streamId, topic: topic.name })),
  );
  const streamIndex = (streamId: number) =>
    ordered.findIndex((stream) => stream.streamId === streamId);
  let after = -1;
  if (narrow?.kind === 'stream') {
    const here = streamIndex(narrow.streamId);
    const topics = ordered[here]?.topics.map((topic) => topic.name) ?? [];
    // The last unread topic before or at the reader's place, by sidebar order.
    const place = (entry: { streamId: number; topic: string }) => {
      const index = streamIndex(entry.streamId);
      if (index !== here) return index < here ? -1 : 1;
      if (narrow.topic === undefined) return 1;
      return topics.indexOf(entry.topic) <= topics.indexOf(narrow.topic) ? -1 : 1;
    };
    after = unread.findLastIndex((entry) => place(entry) < 0);
  }
  const next = [...unread.slice(after + 1), ...unread.slice(0, after + 1)].find(
    (entry) =>
      narrow?.kind !== 'stream' ||
      entry.streamId !== narrow.streamId ||
      entry.topic !== narrow.topic,
  );
  return next ? { kind: 'stream', streamId: next.streamId, topic: next.topic } : null;
}
