import type { AttachmentRow, LinkingMessage } from '../store/attachments';

/** Zulip's Attachment.to_dict: times in milliseconds, the messages that link it. */
export function attachmentDict(attachment: AttachmentRow, messages: readonly LinkingMessage[]) {
  return {
    id: attachment.id,
    name: attachment.file_name,
    path_id: attachment.path_id,
    size: attachment.size,
    create_time: attachment.create_time * 1000,
    messages: messages.map((message) => ({ id: message.id, date_sent: message.date_sent * 1000 })),
  };
}

/** Where a file is served: Zulip's `uri` for an upload. */
export const uploadUri = (pathId: string) => `/user_uploads/${pathId}`;
