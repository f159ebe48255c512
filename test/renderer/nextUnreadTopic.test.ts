import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { Narrow, SidebarStream } from '../../src-preload/bridge';
import { nextUnreadTopic } from '../../src-renderer/src/lib/nextUnreadTopic';

const stream = (
  streamId: number,
  topics: [name: string, unread: number, muted?: boolean][],
  options: { pinned?: boolean; muted?: boolean; folderId?: number } = {},
): SidebarStream => ({
  streamId,
  name: `s${streamId}`,
  color: '#000',
  muted: options.muted ?? false,
  pinned: options.pinned ?? false,
  unread: topics.reduce((sum, [, unread]) => sum + unread, 0),
  topicsPolicy: 'disable_empty_topic',
  folderId: options.folderId ?? null,
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
    expect(nextUnreadTopic(streams, [], null)).toEqual(topic(3, 'pinned news'));
    expect(nextUnreadTopic(streams, [], { kind: 'all' })).toEqual(topic(3, 'pinned news'));
  });

  it('goes on from the topic being read, in the order of its stream’s topics', () => {
    expect(nextUnreadTopic(streams, [], topic(3, 'pinned news'))).toEqual(topic(1, 'lunch'));
    expect(nextUnreadTopic(streams, [], topic(1, 'lunch'))).toEqual(topic(1, 'deploy'));
    expect(nextUnreadTopic(streams, [], topic(1, 'quiet'))).toEqual(topic(1, 'deploy'));
  });

  it('passes muted streams and topics, and starts over after the last', () => {
    expect(nextUnreadTopic(streams, [], topic(1, 'deploy'))).toEqual(topic(5, 'release'));
    expect(nextUnreadTopic(streams, [], topic(5, 'release'))).toEqual(topic(3, 'pinned news'));
  });

  it('takes a stream being read as before its first topic', () => {
    expect(nextUnreadTopic(streams, [], { kind: 'stream', streamId: 1 })).toEqual(
      topic(1, 'lunch'),
    );
  });

  it('finds nothing when only the topic being read is unread', () => {
    const one = [stream(7, [['only', 1]])];
    expect(nextUnreadTopic(one, [], topic(7, 'only'))).toBeNull();
    expect(nextUnreadTopic(one, [], { kind: 'all' })).toEqual(topic(7, 'only'));
  });

  describe('where the sidebar groups channels by folder', () => {
    // The server orders folder "Backend" before "Frontend": the sidebar
    // shows #3 (pinned), then Backend's #2, Frontend's #1 and #5, then #6.
    const filed = [
      stream(1, [['lunch', 2]], { folderId: 20 }),
      stream(2, [['deploy', 1]], { folderId: 21 }),
      stream(3, [['pinned news', 1]], { pinned: true, folderId: 21 }),
      stream(5, [['release', 5]], { folderId: 20 }),
      stream(6, [['chatter', 1]]),
    ];
    const folders = [
      { id: 21, name: 'Backend' },
      { id: 20, name: 'Frontend' },
    ];
    const walk = (from: Narrow | null, steps: number): (Narrow | null)[] => {
      const seen: (Narrow | null)[] = [];
      let here = from;
      for (let step = 0; step < steps; step += 1) {
        here = nextUnreadTopic(filed, folders, here);
        seen.push(here);
      }
      return seen;
    };

    it('goes through the topics in the order the sidebar shows them, folder by folder', () => {
      expect(walk(null, 5)).toEqual([
        topic(3, 'pinned news'),
        topic(2, 'deploy'),
        topic(1, 'lunch'),
        topic(5, 'release'),
        topic(6, 'chatter'),
      ]);
      expect(nextUnreadTopic(filed, folders, topic(6, 'chatter'))).toEqual(topic(3, 'pinned news'));
    });

    it('keeps main’s order where the reader does not group by folder', () => {
      expect(nextUnreadTopic(filed, [], topic(3, 'pinned news'))).toEqual(topic(1, 'lunch'));
      expect(nextUnreadTopic(filed, [], topic(1, 'lunch'))).toEqual(topic(2, 'deploy'));
      expect(nextUnreadTopic(filed, [], topic(2, 'deploy'))).toEqual(topic(5, 'release'));
    });
  });
});
