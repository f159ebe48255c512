import type { QueuedEvent } from '../wire';
import type { SavedSnippet } from '../wire/savedSnippets';

/** A `saved_snippets` event: a new snippet joins the end, an edit replaces it, a removal drops it. */
export function applySavedSnippetsEvent(
  snippets: SavedSnippet[],
  event: QueuedEvent,
): SavedSnippet[] {
  switch (event.op) {
    case 'add':
      return [...snippets, event.saved_snippet as SavedSnippet];
    case 'update': {
      const edited = event.saved_snippet as SavedSnippet;
      return snippets.map((snippet) => (snippet.id === edited.id ? edited : snippet));
    }
    case 'remove':
      return snippets.filter((snippet) => snippet.id !== event.saved_snippet_id);
    default:
      return snippets;
  }
}
