import { describe, expect, it } from 'vitest';
import {
  channelFoldersOf,
  folderGroupingOf,
  folderIdOf,
  groupingFoldersOf,
  zulipFolderGroupingPatch,
} from '../../../src-main/client/views/channelFolders';
import { applyEvent } from '../../../src-main/reducer/applyEvent';
import type { InitialState } from '../../../src-main/wire/registerState';
import { channelsById } from '../../../src-main/registerReads/channelsById';
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

describe('grouping channels by folder', () => {
  const withSettings = (settings: Record<string, unknown>): InitialState => ({
    ...state,
    user_settings: settings,
  });
  const setting = (from: InitialState, property: string, value: boolean) =>
    applyEvent(from, {
      id: 2,
      type: 'user_settings',
      op: 'update',
      property,
      value,
    } as QueuedEvent);

  it('reads the reader’s choices for the sidebar (Zulip 11) and the Inbox (Zulip 12)', () => {
    const both = withSettings({
      web_left_sidebar_show_channel_folders: false,
      web_inbox_show_channel_folders: true,
    });
    expect(folderGroupingOf(both)).toEqual({ sidebar: false, inbox: true });
    expect(groupingFoldersOf(both, 'sidebar')).toEqual([]);
    expect(groupingFoldersOf(both, 'inbox').map((each) => each.name)).toEqual([
      'Social',
      'Engineering',
    ]);
  });

  it('has no choice to offer where the server has no such setting, and groups as Zulip did before them', () => {
    expect(folderGroupingOf(withSettings({}))).toEqual({ sidebar: null, inbox: null });
    expect(folderGroupingOf(null)).toEqual({ sidebar: null, inbox: null });
    expect(groupingFoldersOf(withSettings({}), 'sidebar')).toHaveLength(2);
    // A Hearth host (Zulip 7.0) has neither the settings nor folders.
    expect(groupingFoldersOf({ zulip_feature_level: 185, user_settings: {} }, 'sidebar')).toEqual(
      [],
    );
  });

  it('follows the user_settings events that turn either off and on', () => {
    const on = withSettings({
      web_left_sidebar_show_channel_folders: true,
      web_inbox_show_channel_folders: true,
    });
    const off = setting(on, 'web_left_sidebar_show_channel_folders', false);
    expect(folderGroupingOf(off)).toEqual({ sidebar: false, inbox: true });
    expect(groupingFoldersOf(off, 'sidebar')).toEqual([]);
    const inboxOff = setting(off, 'web_inbox_show_channel_folders', false);
    expect(groupingFoldersOf(inboxOff, 'inbox')).toEqual([]);
    const back = setting(inboxOff, 'web_left_sidebar_show_channel_folders', true);
    expect(groupingFoldersOf(back, 'sidebar').map((each) => each.id)).toEqual([2, 1]);
  });

  it('keeps the folders in the order a reorder event gives, for the sidebar and the Inbox alike', () => {
    const reordered = apply({ op: 'reorder', order: [1, 3, 2] });
    expect(groupingFoldersOf(reordered, 'sidebar').map((each) => each.name)).toEqual([
      'Engineering',
      'Social',
    ]);
    expect(groupingFoldersOf(reordered, 'inbox').map((each) => each.name)).toEqual([
      'Engineering',
      'Social',
    ]);
  });

  it('sends the choices as Zulip’s PATCH /settings names them', () => {
    expect(zulipFolderGroupingPatch({ sidebar: false })).toEqual({
      web_left_sidebar_show_channel_folders: false,
      web_inbox_show_channel_folders: undefined,
    });
    expect(zulipFolderGroupingPatch({ inbox: true })).toEqual({
      web_left_sidebar_show_channel_folders: undefined,
      web_inbox_show_channel_folders: true,
    });
  });
});
