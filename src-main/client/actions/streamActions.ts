import type {
  BrowsedStream,
  MutedTopic,
  NotificationSettings,
  StreamSettings,
  SubscriptionChange,
} from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { readerMay } from '../../permissions/readerPermissions';
import type { Api } from '../api';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import { topicPolicies } from '../../registerReads/topicMuting';
import { followsTopics } from '../views/followedTopics';
import {
  archivedStreams,
  browsedStreams,
  mutedTopics,
  streamNamed,
  streamSettings,
  topicPolicyFor,
} from '../views/streamsView';

export interface StreamActionsDeps {
  cache: Pick<Cache, 'subscriptions' | 'subscription'>;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<
    Api,
    | 'subscribe'
    | 'unsubscribe'
    | 'setSubscriptionProperty'
    | 'setTopicVisibility'
    | 'setTopicMutedLegacy'
  >;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
  notificationSettings: () => NotificationSettings;
}

export interface NewStream {
  name: string;
  description: string;
  inviteOnly: boolean;
  announce: boolean;
}

/**
 * The stream browser, a subscription's own settings and the muted topics:
 * read from the register state and the cache, changed on the server only.
 * The server's subscription, stream and user_topic events then change what
 * the window shows, as a change made on another device would.
 */
export class StreamActions {
  constructor(private readonly deps: StreamActionsDeps) {}

  list(): BrowsedStream[] {
    return browsedStreams(this.deps.state(), this.deps.cache.subscriptions());
  }

  /** The archived channels the reader can see; null where the server keeps none. */
  listArchived(): BrowsedStream[] | null {
    return archivedStreams(this.deps.state());
  }

  async subscribe(streamId: number): Promise<void> {
    const stream = this.list().find((known) => known.streamId === streamId);
    if (!stream) throw new Error(mt('main.channels.unseen'));
    await this.deps.api().subscribe([{ name: stream.name }]);
  }

  async unsubscribe(streamId: number): Promise<void> {
    await this.deps.api().unsubscribe([this.#subscription(streamId).name]);
  }

  /**
   * Zulip's server subscribes the user to a stream that already has the
   * name, so a name taken by a stream the user can see is refused here, as
   * Zulip's web app does; one taken by a stream hidden from them the server refuses.
   */
  async create(stream: NewStream): Promise<void> {
    const may = readerMay(this.deps.state());
    if (!(stream.inviteOnly ? may.createPrivateChannel : may.createPublicChannel)) {
      throw new Error(
        mt(
          stream.inviteOnly ? 'main.channels.noPrivateCreation' : 'main.channels.noPublicCreation',
        ),
      );
    }
    const taken = streamNamed(this.list(), stream.name);
    if (taken) throw new Error(mt('main.channels.nameTaken', { name: taken.name }));
    await this.deps
      .api()
      .subscribe(
        [{ name: stream.name, ...(stream.description ? { description: stream.description } : {}) }],
        { inviteOnly: stream.inviteOnly, announce: stream.announce },
      );
  }

  settings(streamId: number): StreamSettings {
    return streamSettings(
      this.#subscription(streamId),
      this.deps.notificationSettings(),
      this.mutedTopics(),
    );
  }

  async change(streamId: number, change: SubscriptionChange): Promise<void> {
    await this.deps.api().setSubscriptionProperty(streamId, change.property, change.value);
  }

  mutedTopics(): MutedTopic[] {
    return mutedTopics(this.deps.state());
  }

  async setTopicMuted(streamId: number, topic: string, muted: boolean): Promise<void> {
    // A server that registers muted_topics without user_topics predates POST /user_topics.
    const state = this.deps.state();
    if (state && !state.user_topics && state.muted_topics) {
      return this.deps.api().setTopicMutedLegacy(streamId, topic, muted);
    }
    const streamMuted = this.deps.cache.subscription(streamId)?.is_muted ?? false;
    await this.deps.api().setTopicVisibility(streamId, topic, topicPolicyFor(muted, streamMuted));
  }

  /**
   * Zulip's "Follow topic" and "Unfollow topic": unfollowing leaves the topic
   * to its channel's muting again, as Zulip's web app does.
   */
  async setTopicFollowed(streamId: number, topic: string, followed: boolean): Promise<void> {
    if (!followsTopics(this.deps.state())) throw new Error(mt('main.channels.noFollowedTopics'));
    await this.deps
      .api()
      .setTopicVisibility(
        streamId,
        topic,
        followed ? topicPolicies.followed : topicPolicies.inherit,
      );
  }

  #subscription(streamId: number) {
    const subscription = this.deps.cache.subscription(streamId);
    if (!subscription) throw new Error(mt('main.channels.notSubscribed'));
    return subscription;
  }
}
