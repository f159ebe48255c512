import type { AttachmentRow } from '../store/attachments';

/**
 * Zulip's Attachment.to_dict: times in seconds (feature level 443) and the
 * messages that link it by their IDs alone (472).
 */
export function attachmentDict(attachment: AttachmentRow, messageIds: readonly number[]) {
  return {
    id: attachment.id,
    name: attachment.file_name,
    path_id: attachment.path_id,
    size: attachment.size,
    create_time: attachment.create_time,
    message_ids: [...messageIds],
  };
}

/** Where a file is served: Zulip's `uri` for an upload. */
export const uploadUri = (pathId: string) => `/user_uploads/${pathId}`;
