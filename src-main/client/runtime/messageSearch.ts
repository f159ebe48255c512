import type { Message as FeedMessage, SearchResult } from '../../../src-preload/bridge';
import type { Message } from '../../wire';
import type { Api } from '../api';
import { NetworkError } from '../api/errors';
import type { Cache } from '../cache/accountCache';
import { describeTerm, searchTerms } from '../views/searchQuery';

export interface MessageSearchDeps {
  /** The session's API while the link is up; null offline or signed out. */
  api: Pick<Api, 'searchMessages'> | null;
  cache: Cache;
  /** The messages as the window shows them (see feedMessages.ts). */
  shape: (messages: readonly Message[]) => FeedMessage[];
}

const searchLimit = 50;

/** A search of the account's messages: on the server when it answers, else in the cache. */
export async function searchMessages(
  query: string,
  deps: MessageSearchDeps,
): Promise<SearchResult> {
  const terms = searchTerms(query);
  const namesConversation = terms.some(
    (term) => (term.operator === 'dm' || term.operator === 'pm-with') && term.negated !== true,
  );
  if (deps.api) {
    try {
      const answer = await deps.api.searchMessages({
        anchor: 'newest',
        numBefore: searchLimit,
        numAfter: 0,
        narrow: terms,
      });
      deps.cache.storeMessages(answer.messages);
      return {
        messages: deps.shape(answer.messages),
        unsupported: [],
        namesConversation,
        fromCache: false,
        matches: answer.matches,
      };
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  const local = deps.cache.searchMessages(terms, searchLimit);
  return {
    messages: deps.shape(local.messages),
    unsupported: local.unapplied.map(describeTerm),
    namesConversation,
    fromCache: true,
    matches: [],
  };
}
