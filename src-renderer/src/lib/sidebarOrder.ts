import type { SidebarStream } from '../../../src-preload/bridge';

/** The streams as Zulip's sidebar lists them: pinned first, otherwise in main's order. */
export function sidebarOrder(streams: readonly SidebarStream[]): SidebarStream[] {
  return [
    ...streams.filter((stream) => stream.pinned),
    ...streams.filter((stream) => !stream.pinned),
  ];
}

/** A run of the sidebar's channels: under a folder's name, or under none. */
export interface SidebarSection {
  key: string;
  /** Null for the one list of a sidebar without folders. */
  title: string | null;
  streams: SidebarStream[];
}

/**
 * The channels as Zulip 11's sidebar groups them where the organization has
 * channel folders: pinned ones first, then each folder's under its name in
 * the folders' order, then the rest; without a folder in use, one list
 * (none for no channels).
 */
export function sidebarSections(
  streams: readonly SidebarStream[],
  folders: readonly { id: number; name: string }[],
): SidebarSection[] {
  const ordered = sidebarOrder(streams);
  const unpinned = ordered.filter((stream) => !stream.pinned);
  const inUse = folders.filter((folder) =>
    unpinned.some((stream) => stream.folderId === folder.id),
  );
  if (inUse.length === 0) {
    return ordered.length === 0 ? [] : [{ key: 'all', title: null, streams: ordered }];
  }
  const filed = new Set(inUse.map((folder) => folder.id));
  const sections: SidebarSection[] = [
    { key: 'pinned', title: 'Pinned channels', streams: ordered.filter((stream) => stream.pinned) },
    ...inUse.map((folder) => ({
      key: `folder-${folder.id}`,
      title: folder.name,
      streams: unpinned.filter((stream) => stream.folderId === folder.id),
    })),
    {
      key: 'other',
      title: 'Other channels',
      streams: unpinned.filter((stream) => stream.folderId === null || !filed.has(stream.folderId)),
    },
  ];
  return sections.filter((section) => section.streams.length > 0);
}
