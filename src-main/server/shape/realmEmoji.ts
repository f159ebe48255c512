import { REALM_ID } from '../store/realm';
import type { RealmEmojiRow } from '../store/realmEmoji';

/** Where Zulip serves an organization's emoji images, relative to the organization. */
export const realmEmojiImagesPath = `/user_avatars/${REALM_ID}/emoji/images`;

export function realmEmojiUrl(fileName: string): string {
  return `${realmEmojiImagesPath}/${fileName}`;
}

/** One emoji as Zulip 7.0's GET /realm/emoji, register and realm_emoji events give it. */
export interface RealmEmojiDict {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
  author_id: number | null;
  // Zulip names a first frame for an animated emoji (feature level 97); Hearth
  // keeps images as they came and draws no frame, so it is always null.
  still_url: null;
}

/** Zulip's realm emoji dict: every emoji, deactivated ones too, keyed by id. */
export function realmEmojiDicts(rows: readonly RealmEmojiRow[]): Record<string, RealmEmojiDict> {
  return Object.fromEntries(
    rows.map((row) => [
      String(row.id),
      {
        id: String(row.id),
        name: row.name,
        source_url: realmEmojiUrl(row.file_name),
        deactivated: row.deactivated === 1,
        author_id: row.author_id,
        still_url: null,
      },
    ]),
  );
}
