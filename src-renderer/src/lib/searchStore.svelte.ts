import type { ChatBridge, Message, SearchResult } from '../../../src-preload/bridge';
import { errorText } from './errors';
import { highlightTopic, highlightWords, searchWords } from './highlight';
import { sanitizeMessageHtml } from './sanitize';

/** A result's content and topic with what matched highlighted, as HTML. */
export interface Match {
  content: string;
  subject: string;
}

// A search of the active account; while it is open its results replace the feed.
export class SearchStore {
  /** What the search box holds. */
  query = $state('');
  /** What the results shown were searched for; null while the feed shows. */
  searched = $state<string | null>(null);
  result = $state<SearchResult | null>(null);
  error = $state<string | null>(null);
  /** The cursor is wanted in the search box (Zulip's /): the box takes it once. */
  focusWanted = $state(false);
  #requests = 0;

  constructor(private readonly bridge: ChatBridge) {}

  /**
   * What matched in a result: the server's highlighted copies, or, for the
   * cache's answer, the searched words highlighted here; null for a search
   * without words.
   */
  matchOf(message: Message): Match | null {
    const fromServer = this.result?.matches.find((match) => match.id === message.id);
    const words = searchWords(this.searched ?? '');
    if (!fromServer && words.length === 0) return null;
    return {
      content: sanitizeMessageHtml(
        fromServer?.content ?? highlightWords(sanitizeMessageHtml(message.content), words),
      ),
      subject: sanitizeMessageHtml(fromServer?.subject ?? highlightTopic(message.subject, words)),
    };
  }

  /** Stars or unstars a result; the result shows it at once, as the feed does from the event. */
  async toggleStar(message: Message): Promise<void> {
    const starred = (message.flags ?? []).includes('starred');
    try {
      await this.bridge.changeFlags({
        messageIds: [message.id],
        flag: 'starred',
        op: starred ? 'remove' : 'add',
      });
      const result = this.result;
      if (!result) return;
      this.result = {
        ...result,
        messages: result.messages.map((each) =>
          each.id !== message.id
            ? each
            : {
                ...each,
                flags: starred
                  ? (each.flags ?? []).filter((flag) => flag !== 'starred')
                  : [...(each.flags ?? []), 'starred'],
              },
        ),
      };
    } catch (error) {
      this.error = errorText(error);
    }
  }

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
