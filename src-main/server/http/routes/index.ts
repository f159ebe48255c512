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
  getBotsEndpoint,
  regenerateBotApiKeyEndpoint,
  updateBotEndpoint,
} from './bots';
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
import {
  createChannelFolderEndpoint,
  getChannelFoldersEndpoint,
  reorderChannelFoldersEndpoint,
  updateChannelFolderEndpoint,
} from './channelFolders';
import { deleteQueue, getEvents, register } from './events';
import {
  createMultiuseInviteEndpoint,
  getInvitesEndpoint,
  joinByInviteEndpoint,
  revokeMultiuseInviteEndpoint,
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
import { typingEndpoint } from './typing';
import { regenerateOwnApiKeyEndpoint, updateSettingsEndpoint } from './userSettings';
import { updateUserStatusEndpoint } from './userStatus';
import {
  createScheduledMessageEndpoint,
  deleteScheduledMessageEndpoint,
  getScheduledMessagesEndpoint,
  updateScheduledMessageEndpoint,
} from './scheduledMessages';
import { createReminderEndpoint, deleteReminderEndpoint, getRemindersEndpoint } from './reminders';
import { deleteRealmIconEndpoint, updateRealmEndpoint, uploadRealmIconEndpoint } from './realm';
import {
  archiveStreamEndpoint,
  deleteDefaultStreamEndpoint,
  getStream,
  getStreamId,
  getStreams,
  postDefaultStream,
  updateStreamEndpoint,
} from './streams';
import { addSubscriptions, getSubscriptions, removeSubscriptions } from './subscriptions';
import { updateSubscriptionPropertiesEndpoint } from './subscriptions';
import { getStreamTopics, updateMutedTopic, updateUserTopic } from './topics';
import { deleteTopicEndpoint } from './topicDeletion';
import {
  createUserGroupEndpoint,
  deactivateUserGroupEndpoint,
  deleteUserGroupEndpoint,
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
  createBotEndpoint,
  getBotsEndpoint,
  updateBotEndpoint,
  regenerateBotApiKeyEndpoint,
  deactivateBotEndpoint,
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
  updateMutedTopic,
  updateUserTopic,
  getStreams,
  getStream,
  getStreamId,
  updateStreamEndpoint,
  archiveStreamEndpoint,
  postDefaultStream,
  deleteDefaultStreamEndpoint,
  updateRealmEndpoint,
  uploadRealmIconEndpoint,
  deleteRealmIconEndpoint,
  getRealmEmojiEndpoint,
  uploadRealmEmojiEndpoint,
  deleteRealmEmojiEndpoint,
  getLinkifiersEndpoint,
  addLinkifierEndpoint,
  updateLinkifierEndpoint,
  removeLinkifierEndpoint,
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
  getChannelFoldersEndpoint,
  createChannelFolderEndpoint,
  reorderChannelFoldersEndpoint,
  updateChannelFolderEndpoint,
  getUserGroupsEndpoint,
  createUserGroupEndpoint,
  updateUserGroupEndpoint,
  deactivateUserGroupEndpoint,
  deleteUserGroupEndpoint,
  updateUserGroupMembersEndpoint,
  getUserGroupMembersEndpoint,
  getUserGroupMembershipEndpoint,
  getUserGroupSubgroupsEndpoint,
  updateUserGroupSubgroupsEndpoint,
  updatePresenceEndpoint,
  getRealmPresence,
  getUserPresence,
  updateUserStatusEndpoint,
  getScheduledMessagesEndpoint,
  createScheduledMessageEndpoint,
  updateScheduledMessageEndpoint,
  deleteScheduledMessageEndpoint,
  getRemindersEndpoint,
  createReminderEndpoint,
  deleteReminderEndpoint,
  typingEndpoint,
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
