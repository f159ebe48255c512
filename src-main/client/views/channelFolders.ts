import type { ChannelFolderRow, FolderGrouping } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import type { StateChannel } from '../../registerReads/channelsById';

/** The organization's channel folders still in use, in the order the server gives them. */
export function channelFoldersOf(state: InitialState | null): ChannelFolderRow[] {
  return (state?.channel_folders ?? [])
    .filter((folder) => !folder.is_archived)
    .sort((a, b) => (a.order ?? a.id) - (b.order ?? b.id) || a.id - b.id)
    .map((folder) => ({ id: folder.id, name: folder.name }));
}

/** The folder `channel` (as channelsById gives it) is filed in; null for none, or for a folder no longer in use. */
export function folderIdOf(
  state: InitialState | null,
  channel: StateChannel | undefined,
): number | null {
  const folderId = channel?.['folder_id'];
  if (typeof folderId !== 'number') return null;
  const folder = state?.channel_folders?.find((each) => each.id === folderId);
  return folder && !folder.is_archived ? folderId : null;
}

// The window's names for Zulip's two settings.
const groupingSettings = {
  sidebar: 'web_left_sidebar_show_channel_folders',
  inbox: 'web_inbox_show_channel_folders',
} as const satisfies Record<keyof FolderGrouping, string>;

/** Whether the reader groups channels by folder in the sidebar and the Inbox; null where the server has no such setting. */
export function folderGroupingOf(state: InitialState | null): FolderGrouping {
  const setting = (name: string): boolean | null => {
    const value = state?.user_settings?.[name] ?? state?.[name];
    return typeof value === 'boolean' ? value : null;
  };
  return {
    sidebar: setting(groupingSettings.sidebar),
    inbox: setting(groupingSettings.inbox),
  };
}

/**
 * The folders the sidebar, or the Inbox, groups channels under: none where
 * the reader turned that off. Zulip's web app grouped both by folder before
 * either setting came (feature levels 411 and 431), so a server without one groups.
 */
export function groupingFoldersOf(
  state: InitialState | null,
  where: keyof FolderGrouping,
): ChannelFolderRow[] {
  return folderGroupingOf(state)[where] === false ? [] : channelFoldersOf(state);
}

/** Either choice, as the bridge's parsed arguments give them. */
export type FolderGroupingPatch = { [K in keyof FolderGrouping]?: boolean | undefined };

/** The window's choices as Zulip's PATCH /settings takes them. */
export function zulipFolderGroupingPatch(
  patch: FolderGroupingPatch,
): Record<string, boolean | undefined> {
  return {
    [groupingSettings.sidebar]: patch.sidebar,
    [groupingSettings.inbox]: patch.inbox,
  };
}
