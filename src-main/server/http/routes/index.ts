import type { Endpoint } from '../endpoint';
import {
  addAlertWordsEndpoint,
  getAlertWordsEndpoint,
  removeAlertWordsEndpoint,
} from './alertWords';
import { devFetchApiKey, fetchApiKey } from './apiKeys';
import {
  createBotEndpoint,
  deactivateBotEndpoint,
  getBotApiKeyEndpoint,
  getBotsEndpoint,
  regenerateBotApiKeyEndpoint,
  updateBotEndpoint,
} from './bots';
import { getSubscriptionStatusEndpoint } from './userSubscriptions';
import {
  getBotStorageEndpoint,
  removeBotStorageEndpoint,
  updateBotStorageEndpoint,
} from './botStorage';
import {
  createDraftsEndpoint,
  deleteDraftEndpoint,
  editDraftEndpoint,
  getDraftsEndpoint,
} from './drafts';
import {
  createSavedSnippetEndpoint,
  deleteSavedSnippetEndpoint,
  editSavedSnippetEndpoint,
  getSavedSnippetsEndpoint,
} from './savedSnippets';
import { markOnboardingStepEndpoint } from './onboardingSteps';
import { getExportConsentsEndpoint } from './exportConsents';
import {
  deleteRealmExportEndpoint,
  getRealmExportsEndpoint,
  requestRealmExportEndpoint,
} from './realmExports';
import {
  createChannelFolderEndpoint,
  getChannelFoldersEndpoint,
  reorderChannelFoldersEndpoint,
  updateChannelFolderEndpoint,
} from './channelFolders';
import { deleteQueue, getEvents, register } from './events';
import {
  createBigBlueButtonCallEndpoint,
  createConstructorGroupsCallEndpoint,
  createNextcloudTalkCallEndpoint,
  createWebexCallEndpoint,
  createZoomCallEndpoint,
} from './calls';
import {
  addNavigationViewEndpoint,
  editNavigationViewEndpoint,
  getNavigationViewsEndpoint,
  removeNavigationViewEndpoint,
} from './navigationViews';
import {
  createMultiuseInviteEndpoint,
  getInvitesEndpoint,
  joinByInviteEndpoint,
  revokeMultiuseInviteEndpoint,
  inviteByEmailEndpoint,
  revokeEmailInvitationEndpoint,
  resendEmailInvitationEndpoint,
} from './invites';
import { getMessages, postMessage } from './messages';
import { deleteMessageEndpoint } from './messageDeletion';
import {
  getMessageEndpoint,
  getMessageHistoryEndpoint,
  updateMessageEndpoint,
} from './messageEdits';
import { renderMessageEndpoint } from './messageRender';
import {
  addLinkifierEndpoint,
  addPlaygroundEndpoint,
  getLinkifiersEndpoint,
  removeLinkifierEndpoint,
  removePlaygroundEndpoint,
  reorderLinkifiersEndpoint,
  updateLinkifierEndpoint,
} from './linkifiers';
import { muteUserEndpoint, unmuteUserEndpoint } from './mutedUsers';
import { addReactionEndpoint, removeReactionEndpoint } from './reactions';
import { addSubmessageEndpoint } from './submessages';
import { getReadReceiptsEndpoint } from './readReceipts';
import {
  deleteRealmEmojiEndpoint,
  getRealmEmojiEndpoint,
  uploadRealmEmojiEndpoint,
} from './realmEmoji';
import {
  markAllAsReadEndpoint,
  markStreamAsReadEndpoint,
  markTopicAsReadEndpoint,
  updateFlagsForNarrowEndpoint,
  updateMessageFlagsEndpoint,
} from './readState';
import {
  createProfileFieldEndpoint,
  deleteProfileFieldEndpoint,
  getProfileFields,
  removeProfileDataEndpoint,
  reorderProfileFieldsEndpoint,
  updateProfileDataEndpoint,
  updateProfileFieldEndpoint,
} from './profileFields';
import { getServerSettings } from './serverSettings';
import { updateNotificationSettingsEndpoint } from './settings';
import { getRealmPresence, getUserPresence, updatePresenceEndpoint } from './presence';
import { messageEditTypingEndpoint, typingEndpoint } from './typing';
import { reportMessageEndpoint } from './messageReports';
import { regenerateOwnApiKeyEndpoint, updateSettingsEndpoint } from './userSettings';
import { updateStatusOfUserEndpoint, updateUserStatusEndpoint } from './userStatus';
import {
  createScheduledMessageEndpoint,
  deleteScheduledMessageEndpoint,
  getScheduledMessagesEndpoint,
  updateScheduledMessageEndpoint,
} from './scheduledMessages';
import { createReminderEndpoint, deleteReminderEndpoint, getRemindersEndpoint } from './reminders';
import {
  addApnsTokenEndpoint,
  addFcmTokenEndpoint,
  e2eeTestNotificationEndpoint,
  registerClientDeviceEndpoint,
  registerPushDeviceEndpoint,
  removeApnsTokenEndpoint,
  removeClientDeviceEndpoint,
  removeFcmTokenEndpoint,
  testNotificationEndpoint,
} from './mobilePush';
import {
  deleteRealmIconEndpoint,
  testWelcomeBotCustomMessageEndpoint,
  updateRealmEndpoint,
  uploadRealmIconEndpoint,
} from './realm';
import { deactivateRealmEndpoint } from './realmDeactivation';
import {
  archiveStreamEndpoint,
  deleteDefaultStreamEndpoint,
  getStream,
  getStreamEmailAddress,
  getStreamId,
  getStreamMembers,
  getStreams,
  postDefaultStream,
  updateStreamEndpoint,
} from './streams';
import { addSubscriptions, getSubscriptions, removeSubscriptions } from './subscriptions';
import { createChannelEndpoint } from './subscriptions';
import { updateSubscriptionPropertiesEndpoint } from './subscriptions';
import { getStreamTopics, updateMutedTopic, updateUserTopic } from './topics';
import { deleteTopicEndpoint } from './topicDeletion';
import {
  createUserGroupEndpoint,
  deactivateUserGroupEndpoint,
  getUserGroupMembersEndpoint,
  getUserGroupMembershipEndpoint,
  getUserGroupsEndpoint,
  getUserGroupSubgroupsEndpoint,
  updateUserGroupEndpoint,
  updateUserGroupMembersEndpoint,
  updateUserGroupSubgroupsEndpoint,
} from './userGroups';
import { deleteAttachmentEndpoint, getAttachmentsEndpoint, uploadFileEndpoint } from './uploads';
import {
  createUserEndpoint,
  deactivateUserEndpoint,
  getOwnUser,
  getUserEndpoint,
  getUsers,
  reactivateUserEndpoint,
  updateUserEndpoint,
} from './users';
import { getUserChannelsEndpoint, getUserStatusEndpoint } from './userLookups';

export const endpoints: readonly Endpoint[] = [
  getServerSettings,
  fetchApiKey,
  devFetchApiKey,
  getOwnUser,
  getUsers,
  createUserEndpoint,
  getUserEndpoint,
  updateUserEndpoint,
  deactivateUserEndpoint,
  reactivateUserEndpoint,
  getUserStatusEndpoint,
  getUserChannelsEndpoint,
  createMultiuseInviteEndpoint,
  getInvitesEndpoint,
  revokeMultiuseInviteEndpoint,
  joinByInviteEndpoint,
  inviteByEmailEndpoint,
  revokeEmailInvitationEndpoint,
  resendEmailInvitationEndpoint,
  createBotEndpoint,
  getBotsEndpoint,
  updateBotEndpoint,
  regenerateBotApiKeyEndpoint,
  deactivateBotEndpoint,
  getBotApiKeyEndpoint,
  getBotStorageEndpoint,
  updateBotStorageEndpoint,
  removeBotStorageEndpoint,
  getSubscriptionStatusEndpoint,
  updateProfileDataEndpoint,
  removeProfileDataEndpoint,
  getProfileFields,
  createProfileFieldEndpoint,
  reorderProfileFieldsEndpoint,
  updateProfileFieldEndpoint,
  deleteProfileFieldEndpoint,
  getSubscriptions,
  addSubscriptions,
  removeSubscriptions,
  updateSubscriptionPropertiesEndpoint,
  createChannelEndpoint,
  updateMutedTopic,
  updateUserTopic,
  getStreams,
  getStream,
  getStreamEmailAddress,
  getStreamMembers,
  getStreamId,
  updateStreamEndpoint,
  archiveStreamEndpoint,
  postDefaultStream,
  deleteDefaultStreamEndpoint,
  updateRealmEndpoint,
  uploadRealmIconEndpoint,
  testWelcomeBotCustomMessageEndpoint,
  deleteRealmIconEndpoint,
  deactivateRealmEndpoint,
  getRealmEmojiEndpoint,
  uploadRealmEmojiEndpoint,
  deleteRealmEmojiEndpoint,
  getLinkifiersEndpoint,
  addLinkifierEndpoint,
  updateLinkifierEndpoint,
  removeLinkifierEndpoint,
  reorderLinkifiersEndpoint,
  addPlaygroundEndpoint,
  removePlaygroundEndpoint,
  getStreamTopics,
  deleteTopicEndpoint,
  updateNotificationSettingsEndpoint,
  updateSettingsEndpoint,
  getAlertWordsEndpoint,
  addAlertWordsEndpoint,
  removeAlertWordsEndpoint,
  muteUserEndpoint,
  unmuteUserEndpoint,
  getDraftsEndpoint,
  createDraftsEndpoint,
  editDraftEndpoint,
  deleteDraftEndpoint,
  getSavedSnippetsEndpoint,
  createSavedSnippetEndpoint,
  editSavedSnippetEndpoint,
  deleteSavedSnippetEndpoint,
  markOnboardingStepEndpoint,
  getExportConsentsEndpoint,
  requestRealmExportEndpoint,
  getRealmExportsEndpoint,
  deleteRealmExportEndpoint,
  getNavigationViewsEndpoint,
  addNavigationViewEndpoint,
  editNavigationViewEndpoint,
  removeNavigationViewEndpoint,
  createZoomCallEndpoint,
  createWebexCallEndpoint,
  createConstructorGroupsCallEndpoint,
  createNextcloudTalkCallEndpoint,
  createBigBlueButtonCallEndpoint,
  getChannelFoldersEndpoint,
  createChannelFolderEndpoint,
  reorderChannelFoldersEndpoint,
  updateChannelFolderEndpoint,
  getUserGroupsEndpoint,
  createUserGroupEndpoint,
  updateUserGroupEndpoint,
  deactivateUserGroupEndpoint,
  updateUserGroupMembersEndpoint,
  getUserGroupMembersEndpoint,
  getUserGroupMembershipEndpoint,
  getUserGroupSubgroupsEndpoint,
  updateUserGroupSubgroupsEndpoint,
  updatePresenceEndpoint,
  getRealmPresence,
  getUserPresence,
  updateUserStatusEndpoint,
  updateStatusOfUserEndpoint,
  getScheduledMessagesEndpoint,
  createScheduledMessageEndpoint,
  updateScheduledMessageEndpoint,
  deleteScheduledMessageEndpoint,
  getRemindersEndpoint,
  createReminderEndpoint,
  deleteReminderEndpoint,
  registerClientDeviceEndpoint,
  removeClientDeviceEndpoint,
  registerPushDeviceEndpoint,
  e2eeTestNotificationEndpoint,
  testNotificationEndpoint,
  addApnsTokenEndpoint,
  removeApnsTokenEndpoint,
  addFcmTokenEndpoint,
  removeFcmTokenEndpoint,
  typingEndpoint,
  messageEditTypingEndpoint,
  reportMessageEndpoint,
  postMessage,
  getMessages,
  updateMessageEndpoint,
  getMessageEndpoint,
  getMessageHistoryEndpoint,
  renderMessageEndpoint,
  deleteMessageEndpoint,
  getReadReceiptsEndpoint,
  addReactionEndpoint,
  removeReactionEndpoint,
  addSubmessageEndpoint,
  uploadFileEndpoint,
  getAttachmentsEndpoint,
  deleteAttachmentEndpoint,
  updateMessageFlagsEndpoint,
  updateFlagsForNarrowEndpoint,
  markAllAsReadEndpoint,
  markStreamAsReadEndpoint,
  markTopicAsReadEndpoint,
  register,
  getEvents,
  deleteQueue,
  // Last: a caller that sweeps every endpoint in order keeps its key to the end.
  regenerateOwnApiKeyEndpoint,
];
