import type { InitialState } from '../../state/applyEvent';
import type { StateChannel } from '../../state/channelsById';

/** The organization's channel folders still in use, in the order the server gives them. */
export function channelFoldersOf(state: InitialState | null): { id: number; name: string }[] {
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
