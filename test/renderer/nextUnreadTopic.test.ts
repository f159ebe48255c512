import { describe, expect, it } from 'vitest';
import type { SidebarStream } from '../../src-preload/bridge';
import { nextUnreadTopic } from '../../src-renderer/src/lib/nextUnreadTopic';

const stream = (
  streamId: number,
  topics: [name: string, unread: number, muted?: boolean][],
  options: { pinned?: boolean; muted?: boolean } = {},
): SidebarStream => ({
  streamId,
  name: `s${streamId}`,
  color: '#000',
  muted: options.muted ?? false,
  pinned: options.pinned ?? false,
  unread: topics.reduce((sum, [, unread]) => sum + unread, 0),
  topicsPolicy: 'disable_empty_topic',
  folderId: null,
  topics: topics.map(([name, unread, muted]) => ({ name, unread, muted: muted ?? false })),
});

// As the sidebar lists them: #3 is pinned, so it comes first.
const streams = [
  stream(1, [
    ['lunch', 2],
    ['quiet', 0],
    ['deploy', 1],
  ]),
  stream(2, [['muted topic', 4, true]]),
  stream(3, [['pinned news', 1]], { pinned: true }),
  stream(4, [['ignored', 3]], { muted: true }),
  stream(5, [['release', 5]]),
];
const topic = (streamId: number, name: string) => ({
  kind: 'stream' as const,
  streamId,
  topic: name,
});

describe("Zulip's n: the next unread topic", () => {
  it('starts at the top of the sidebar, pinned streams first', () => {
    expect(nextUnreadTopic(streams, null)).toEqual(topic(3, 'pinned news'));
    expect(nextUnreadTopic(streams, { kind: 'all' })).toEqual(topic(3, 'pinned news'));
  });

  it('goes on from the topic being read, in the order of its stream’s topics', () => {
    expect(nextUnreadTopic(streams, topic(3, 'pinned news'))).toEqual(topic(1, 'lunch'));
    expect(nextUnreadTopic(streams, topic(1, 'lunch'))).toEqual(topic(1, 'deploy'));
    expect(nextUnreadTopic(streams, topic(1, 'quiet'))).toEqual(topic(1, 'deploy'));
  });

  it('passes muted streams and topics, and starts over after the last', () => {
    expect(nextUnreadTopic(streams, topic(1, 'deploy'))).toEqual(topic(5, 'release'));
    expect(nextUnreadTopic(streams, topic(5, 'release'))).toEqual(topic(3, 'pinned news'));
  });

  it('takes a stream being read as before its first topic', () => {
    expect(nextUnreadTopic(streams, { kind: 'stream', streamId: 1 })).toEqual(topic(1, 'lunch'));
  });

  it('finds nothing when only the topic being read is unread', () => {
    const one = [stream(7, [['only', 1]])];
    expect(nextUnreadTopic(one, topic(7, 'only'))).toBeNull();
    expect(nextUnreadTopic(one, { kind: 'all' })).toEqual(topic(7, 'only'));
  });
});
