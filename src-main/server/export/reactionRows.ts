import type { ReactionRow } from '../store/reactions';
import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_reaction, which Zulip's importer reads from realm.json once the
 * messages are in, mapping `message` and `user_profile` to their new IDs.
 */
export function reactions(source: ExportSource): ZerverRow[] {
  return source.all<ReactionRow>('SELECT * FROM reactions ORDER BY id').map((row) => ({
    id: row.id,
    message: row.message_id,
    user_profile: row.user_id,
    emoji_name: row.emoji_name,
    emoji_code: row.emoji_code,
    reaction_type: row.reaction_type,
  }));
}
