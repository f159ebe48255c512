import type { ComposeCheck, ComposeRefusal, ComposeTarget } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { featureLevelOf, RoleNumber } from '../../permissions/rolePolicies';
import {
  channelPermissionsOf,
  directMessageRefusalOf,
  mayMentionTopic,
  type DirectMessageRefusal,
} from '../../permissions/readerPermissions';
import type { Api } from '../api';
import type { Cache } from '../cache/accountCache';
import { foldTopic, type Narrow } from '../cache/narrow';
import { narrowTerms } from '../views/narrows';
import { wildcardsOf } from './composeAids';

export interface ComposeChecksDeps {
  state: () => InitialState | null;
  cache: Pick<Cache, 'messagesInNarrow' | 'topicsInStream' | 'storeStreamTopics'>;
  /** The account's API while the server answers; null offline, where only the cache is asked. */
  api: () => Pick<Api, 'getMessages' | 'getStreamTopics'> | null;
}

const dmRefusals: Record<DirectMessageRefusal, ComposeRefusal> = {
  disabled: 'directMessagesOff',
  unauthorized: 'directMessageUnauthorized',
  notStarted: 'directMessageNotStarted',
};

// How many of a topic's latest held messages count its participants: the
// count is then at most the server's, so @topic is withheld only where the
// server would refuse it.
const participantsFrom = 1000;

// Zulip 10 (feature level 348) asks, where the organization wants it, to be
// warned before writing to a guest.
const guestWarningSince = 348;

/**
 * What the compose box may say of where a message is addressed, decided as
 * Zulip's server decides it (permissions/readerPermissions). Whether a topic or a
 * conversation already holds messages is read from the cache, then asked of
 * the server; where neither can say, nothing is refused, as the server
 * alone then knows.
 */
export class ComposeChecks {
  /**
   * The server's word that a narrow holds messages, by its key, and the
   * questions on their way. Only a yes is kept: messages stay (deletions
   * aside), while a topic or conversation with none may gain one any time.
   */
  readonly #asked = new Map<string, Promise<boolean | null>>();
  /**
   * Whether each channel's topics, as the server listed them this session,
   * are in the cache, where the events keep them current: as Zulip's app
   * asks for a channel's topics once, a topic being typed is looked up
   * there rather than asked of the server at every pause. A channel whose
   * list could not be had has its topics asked one by one.
   */
  readonly #listed = new Map<number, Promise<boolean>>();

  constructor(private readonly deps: ComposeChecksDeps) {}

  async check(to: ComposeTarget): Promise<ComposeCheck> {
    const state = this.deps.state();
    if (to.kind === 'private') {
      const refusalOf = directMessageRefusalOf(state);
      // The conversation's history is looked up only where the answer turns on it.
      const unknown = refusalOf(to.userIds, null);
      const refusal =
        unknown === refusalOf(to.userIds, false)
          ? unknown
          : refusalOf(to.userIds, await this.#holdsMessages({ kind: 'dm', userIds: to.userIds }));
      return {
        refusal: refusal === null ? null : dmRefusals[refusal],
        guests: guestsAmong(state, to.userIds),
        // A direct message's everyone is its own people: Zulip's app offers @all and @everyone there.
        wildcards: wildcardsOf(state).filter(({ name }) => name === 'all' || name === 'everyone'),
      };
    }
    const may = channelPermissionsOf(state)(to.streamId);
    const topic =
      to.topic === null ? null : { kind: 'topic' as const, streamId: to.streamId, topic: to.topic };
    let refusal: ComposeRefusal | null = may.send ? null : 'channelPosting';
    if (refusal === null && topic && !may.createTopic) {
      if ((await this.#topicHolds(topic)) === false) refusal = 'newTopic';
    }
    return {
      refusal,
      guests: [],
      wildcards: this.#channelWildcards(state, may.mentionChannel, topic),
    };
  }

  /**
   * Zulip's app offers every wildcard where the reader may mention the whole
   * channel, else @topic alone where they may mention the topic's
   * participants, else none.
   */
  #channelWildcards(
    state: InitialState | null,
    mentionChannel: boolean,
    topic: Narrow | null,
  ): ComposeCheck['wildcards'] {
    const every = wildcardsOf(state);
    if (mentionChannel) return every;
    const participants = topic ? this.#participants(topic) : 0;
    return mayMentionTopic(state, participants)
      ? every.filter((wildcard) => wildcard.name === 'topic')
      : [];
  }

  /** Zulip's topic participants: who wrote or reacted to the topic's messages, among those held. */
  #participants(topic: Narrow): number {
    const page = this.deps.cache.messagesInNarrow(topic, {
      anchor: 'newest',
      before: participantsFrom,
    });
    const people = new Set<number>();
    for (const message of page.messages) {
      people.add(message.sender_id);
      for (const reaction of message.reactions) people.add(reaction.user_id);
    }
    return people.size;
  }

  /** Whether the channel has the topic: among its known topics, else as the server says. */
  async #topicHolds(topic: Narrow & { kind: 'topic' }): Promise<boolean | null> {
    const folded = foldTopic(topic.topic);
    const known = () =>
      this.deps.cache.topicsInStream(topic.streamId).some(({ name }) => foldTopic(name) === folded);
    if (known()) return true;
    if (await this.#listTopics(topic.streamId)) return known();
    return this.#holdsMessages(topic);
  }

  /** Puts the channel's topics as the server lists them in the cache, once a session. */
  #listTopics(streamId: number): Promise<boolean> {
    const listed = this.#listed.get(streamId);
    if (listed) return listed;
    const api = this.deps.api();
    if (!api) return Promise.resolve(false);
    const answer = api.getStreamTopics(streamId).then(
      (topics) => {
        this.deps.cache.storeStreamTopics(streamId, topics);
        return true;
      },
      () => false,
    );
    this.#listed.set(streamId, answer);
    return answer;
  }

  /**
   * Whether the topic or conversation holds any message: the cache says
   * when it holds one, or holds the narrow's whole history; otherwise the
   * server. Null where neither can say.
   */
  async #holdsMessages(narrow: Narrow & { kind: 'topic' | 'dm' }): Promise<boolean | null> {
    const held = this.deps.cache.messagesInNarrow(narrow, { anchor: 'newest', before: 1 });
    if (held.messages.length > 0) return true;
    if (held.older === 'oldest' && held.newer === 'newest') return false;
    const key =
      narrow.kind === 'topic'
        ? `topic:${narrow.streamId}:${foldTopic(narrow.topic)}`
        : `dm:${[...narrow.userIds].sort((a, b) => a - b).join(',')}`;
    const asked = this.#asked.get(key);
    if (asked) return asked;
    const api = this.deps.api();
    if (!api) return null;
    const answer = api
      .getMessages({
        anchor: 'newest',
        numBefore: 1,
        numAfter: 0,
        narrow: narrowTerms(
          narrow.kind === 'topic'
            ? { kind: 'stream', streamId: narrow.streamId, topic: narrow.topic }
            : { kind: 'private', userIds: [...narrow.userIds] },
        ),
      })
      .then(
        ({ messages }) => messages.length > 0,
        () => null,
      )
      .then((holds) => {
        if (holds !== true) this.#asked.delete(key);
        return holds;
      });
    this.#asked.set(key, answer);
    return answer;
  }
}

/** The guests among the recipients, by name, where the organization asks to be warned of them. */
function guestsAmong(state: InitialState | null, userIds: readonly number[]): string[] {
  if (!state || featureLevelOf(state) < guestWarningSince) return [];
  if (state['realm_enable_guest_user_dm_warning'] !== true) return [];
  const users = new Map((state.realm_users ?? []).map((user) => [user.user_id, user]));
  return userIds.flatMap((userId) => {
    const user = users.get(userId);
    const guest = user && (user.role === RoleNumber.guest || user.is_guest);
    return guest && userId !== state.user_id ? [user.full_name] : [];
  });
}
