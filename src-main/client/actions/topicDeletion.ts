import type { Narrow } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { readerMay } from '../../permissions/readerPermissions';
import type { Api } from '../api';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import { refusedWhenUnreachable } from './unreachable';

export interface TopicDeletionDeps {
  cache: Pick<Cache, 'messagesInNarrow'>;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'deleteTopic'>;
  state: () => InitialState | null;
  online: () => boolean;
  /** Reads the narrow afresh from the server, taking out of the cache and the window what went. */
  reread: (narrow: Narrow) => Promise<void>;
}

// The most messages counted from the cache for the confirmation; a longer
// topic is named without its count.
const countLimit = 1000;

/**
 * Zulip's "Delete topic", for organization administrators: the server's
 * delete_message events then take the messages out of the cache and the
 * window. Zulip tells only the stream's subscribers, so an administrator
 * outside the stream reads the topic afresh instead.
 */
export class TopicDeletion {
  constructor(private readonly deps: TopicDeletionDeps) {}

  /** The topic's messages, where the cache holds every one of them, from the first to the newest. */
  messageCount(streamId: number, topic: string): number | null {
    const page = this.deps.cache.messagesInNarrow(
      { kind: 'topic', streamId, topic },
      { anchor: 'newest', before: countLimit },
    );
    return page.older === 'oldest' && page.newer === 'newest' ? page.messages.length : null;
  }

  async delete(streamId: number, topic: string): Promise<void> {
    if (!readerMay(this.deps.state()).deleteTopics) {
      throw new Error(mt('main.topics.deleteAdminsOnly'));
    }
    await refusedWhenUnreachable(
      this.deps.online(),
      () => mt('main.offline.topicDeletion'),
      () => this.deps.api().deleteTopic(streamId, topic),
    );
    await this.deps.reread({ kind: 'stream', streamId, topic });
  }
}
