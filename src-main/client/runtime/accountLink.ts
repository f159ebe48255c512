import type { Connection, Narrow } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { mt } from '../../i18n/mainText';
import type { Account } from '../accounts/accountStore';
import { reachThrough } from '../accounts/certificatePin';
import type { Api } from '../api';
import { NetworkError } from '../api/errors';
import type { HttpClientOptions } from '../api/http';
import type { Cache } from '../cache/accountCache';
import type { Network } from '../network/routing';
import { Session, type SessionOptions } from '../session/liveLink';
import { cacheNarrow, narrowTerms } from '../views/narrows';
import type { FetchRequest } from './narrowFeed';

/** How the session polls and backs off, and, in tests, the fetch and clocks that stand in for the computer's. */
export type LinkTuning = Pick<
  SessionOptions,
  'backoff' | 'pollTimeoutMs' | 'checkTimeoutMs' | 'quietMs' | 'wake' | 'clock' | 'fetch'
>;

/**
 * What one account has of its server: the way to reach it, and the session
 * while its key is at hand; signed out, the register state and the last
 * sync the cache saved.
 */
export class AccountLink {
  readonly session: Session | null;
  readonly reach: Required<Pick<HttpClientOptions, 'fetch'>>;
  /** A signed-out account's register state, read once from the cache. */
  #savedState: InitialState | null | undefined;

  constructor(
    private readonly account: () => Account,
    private readonly cache: Cache,
    apiKey: string | null,
    tuning: LinkTuning,
    network: Network,
    private readonly log: (line: string) => void,
  ) {
    const { serverUrl, email, certificate } = account();
    // A test's own fetch stands in for the network, but never for a pinned certificate's check.
    this.reach =
      tuning.fetch && !certificate
        ? { fetch: tuning.fetch }
        : reachThrough(network, serverUrl, certificate);
    this.session =
      apiKey === null
        ? null
        : new Session({ serverUrl, email, apiKey, cache, log, ...tuning, ...this.reach });
  }

  state(): InitialState | null {
    if (this.session) return this.session.state;
    // Signed out, it is what the cache saved last, which nothing changes now.
    if (this.#savedState === undefined) {
      this.#savedState = this.cache.loadRegisterState()?.state ?? null;
    }
    return this.#savedState;
  }

  get online(): boolean {
    const state = this.session?.connection.state;
    return state !== undefined && state !== 'offline';
  }

  /** The account's API; throws when the account has no key to act with. */
  api(): Api {
    if (!this.session) throw new Error(mt('main.signInAgain.changes'));
    return this.session.api;
  }

  /** The account's API while the server answers; null offline or signed out. */
  liveApi(): Api | null {
    return this.online && this.session ? this.session.api : null;
  }

  /** A signed-out account is offline, with its history as old as its last sync. */
  get connection(): Connection {
    return (
      this.session?.connection ?? {
        state: 'offline',
        offlineSince: null,
        notAnswering: false,
        lastSyncAt: this.cache.lastSync(),
        caughtUp: null,
        warning: null,
        problem: null,
      }
    );
  }

  /** The organization's icon as its server last said, absolute; null when it never said. */
  get realmIconUrl(): string | null {
    const url = this.state()?.['realm_icon_url'];
    if (typeof url !== 'string' || url === '') return null;
    try {
      return new URL(url, this.account().serverUrl).href;
    } catch {
      return null;
    }
  }

  /** The organization's name: the one an administrator gave it since the account was added. */
  get realmName(): string {
    const name = this.state()?.['realm_name'];
    return typeof name === 'string' && name !== '' ? name : this.account().realmName;
  }

  /** Fetches a page into the cache; false when the server could not be reached. */
  async fetch(narrow: Narrow, request: FetchRequest): Promise<boolean> {
    const session = this.session;
    if (!session) return false;
    try {
      const answer = await session.api.getMessages({ ...request, narrow: narrowTerms(narrow) });
      this.cache.storePage(cacheNarrow(narrow), request, answer);
      return true;
    } catch (error) {
      if (error instanceof NetworkError) return false;
      this.log(`could not fetch ${JSON.stringify(narrow)}: ${String(error)}`);
      return false;
    }
  }
}
