import type { ChannelFolderRow } from '../../../src-preload/bridge';
import { t } from './i18n.svelte';

/** A channel as the sidebar and the Inbox group it: pinned or not, filed in a folder or not. */
export interface FiledChannel {
  pinned: boolean;
  folderId: number | null;
}

/** The channels as Zulip's sidebar lists them: pinned first, otherwise in main's order. */
export function sidebarOrder<T extends FiledChannel>(channels: readonly T[]): T[] {
  return [
    ...channels.filter((channel) => channel.pinned),
    ...channels.filter((channel) => !channel.pinned),
  ];
}

/** A run of channels: under a folder's name, or under none. */
export interface ChannelSection<T extends FiledChannel> {
  key: string;
  /** Null for the one list of channels without folders. */
  title: string | null;
  channels: T[];
}

/**
 * The channels as Zulip 11's sidebar and Zulip 12's Inbox group them where
 * the organization has channel folders: pinned ones first, then each
 * folder's under its name in the folders' order, then the rest; without a
 * folder in use, one list (none for no channels).
 */
export function channelSections<T extends FiledChannel>(
  channels: readonly T[],
  folders: readonly ChannelFolderRow[],
): ChannelSection<T>[] {
  const ordered = sidebarOrder(channels);
  const unpinned = ordered.filter((channel) => !channel.pinned);
  const inUse = folders.filter((folder) =>
    unpinned.some((channel) => channel.folderId === folder.id),
  );
  if (inUse.length === 0) {
    return ordered.length === 0 ? [] : [{ key: 'all', title: null, channels: ordered }];
  }
  const filed = new Set(inUse.map((folder) => folder.id));
  const sections: ChannelSection<T>[] = [
    {
      key: 'pinned',
      title: t('window.sidebar.pinnedChannels'),
      channels: ordered.filter((channel) => channel.pinned),
    },
    ...inUse.map((folder) => ({
      key: `folder-${folder.id}`,
      title: folder.name,
      channels: unpinned.filter((channel) => channel.folderId === folder.id),
    })),
    {
      key: 'other',
      title: t('window.sidebar.otherChannels'),
      channels: unpinned.filter(
        (channel) => channel.folderId === null || !filed.has(channel.folderId),
      ),
    },
  ];
  return sections.filter((section) => section.channels.length > 0);
}
