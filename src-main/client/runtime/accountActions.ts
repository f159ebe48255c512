import type { Narrow, NotificationSettings } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { channelsById } from '../../registerReads/channelsById';
import type { Api } from '../api';
import type { Cache } from '../cache/accountCache';
import { AlertWords } from '../actions/alertWords';
import { DraftSync } from '../actions/draftSync';
import { MessageActions, type MessageActionsDeps } from '../actions/messageActions';
import { MutedUsers } from '../actions/mutedUsers';
import { AccountReactions } from '../actions/reactions';
import { AccountReadReceipts } from '../actions/readReceipts';
import { ScheduledMessages } from '../actions/scheduledMessages';
import { StreamActions } from '../actions/streamActions';
import { TopicDeletion } from '../actions/topicDeletion';
import { AccountUploads } from '../actions/uploads';
import { AccountStatus } from '../actions/userStatuses';
import { AccountWidgets } from '../actions/widgets';
import { CustomEmoji } from '../admin/customEmoji';
import { AccountLinkifiers } from '../admin/linkifiers';
import { OrganizationActions } from '../admin/organizationSettings';
import { PeopleAdmin } from '../admin/peopleAdmin';
import { StreamAdmin } from '../admin/streamAdmin';
import { UserGroups } from '../admin/userGroups';
import { ComposeChecks } from '../rules/composeChecks';

/** What the account's actions act with; each is read when an action runs. */
export interface AccountActionsDeps {
  cache: Cache;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Api;
  /** The account's API while the server answers; null offline or signed out. */
  liveApi: () => Api | null;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
  online: () => boolean;
  serverUrl: () => string;
  ownUserId: () => number;
  /** How the account reaches its server, for emoji images. */
  fetchImage: typeof fetch;
  fetchFrom: MessageActionsDeps['fetchFrom'];
  changeFlags: MessageActionsDeps['changeFlags'];
  /** Reads the narrow afresh from the server, taking out of the cache and the window what went. */
  reread: (narrow: Narrow) => Promise<void>;
  notificationSettings: () => NotificationSettings;
  /** The cache's drafts changed. */
  onDraftsChange: () => void;
  log: (line: string) => void;
}

/** The account's actions, one object per area of the window. */
export interface AccountActions {
  messages: MessageActions;
  streams: StreamActions;
  organization: OrganizationActions;
  people: PeopleAdmin;
  alertWords: AlertWords;
  mutedUsers: MutedUsers;
  linkifiers: AccountLinkifiers;
  streamAdmin: StreamAdmin;
  userGroups: UserGroups;
  uploads: AccountUploads;
  reactions: AccountReactions;
  status: AccountStatus;
  scheduled: ScheduledMessages;
  readReceipts: AccountReadReceipts;
  widgets: AccountWidgets;
  topicDeletion: TopicDeletion;
  customEmoji: CustomEmoji;
  composeChecks: ComposeChecks;
  draftSync: DraftSync;
}

export function accountActions(deps: AccountActionsDeps): AccountActions {
  const { cache, api, state, online, serverUrl, log } = deps;
  const reactions = new AccountReactions({
    cache,
    api,
    state,
    online,
    serverUrl,
    fetchImage: deps.fetchImage,
    log,
  });
  return {
    messages: new MessageActions({
      cache,
      api,
      serverUrl: serverUrl(),
      fetchFrom: deps.fetchFrom,
      changeFlags: deps.changeFlags,
    }),
    streams: new StreamActions({
      cache,
      api,
      state,
      notificationSettings: deps.notificationSettings,
    }),
    organization: new OrganizationActions({ api, state }),
    people: new PeopleAdmin({ api, state }),
    alertWords: new AlertWords({ api, state }),
    mutedUsers: new MutedUsers({ api, state, people: () => cache.users() }),
    linkifiers: new AccountLinkifiers(api),
    streamAdmin: new StreamAdmin({ cache, api, state }),
    userGroups: new UserGroups({ api, state }),
    uploads: new AccountUploads({ api, state, serverUrl }),
    status: new AccountStatus({ api, online }),
    scheduled: new ScheduledMessages({
      api,
      state,
      people: () => cache.users(),
      streamName: (streamId) => {
        const current = state();
        const name = current ? channelsById(current).get(streamId)?.['name'] : undefined;
        return typeof name === 'string' ? name : null;
      },
      ownUserId: deps.ownUserId,
      online,
      now: () => Math.floor(Date.now() / 1000),
    }),
    reactions,
    widgets: new AccountWidgets({ cache, api, online }),
    readReceipts: new AccountReadReceipts({ cache, api, state, online }),
    topicDeletion: new TopicDeletion({ cache, api, state, online, reread: deps.reread }),
    customEmoji: new CustomEmoji({
      api,
      state,
      serverUrl,
      emojiImage: (url) => reactions.emojiImage(url),
    }),
    composeChecks: new ComposeChecks({ state, cache, api: deps.liveApi }),
    draftSync: new DraftSync({
      drafts: cache.drafts,
      api: deps.liveApi,
      state,
      onChange: deps.onDraftsChange,
      log,
    }),
  };
}
