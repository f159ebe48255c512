import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { SidebarStream } from '../../src-preload/bridge';
import { channelSections, type ChannelSection } from '../../src-renderer/src/lib/sidebarOrder';

const channel = (streamId: number, folderId: number | null, pinned = false): SidebarStream => ({
  streamId,
  name: `c${streamId}`,
  color: '#000',
  muted: false,
  pinned,
  unread: 0,
  topics: [],
  topicsPolicy: 'disable_empty_topic',
  folderId,
});

const shape = (sections: ChannelSection<SidebarStream>[]) =>
  sections.map((section) => [section.title, section.channels.map((each) => each.streamId)]);

describe('the sidebar’s channels', () => {
  it('are one list, pinned first, where no folder is in use', () => {
    expect(shape(channelSections([channel(1, null), channel(2, 9, true)], []))).toEqual([
      [null, [2, 1]],
    ]);
    expect(channelSections([], [{ id: 1, name: 'Empty' }])).toEqual([]);
  });

  it('group under their folders in the folders’ order, pinned ones first and the rest last', () => {
    const folders = [
      { id: 7, name: 'Social' },
      { id: 3, name: 'Engineering' },
      { id: 5, name: 'Unused' },
    ];
    const streams = [
      channel(1, 3),
      channel(2, 7),
      channel(3, null),
      channel(4, 3, true),
      channel(5, 99),
    ];
    expect(shape(channelSections(streams, folders))).toEqual([
      ['Pinned channels', [4]],
      ['Social', [2]],
      ['Engineering', [1]],
      ['Other channels', [3, 5]],
    ]);
  });
});
