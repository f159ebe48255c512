import type { AttachmentRow, LinkingMessage } from '../store/attachments';
import { ZULIP_FEATURE_LEVEL } from '../version';

// Zulip 12 gives an attachment's times in seconds (feature level 443) and the
// messages that link it as their IDs alone (472). A reader of an older level
// reads milliseconds and `messages`, so the form follows the level the host
// declares; until 472 `message_ids` rides beside `messages`, which no reader minds.
const secondsSince = 443;
const messageIdsOnlySince = 472;

/** Zulip's Attachment.to_dict, as a server of `featureLevel` gives it. */
export function attachmentDict(
  attachment: AttachmentRow,
  messages: readonly LinkingMessage[],
  featureLevel = ZULIP_FEATURE_LEVEL,
) {
  const time = (seconds: number) => (featureLevel >= secondsSince ? seconds : seconds * 1000);
  return {
    id: attachment.id,
    name: attachment.file_name,
    path_id: attachment.path_id,
    size: attachment.size,
    create_time: time(attachment.create_time),
    ...(featureLevel >= messageIdsOnlySince
      ? {}
      : {
          messages: messages.map((message) => ({
            id: message.id,
            date_sent: time(message.date_sent),
          })),
        }),
    message_ids: messages.map((message) => message.id),
  };
}

/** Where a file is served: Zulip's `uri` for an upload. */
export const uploadUri = (pathId: string) => `/user_uploads/${pathId}`;
