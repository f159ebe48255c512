import type { InitialState } from '../../wire/registerState';
import { emptyTopicNameOf } from '../../permissions/topicsPolicy';
import type { DraftSync } from '../actions/draftSync';
import { mutedUserIds } from '../actions/mutedUsers';
import type { AccountReactions } from '../actions/reactions';
import { OwnBots } from '../bots';
import type { Cache } from '../cache/accountCache';
import { notifySettingsOf } from '../notify/settings';
import { Outbox } from '../outbox/sendQueue';
import { defaultPresenceTiming, Presence } from '../presence';
import type { Session } from '../session/liveLink';
import { inNarrow } from '../views/narrows';
import { AccountAlerts, type Alert } from './accountAlerts';
import type { NarrowFeed } from './narrowFeed';
import type { Typists } from './typists';

/** What a signed-in account's session reports to, and what its parts are built with. */
export interface SessionPartsDeps {
  serverUrl: string;
  email: string;
  cache: Cache;
  log: (line: string) => void;
  ownUserId: () => number;
  state: () => InitialState | null;
  /** This account is the one shown, in a window that has the focus. */
  shown: () => boolean;
  /** The person is at the computer, for the presence others see. */
  present: () => boolean;
  feed: Pick<NarrowFeed, 'open' | 'receive' | 'fetchNewest'>;
  typists: Pick<Typists, 'receive' | 'clear'>;
  draftSync: Pick<DraftSync, 'sync'>;
  reactions: Pick<AccountReactions, 'refreshServerNames'>;
  /** The account's line in the switcher changed: unread count or connection. */
  onSummary: () => void;
  /** The sidebar changed. */
  onSnapshot: () => void;
  /** The outbox's entries, or how they stand, changed. */
  onOutbox: () => void;
  /** What the notification policy asks of the desktop for what just arrived. */
  onAlerts: (alerts: Alert[]) => void;
}

/** The parts only a signed-in account has, which run on its session. */
export interface SessionParts {
  bots: OwnBots;
  presence: Presence;
  outbox: Outbox;
}

/**
 * Builds the parts that act through the account's session, and sets going
 * what each of the session's reports asks: notifications and sounds, typists,
 * the outbox's sending, the drafts' synchronization, the open narrow's feed
 * and the sidebar.
 */
export function sessionParts(session: Session, deps: SessionPartsDeps): SessionParts {
  const { cache, feed, log } = deps;
  const bots = new OwnBots(session.api, deps.serverUrl, deps.state);
  const presence = new Presence({
    api: session.api,
    active: deps.present,
    timing: () => presenceTimingOf(deps.state()),
    onChange: deps.onSnapshot,
    log,
  });
  const alerts = new AccountAlerts({
    cache,
    ownUserId: deps.ownUserId,
    settings: () => notifySettingsOf(deps.state()),
    onScreen: (message) =>
      deps.shown() && feed.open !== null && inNarrow(feed.open, message, deps.ownUserId()),
    emptyTopicName: () => emptyTopicNameOf(deps.state()),
    mutedUserIds: () => mutedUserIds(deps.state()),
  });
  const alert = (list: Alert[]): void => {
    if (list.length > 0) deps.onAlerts(list);
  };
  session.on('arrivals', (arrivals) => alert(alerts.fromArrivals(arrivals)));
  session.on('caughtUp', ({ afterId }) => alert(alerts.afterCatchUp(afterId)));
  session.on('typing', (event) => deps.typists.receive(event));
  const outbox = new Outbox(
    cache,
    {
      api: session.api,
      email: deps.email,
      get queueId() {
        return session.queueId;
      },
      get online() {
        return session.connection.state === 'connected';
      },
    },
    log,
  );
  outbox.on('change', deps.onOutbox);
  /** The sidebar lists the latest private conversations, even those the window never opened. */
  const fetchDms = async (): Promise<void> => {
    if (await feed.fetchNewest({ kind: 'dms' })) deps.onSnapshot();
  };
  let dmsFetched = false;
  session.on('connection', (connection) => {
    deps.onSummary();
    deps.onSnapshot();
    if (connection.state === 'connected') {
      outbox.flush();
      void deps.draftSync.sync();
      void deps.reactions.refreshServerNames();
    } else deps.typists.clear();
    if (connection.state === 'connected' && !dmsFetched) {
      dmsFetched = true;
      void fetchDms();
    }
    // The outbox's "sending" and "waiting" follow the link.
    deps.onOutbox();
  });
  session.on('change', (change) => {
    if (change.localIds.length > 0 || change.messageIds.length > 0) {
      outbox.delivered(change.localIds, change.messageIds);
    }
    // The messages first: they are what the reader waits for, the counts can follow.
    feed.receive(change);
    if (change.sidebar) {
      // Drafts and the settings that govern their synchronization ride here.
      void deps.draftSync.sync();
      deps.onSnapshot();
      deps.onSummary();
    }
  });
  return { bots, presence, outbox };
}

function presenceTimingOf(state: InitialState | null): {
  pingIntervalSeconds: number;
  offlineThresholdSeconds: number;
} {
  const seconds = (key: string, fallback: number): number => {
    const value = state?.[key];
    return typeof value === 'number' && value > 0 ? value : fallback;
  };
  return {
    pingIntervalSeconds: seconds(
      'server_presence_ping_interval_seconds',
      defaultPresenceTiming.pingIntervalSeconds,
    ),
    offlineThresholdSeconds: seconds(
      'server_presence_offline_threshold_seconds',
      defaultPresenceTiming.offlineThresholdSeconds,
    ),
  };
}
