import type { SavedSnippet } from '../../wire/savedSnippets';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import {
  deleteSavedSnippetRow,
  insertSavedSnippet,
  savedSnippetById,
  updateSavedSnippet,
} from '../store/savedSnippets';
import type { UserRow } from '../store/users';

// Zulip's SavedSnippet.MAX_TITLE_LENGTH, and settings.MAX_MESSAGE_LENGTH for
// the content, both counted in characters once the ends are trimmed.
const MAX_SNIPPET_TITLE_LENGTH = 60;
const MAX_SNIPPET_CONTENT_LENGTH = 10_000;

/** Zulip's checks of a snippet's title or content: trimmed, not blank, within its limit. */
function checkSnippetText(name: 'title' | 'content', text: string): string {
  const trimmed = text.trim();
  const limit = name === 'title' ? MAX_SNIPPET_TITLE_LENGTH : MAX_SNIPPET_CONTENT_LENGTH;
  if (trimmed.length === 0) throw errors.badRequest(`${name} cannot be blank`);
  if ([...trimmed].length > limit) {
    throw errors.badRequest(`${name} is too long (limit: ${limit} characters)`);
  }
  return trimmed;
}

const announce = (services: Services, user: UserRow, event: Record<string, unknown>) =>
  services.queues.notify(plainNotice('saved_snippets', event), [user.id]);

function ownSnippet(services: Services, user: UserRow, id: number): SavedSnippet {
  const snippet = savedSnippetById(services.sql, user.id, id);
  if (!snippet) throw errors.notFound('Saved snippet does not exist.');
  return snippet;
}

/** Zulip's do_create_saved_snippet: kept for its owner, whose clients hear of it. */
export function createSavedSnippet(
  services: Services,
  user: UserRow,
  request: { title: string; content: string },
): number {
  const title = checkSnippetText('title', request.title);
  const content = checkSnippetText('content', request.content);
  const { sql } = services;
  const snippet = sql.transaction(() => {
    const id = insertSavedSnippet(sql, user.id, {
      title,
      content,
      date_created: Math.floor(Date.now() / 1000),
    });
    return ownSnippet(services, user, id);
  });
  announce(services, user, { op: 'add', saved_snippet: snippet });
  return snippet.id;
}

/** Zulip's edit_saved_snippet: neither title nor content is no change and no event. */
export function editSavedSnippet(
  services: Services,
  user: UserRow,
  id: number,
  request: { title?: string | undefined; content?: string | undefined },
): void {
  const changes = {
    ...(request.title === undefined ? {} : { title: checkSnippetText('title', request.title) }),
    ...(request.content === undefined
      ? {}
      : { content: checkSnippetText('content', request.content) }),
  };
  if (Object.keys(changes).length === 0) return;
  const { sql } = services;
  // Another's or a missing snippet matches no row, and the read that follows refuses it.
  const edited = sql.transaction(() => {
    updateSavedSnippet(sql, user.id, id, changes);
    return ownSnippet(services, user, id);
  });
  announce(services, user, { op: 'update', saved_snippet: edited });
}

/** Zulip's do_delete_saved_snippet. */
export function deleteSavedSnippet(services: Services, user: UserRow, id: number): void {
  if (!deleteSavedSnippetRow(services.sql, user.id, id)) {
    throw errors.notFound('Saved snippet does not exist.');
  }
  announce(services, user, { op: 'remove', saved_snippet_id: id });
}
