import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_channelfolder: every folder, archived ones too, in its order. The
 * importer renumbers them before the channels that name them, and sets each
 * creator once the people are in.
 */
export function channelFolderRows(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{
      id: number;
      name: string;
      description: string;
      rendered_description: string;
      creator_id: number | null;
      date_created: number;
      sort_order: number;
      is_archived: number;
    }>('SELECT * FROM channel_folders ORDER BY id')
    .map((folder) => ({
      id: folder.id,
      realm: realmId,
      name: folder.name,
      description: folder.description,
      rendered_description: folder.rendered_description,
      order: folder.sort_order,
      date_created: folder.date_created,
      creator: folder.creator_id,
      is_archived: folder.is_archived === 1,
    }));
}

/** zerver_savedsnippet: each person's saved snippets, which stay their own. */
export function savedSnippetRows(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{
      id: number;
      user_id: number;
      title: string;
      content: string;
      date_created: number;
    }>('SELECT * FROM saved_snippets ORDER BY id')
    .map((snippet) => ({
      id: snippet.id,
      realm: realmId,
      user_profile: snippet.user_id,
      title: snippet.title,
      content: snippet.content,
      date_created: snippet.date_created,
    }));
}
