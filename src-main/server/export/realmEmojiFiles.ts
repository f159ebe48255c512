import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RealmEmojiRow } from '../store/realmEmoji';
import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

const emojiOf = (source: ExportSource) =>
  source.all<RealmEmojiRow>('SELECT * FROM realm_emoji ORDER BY id');

// Zulip's RealmEmoji.PATH_ID_TEMPLATE, under which the importer looks for each image.
const pathOf = (realmId: number, fileName: string) => `${realmId}/emoji/images/${fileName}`;

/** zerver_realmemoji: every custom emoji, deactivated ones too, as old messages name them. */
export function realmEmojiRows(source: ExportSource, realmId: number): ZerverRow[] {
  return emojiOf(source).map((emoji) => ({
    id: emoji.id,
    realm: realmId,
    author: emoji.author_id,
    name: emoji.name,
    file_name: emoji.file_name,
    deactivated: emoji.deactivated === 1,
    // Hearth keeps no still frame, so it tells the importer of none; the
    // importer marks an animated image itself when it thumbnails the original.
    is_animated: false,
  }));
}

/**
 * emoji/ and its records.json, read by Zulip's importer when the folder is
 * there: each image at Zulip's path, and again as the `.original` the
 * importer makes its thumbnails from. Returns how many emoji it wrote.
 */
export async function writeRealmEmoji(
  source: ExportSource,
  dir: string,
  realmId: number,
): Promise<number> {
  const emoji = emojiOf(source);
  if (emoji.length === 0) return 0;
  const records: ZerverRow[] = [];
  for (const row of emoji) {
    const image = source.get<{ content_type: string; data: Buffer }>(
      'SELECT content_type, data FROM realm_emoji_images WHERE emoji_id = ?',
      [row.id],
    );
    const path = pathOf(realmId, row.file_name);
    await mkdir(join(dir, 'emoji', `${realmId}`, 'emoji', 'images'), { recursive: true });
    for (const file of [path, `${path}.original`]) {
      await writeFile(join(dir, 'emoji', file), image?.data ?? Buffer.alloc(0));
      records.push({
        realm_id: realmId,
        author: row.author_id,
        path: file,
        s3_path: file,
        file_name: row.file_name,
        name: row.name,
        deactivated: row.deactivated === 1,
        content_type: image?.content_type ?? 'application/octet-stream',
      });
    }
  }
  await writeFile(join(dir, 'emoji', 'records.json'), JSON.stringify(records, null, 2));
  return emoji.length;
}
