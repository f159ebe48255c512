import { describe, expect, it } from 'vitest';
import { channelFoldersOf, folderIdOf } from '../../../src-main/client/app/channelFolders';
import { applyEvent, type InitialState } from '../../../src-main/state/applyEvent';
import { channelsById } from '../../../src-main/state/channelsById';
import type { QueuedEvent } from '../../../src-main/wire';

const folder = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  description: '',
  rendered_description: '',
  is_archived: false,
  ...extra,
});

// A Zulip 11 organization that files its channels in folders.
const state = {
  zulip_feature_level: 440,
  channel_folders: [
    folder(1, 'Engineering', { order: 1 }),
    folder(2, 'Social', { order: 0 }),
    folder(3, 'Old projects', { order: 2, is_archived: true }),
  ],
  subscriptions: [
    { stream_id: 10, name: 'backend', folder_id: 1 },
    { stream_id: 11, name: 'random', folder_id: 2 },
    { stream_id: 12, name: 'legacy', folder_id: 3 },
    { stream_id: 13, name: 'general', folder_id: null },
  ],
} as unknown as InitialState;

// The folder of a channel the state holds, found as the snapshot finds it.
const filedIn = (from: InitialState, streamId: number) =>
  folderIdOf(from, channelsById(from).get(streamId));

const apply = (event: Record<string, unknown>) =>
  applyEvent(state, { id: 1, type: 'channel_folder', ...event } as QueuedEvent);

describe('channel folders', () => {
  it('are listed in the server’s order, leaving out archived ones', () => {
    expect(channelFoldersOf(state)).toEqual([
      { id: 2, name: 'Social' },
      { id: 1, name: 'Engineering' },
    ]);
    expect(channelFoldersOf(null)).toEqual([]);
  });

  it('hold the channels filed in them, none in an archived folder', () => {
    expect([10, 11, 12, 13].map((id) => filedIn(state, id))).toEqual([1, 2, null, null]);
  });

  it('follow the events that add, rename, archive and reorder them', () => {
    expect(
      channelFoldersOf(apply({ op: 'add', channel_folder: folder(4, 'Ops', { order: 3 }) })),
    ).toEqual([
      { id: 2, name: 'Social' },
      { id: 1, name: 'Engineering' },
      { id: 4, name: 'Ops' },
    ]);
    const renamed = apply({ op: 'update', channel_folder_id: 1, data: { name: 'Engineers' } });
    expect(channelFoldersOf(renamed)[1]).toEqual({ id: 1, name: 'Engineers' });
    const archived = apply({ op: 'update', channel_folder_id: 2, data: { is_archived: true } });
    expect(channelFoldersOf(archived)).toEqual([{ id: 1, name: 'Engineering' }]);
    expect(filedIn(archived, 11)).toBeNull();
    const reordered = apply({ op: 'reorder', order: [1, 2, 3] });
    expect(channelFoldersOf(reordered).map((each) => each.id)).toEqual([1, 2]);
  });
});
