import type { MessageVersion, Narrow } from '../../../src-preload/bridge';
import type { Api, MessageChange } from '../api';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import { cacheNarrow } from '../views/narrows';
import { messageLinkHash } from '../links/linkTargets';

// The most one fetch brings; later messages of a longer narrow stay read.
const unreadFromLimit = 1000;

export interface MessageActionsDeps {
  cache: Cache;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Api;
  serverUrl: string;
  /** Fetches `count` of the narrow's messages from `anchor` on into the cache; false when the server did not answer. */
  fetchFrom: (narrow: Narrow, anchor: number, count: number) => Promise<boolean>;
  changeFlags: (ids: readonly number[], flag: 'read', op: 'add' | 'remove') => Promise<void>;
}

/**
 * What the message menu does that is more than a flag: edits, deletion, the
 * source and the history (read from the server, as the cache holds only the
 * rendered HTML of the latest version), links, and marking unread from a message.
 * Changes come back as the server's events, which change the cache and the feed.
 */
export class MessageActions {
  constructor(private readonly deps: MessageActionsDeps) {}

  async edit(messageId: number, change: MessageChange): Promise<void> {
    const moves = change.topic !== undefined || change.streamId !== undefined;
    if (change.content === undefined && !moves) return;
    await this.deps.api().updateMessage(messageId, change);
  }

  async delete(messageId: number): Promise<void> {
    await this.deps.api().deleteMessage(messageId);
  }

  async source(messageId: number): Promise<string> {
    return this.deps.api().getRawContent(messageId);
  }

  async history(messageId: number): Promise<MessageVersion[]> {
    const versions = await this.deps.api().getMessageHistory(messageId);
    const names = new Map(this.deps.cache.users().map((user) => [user.user_id, user.full_name]));
    return versions.map((version) => ({
      topic: version.topic,
      previousTopic: version.prev_topic ?? null,
      renderedContent: version.rendered_content,
      contentDiff: version.content_html_diff ?? null,
      author: version.user_id === null ? null : (names.get(version.user_id) ?? null),
      timestamp: version.timestamp,
    }));
  }

  /** The link Zulip's "Copy link to message" gives: the conversation, near the message. */
  link(messageId: number): string {
    const [message] = this.deps.cache.messagesAmong({ kind: 'all' }, [messageId]);
    if (!message) throw new Error(mt('main.messages.notHeld'));
    return `${this.deps.serverUrl.replace(/\/+$/, '')}/${messageLinkHash(message)}`;
  }

  /**
   * Zulip's "Mark as unread from here": the message and every later one of
   * the narrow. The later ones are fetched first, so that those the window
   * has not loaded yet are marked too.
   */
  async markUnreadFrom(narrow: Narrow, messageId: number): Promise<void> {
    await this.deps.fetchFrom(narrow, messageId, unreadFromLimit);
    const page = this.deps.cache.messagesInNarrow(cacheNarrow(narrow), {
      anchor: messageId,
      before: 0,
      after: unreadFromLimit,
    });
    const read = page.messages
      .filter((message) => message.id >= messageId && (message.flags ?? []).includes('read'))
      .map((message) => message.id);
    if (read.length > 0) await this.deps.changeFlags(read, 'read', 'remove');
  }
}
