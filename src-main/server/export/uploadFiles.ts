import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AttachmentRow } from '../store/attachments';
import type { ExportScope } from './exportScope';
import type { ExportSource } from './exportSource';
import type { TargetTraits } from './zulipTarget';
import type { ZerverRow } from './zerverRow';

/**
 * attachment.json's rows and uploads/ with its records.json: each file at
 * uploads/<path_id>, the record's s3_path naming it as the attachment's
 * path_id does (the importer joins them there, and rewrites the links in
 * messages and scheduled messages that carry has_attachment). A file goes
 * with a message or a scheduled message that goes, or, sent nowhere yet,
 * where its owner's private data goes. Returns how many files it wrote.
 */
export async function writeUploads(
  source: ExportSource,
  dir: string,
  realmId: number,
  traits: TargetTraits,
  exported: {
    scope: ExportScope;
    messageIds: ReadonlySet<number>;
    /** zerver_scheduledmessage as realm.json holds it. */
    scheduledMessages: readonly ZerverRow[];
  },
): Promise<{ attachments: ZerverRow[]; files: number }> {
  const linked = new Map<number, number[]>();
  for (const row of source.all<{ attachment_id: number; message_id: number }>(
    'SELECT attachment_id, message_id FROM attachment_messages ORDER BY attachment_id, message_id',
  )) {
    if (!exported.messageIds.has(row.message_id)) continue;
    linked.set(row.attachment_id, [...(linked.get(row.attachment_id) ?? []), row.message_id]);
  }
  const attachments: ZerverRow[] = [];
  const records: ZerverRow[] = [];
  for (const attachment of source.all<AttachmentRow>('SELECT * FROM attachments ORDER BY id')) {
    const inSomeMessage =
      source.get('SELECT 1 FROM attachment_messages WHERE attachment_id = ?', [attachment.id]) !==
      undefined;
    const link = `/user_uploads/${attachment.path_id}`;
    const scheduledIds = exported.scheduledMessages
      .filter((row) => String(row['content']).includes(link))
      .map((row) => Number(row['id']));
    const kept =
      scheduledIds.length > 0 ||
      (inSomeMessage
        ? linked.has(attachment.id)
        : exported.scope.holdsPrivateDataOf(attachment.owner_id));
    if (!kept) continue;
    attachments.push({
      id: attachment.id,
      owner: attachment.owner_id,
      realm: realmId,
      file_name: attachment.file_name,
      path_id: attachment.path_id,
      size: attachment.size,
      create_time: attachment.create_time,
      messages: linked.get(attachment.id) ?? [],
      scheduled_messages: scheduledIds,
      ...(traits.attachmentContentType ? { content_type: attachment.content_type } : {}),
    });
    records.push({
      realm_id: realmId,
      user_profile_id: attachment.owner_id,
      path: attachment.path_id,
      s3_path: attachment.path_id,
      size: attachment.size,
      last_modified: attachment.create_time,
      content_type: attachment.content_type,
    });
    // One file in memory at a time: uploads may be large.
    const file = source.get<{ data: Buffer }>(
      'SELECT data FROM attachment_files WHERE attachment_id = ?',
      [attachment.id],
    );
    const path = join(dir, 'uploads', attachment.path_id);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file?.data ?? Buffer.alloc(0));
  }
  await mkdir(join(dir, 'uploads'), { recursive: true });
  await writeFile(join(dir, 'uploads', 'records.json'), JSON.stringify(records, null, 2));
  return { attachments, files: records.length };
}
