import type { ChannelFolder, QueuedEvent } from '../wire';

/** Zulip's apply_event for `channel_folder`: folders made, changed and put in a new order. */
export function applyChannelFolderEvent(
  folders: ChannelFolder[],
  event: QueuedEvent,
): ChannelFolder[] {
  switch (event.op) {
    case 'add':
      return [...folders, event['channel_folder'] as ChannelFolder];
    case 'update':
      return folders.map((folder) =>
        folder.id === event['channel_folder_id']
          ? { ...folder, ...(event['data'] as Partial<ChannelFolder>) }
          : folder,
      );
    case 'reorder': {
      const order = event['order'] as number[];
      return folders.map((folder) =>
        order.includes(folder.id) ? { ...folder, order: order.indexOf(folder.id) } : folder,
      );
    }
    default:
      return folders;
  }
}
