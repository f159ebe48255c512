import { sql as initial } from './001-initial';
import { sql as search } from './002-search';
import { sql as streamsAndSettings } from './003-streams-and-settings';
import { sql as messageEdits } from './004-message-edits';
import { sql as customProfileFields } from './005-custom-profile-fields';
import { sql as userTopics } from './006-user-topics';
import { sql as eventQueues } from './007-event-queues';
import { sql as bots } from './008-bots';
import { sql as presence } from './009-presence';
import { sql as realmSettings } from './010-realm-settings';
import { sql as uploads } from './011-uploads';
import { sql as alertWords } from './012-alert-words';
import { sql as userGroups } from './013-user-groups';
import { sql as streamPostPolicy } from './014-stream-post-policy';
import { sql as userGroupSubgroups } from './015-user-group-subgroups';
import { sql as reactions } from './016-reactions';
import { sql as streamArchiveAndMoves } from './017-stream-archive-and-moves';
import { sql as realmEmoji } from './018-realm-emoji';
import { sql as mutedUsers } from './019-muted-users';
import { sql as readReceipts } from './020-read-receipts';
import { sql as userStatus } from './021-user-status';
import { sql as submessages } from './022-submessages';
import { sql as scheduledMessages } from './023-scheduled-messages';
import { sql as botServices } from './024-bot-services';
import { sql as drafts } from './025-drafts';
import { sql as linkifiersAndPlaygrounds } from './026-linkifiers-and-playgrounds';
import { sql as realmDefaultLanguage } from './027-realm-default-language';
import { sql as directMessageIndex } from './028-direct-message-index';
import { sql as avatarVersion } from './029-avatar-version';
import { sql as savedSnippets } from './030-saved-snippets';
import { sql as presenceUpdateIds } from './031-presence-update-ids';
import { sql as groupSettings } from './032-group-settings';
import { sql as userGroupSettings } from './033-user-group-settings';
import { sql as channelGroupSettings } from './034-channel-group-settings';
import { sql as channelFolders } from './035-channel-folders';
import { sql as topicsPolicy } from './036-topics-policy';
import { sql as userGroupDeactivation } from './037-user-group-deactivation';
import { sql as reminders } from './038-reminders';
import { sql as nobodyGroup } from './039-nobody-group';
import { sql as modernSettings } from './040-modern-settings';
import { sql as peopleSettings } from './041-people-settings';
import { sql as clientDevices } from './042-client-devices';
import { sql as inlineImages } from './043-inline-images';
import { sql as botStorage } from './044-bot-storage';
import { sql as realmFeatures } from './045-realm-features';
import { sql as editHistoryAndOwnSettings } from './046-edit-history-and-own-settings';
import { sql as realmUuid } from './047-realm-uuid';
import { sql as resumableUploads } from './048-resumable-uploads';
import { sql as realmExports } from './049-realm-exports';
import { sql as firstLoginAndAvatarSource } from './050-first-login-and-avatar-source';
import { sql as systemBots } from './051-system-bots';
import { sql as emailInvitations } from './052-email-invitations';
import { sql as directMessageGroupsAndRealmDeactivation } from './053-direct-message-groups-and-realm-deactivation';
import { sql as pushService } from './054-push-service';
import { sql as pushNotifications } from './055-push-notifications';
import { sql as pushMentioningGroup } from './056-push-mentioning-group';

// Position n (1-based) is the migration that brings the schema to
// `PRAGMA user_version = n`; append, never reorder or edit a shipped one.
export const migrations: readonly string[] = [
  initial,
  search,
  streamsAndSettings,
  messageEdits,
  customProfileFields,
  userTopics,
  eventQueues,
  bots,
  presence,
  realmSettings,
  uploads,
  alertWords,
  userGroups,
  streamPostPolicy,
  userGroupSubgroups,
  reactions,
  streamArchiveAndMoves,
  realmEmoji,
  mutedUsers,
  readReceipts,
  userStatus,
  submessages,
  scheduledMessages,
  botServices,
  drafts,
  linkifiersAndPlaygrounds,
  realmDefaultLanguage,
  directMessageIndex,
  avatarVersion,
  savedSnippets,
  presenceUpdateIds,
  groupSettings,
  userGroupSettings,
  channelGroupSettings,
  channelFolders,
  topicsPolicy,
  userGroupDeactivation,
  reminders,
  nobodyGroup,
  modernSettings,
  peopleSettings,
  clientDevices,
  inlineImages,
  botStorage,
  realmFeatures,
  editHistoryAndOwnSettings,
  realmUuid,
  resumableUploads,
  realmExports,
  firstLoginAndAvatarSource,
  systemBots,
  emailInvitations,
  directMessageGroupsAndRealmDeactivation,
  pushService,
  pushNotifications,
  pushMentioningGroup,
];
