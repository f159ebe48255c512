import type { ChatBridge, SearchResult } from '../../../src-preload/bridge';
import { errorText } from './errors';

// A search of the active account; while it is open its results replace the feed.
export class SearchStore {
  /** What the search box holds. */
  query = $state('');
  /** What the results shown were searched for; null while the feed shows. */
  searched = $state<string | null>(null);
  result = $state<SearchResult | null>(null);
  error = $state<string | null>(null);
  #requests = 0;

  constructor(private readonly bridge: ChatBridge) {}

  async run(): Promise<void> {
    const query = this.query.trim();
    if (!query) return;
    const request = ++this.#requests;
    this.searched = query;
    this.result = null;
    this.error = null;
    try {
      const result = await this.bridge.search({ query });
      if (request === this.#requests) this.result = result;
    } catch (error) {
      if (request === this.#requests) this.error = errorText(error);
    }
  }

  /** Back to the feed, with an empty search box, as Zulip leaves a search. */
  close(): void {
    this.#requests += 1;
    this.query = '';
    this.searched = null;
    this.result = null;
    this.error = null;
  }
}
