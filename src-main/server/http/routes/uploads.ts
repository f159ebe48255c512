import { z } from 'zod';
import { MAX_FILE_UPLOAD_SIZE_MIB, removeAttachment, uploadFile } from '../../actions/uploads';
import { errors } from '../../errors';
import { attachmentDict } from '../../shape/attachments';
import { attachmentsOwnedBy, messagesLinking, uploadSpaceUsed } from '../../store/attachments';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

/** Zulip 7.0's POST /user_uploads: one file, in any field of a multipart form. */
export const uploadFileEndpoint = userEndpoint({
  method: 'POST',
  path: '/user_uploads',
  params: {},
  maxFileBytes: MAX_FILE_UPLOAD_SIZE_MIB * 1024 * 1024,
  // Zulip 12's words, which its tus pre-create hook uses too.
  fileTooLarge: errors.uploadTooLarge,
  handle: ({ services, user, files }) => {
    const [file] = files;
    if (!file) throw errors.badRequest('You must specify a file to upload');
    const { uri, fileName } = uploadFile(services, user, file);
    // Zulip 7.0 answers `uri`; Zulip 9 adds `url` (feature level 272), which
    // newer clients read, and the name the file keeps (`filename`, level 286).
    return { uri, url: uri, filename: fileName };
  },
});

/** Zulip's GET /attachments: the caller's uploads, with the messages that link each. */
export const getAttachmentsEndpoint = userEndpoint({
  method: 'GET',
  path: '/attachments',
  params: {},
  handle: ({ services, user }) => {
    const attachments = attachmentsOwnedBy(services.sql, user.id);
    const linking = messagesLinking(
      services.sql,
      attachments.map((attachment) => attachment.id),
    );
    return {
      attachments: attachments.map((attachment) =>
        attachmentDict(attachment, linking.get(attachment.id) ?? []),
      ),
      upload_space_used: uploadSpaceUsed(services.sql, user.id),
    };
  },
});

export const deleteAttachmentEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/attachments/:attachment_id',
  params: { attachment_id: required('json', z.number().int().nonnegative()) },
  handle: ({ services, user, params }) => {
    removeAttachment(services, user, params.attachment_id);
    return {};
  },
});
