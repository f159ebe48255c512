import type { Connection, Snapshot } from '../../../src-preload/bridge';
import type { Subscription } from '../../wire';
import type { InitialState } from '../../wire/registerState';
import { isRowMuted } from '../../registerReads/topicMuting';
import { channelsById, type StateChannel } from '../../registerReads/channelsById';
import { topicsPolicyOf } from '../../permissions/topicsPolicy';
import type { Account } from '../accounts/accountStore';
import type { Cache } from '../cache/accountCache';
import { dmKey } from '../cache/narrow';
import type { Presence } from '../presence';
import { customEmojiVersion } from '../actions/reactions';
import { draftSynchronizationOf } from '../actions/draftSync';
import { mutedUserIds } from '../actions/mutedUsers';
import { readReceiptSettingsOf } from '../actions/readReceipts';
import { timezoneOf, type ScheduledMessages } from '../actions/scheduledMessages';
import { statusFields, statusViews } from '../actions/userStatuses';
import { linkifiersOf, playgroundsOf } from '../admin/linkifiers';
import { mentionableGroups } from '../admin/userGroups';
import { roleOf } from '../rules/accountRole';
import { composeRulesOf } from '../rules/composeAids';
import { drawsLargeEmoji, markedGuests } from '../rules/drawingRules';
import { messageRulesOf } from '../rules/messageRules';
import { snapshotPermissions } from '../rules/snapshotPermissions';
import { folderGroupingOf, folderIdOf, groupingFoldersOf } from '../views/channelFolders';
import { sidebarDms } from '../views/conversationsView';
import { displaySettingsOf } from '../views/displaySettings';
import { followedTopicsOf } from '../views/followedTopics';
import { narrowOfTerms } from '../views/narrows';
import { archivedStreams } from '../views/streamsView';

/** What the sidebar snapshot is read from: one account's parts as they are now. */
export interface SnapshotParts {
  account: Account;
  cache: Cache;
  state: InitialState | null;
  /** The subscriptions to channels that still take messages. */
  subscriptions: readonly Subscription[];
  realmName: string;
  connection: Connection;
  online: boolean;
  presence: Presence | null;
  scheduled: ScheduledMessages;
}

/** Everything the window shows of the account around the feed, read from the cache and the register state. */
export function sidebarSnapshot(parts: SnapshotParts): Snapshot {
  const { account, cache, state } = parts;
  const counts = cache.unreadCounts();
  const me = cache.ownUserId ?? account.userId;
  const topicUnread = new Map(
    counts.topics.map((topic) => [`${topic.streamId}:${topic.topic.toLowerCase()}`, topic]),
  );
  const channels = state ? channelsById(state) : new Map<number, StateChannel>();
  const streams = parts.subscriptions
    .map((subscription) => ({
      streamId: subscription.stream_id,
      name: subscription.name,
      color: subscription.color,
      muted: subscription.is_muted,
      pinned: subscription.pin_to_top,
      unread: counts.streams.get(subscription.stream_id) ?? 0,
      topics: cache.topicsInStream(subscription.stream_id).map((topic) => {
        const unread = topicUnread.get(`${subscription.stream_id}:${topic.name.toLowerCase()}`);
        // Topics without unread messages are not counted, so their muting is read from their policy.
        const muted =
          unread?.muted ??
          isRowMuted(subscription.is_muted, cache.topicPolicy(subscription.stream_id, topic.name));
        return { name: topic.name, unread: unread?.count ?? 0, muted };
      }),
      topicsPolicy: topicsPolicyOf(state, channels.get(subscription.stream_id)),
      folderId: folderIdOf(state, channels.get(subscription.stream_id)),
    }))
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.name.localeCompare(b.name));
  const users = cache.users();
  const self = users.find((user) => user.user_id === me);
  const guests = markedGuests(state);
  const muted = mutedUserIds(state);
  const statuses = statusViews(state, account.serverUrl, me);
  return {
    accountId: account.id,
    user: {
      userId: me,
      email: self?.email ?? account.email,
      fullName: self?.full_name ?? account.email,
      ...statusFields(statuses, me),
    },
    realmName: parts.realmName,
    streams,
    users: users
      .filter((user) => user.is_active && user.user_id !== me)
      .map((user) => ({
        userId: user.user_id,
        fullName: user.full_name,
        email: user.email,
        isBot: user.is_bot,
        guest: guests.has(user.user_id),
        muted: muted.includes(user.user_id),
        unread: counts.dms.get(dmKey([me, user.user_id])) ?? 0,
        presence: parts.online ? (parts.presence?.statusOf(user.user_id) ?? 'offline') : 'offline',
        ...statusFields(statuses, user.user_id),
      }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName)),
    folders: groupingFoldersOf(state, 'sidebar'),
    folderGrouping: folderGroupingOf(state),
    followedTopics: followedTopicsOf(state),
    archivedChannels: (archivedStreams(state) ?? []).map(({ streamId, name }) => ({
      streamId,
      name,
    })),
    dms: sidebarDms(cache, counts),
    unread: {
      mentions: counts.mentions,
      dms: [...counts.dms.values()].reduce((sum, count) => sum + count, 0),
    },
    connection: parts.connection,
    lastNarrow: account.lastNarrow ? narrowOfTerms(account.lastNarrow) : null,
    messageRules: messageRulesOf(state),
    may: snapshotPermissions(state),
    compose: composeRulesOf(state),
    display: displaySettingsOf(state),
    guests: [...guests].sort((a, b) => a - b),
    largeEmoji: drawsLargeEmoji(state),
    role: roleOf(state),
    groups: mentionableGroups(state),
    customEmojiVersion: customEmojiVersion(state, account.serverUrl),
    readReceipts: readReceiptSettingsOf(state),
    mutedUsers: muted,
    linkifiers: linkifiersOf(state),
    playgrounds: playgroundsOf(state),
    syncDrafts: draftSynchronizationOf(state),
    scheduledMessages: parts.scheduled.list(),
    timezone: timezoneOf(state),
  };
}
