import { z } from 'zod';
import {
  bridgeCalls,
  type AppState,
  type BridgeCallName,
  type BridgeService,
  type CallArgs,
} from '../../../src-preload/bridge';
import { offeredIntegrations, type OwnBots } from '../bots';
import { soundPath } from '../../wire';
import { mt, setMainLanguage } from '../../i18n/mainText';
import type { HearthApp } from './hearthApp';
import type { PageNotifier } from '../ports/notifier';
import { statePush } from './statePush';

const stateTiming = { gapMs: 250, maxMs: 500 };

export class BridgeArgumentError extends Error {
  override readonly name = 'BridgeArgumentError';
}

// Arguments come from an untrusted renderer whatever the transport, so the
// service parses them itself, first, before anything else is looked at.
const parseArgs = <K extends BridgeCallName>(
  name: K,
  args: unknown,
): z.output<(typeof bridgeCalls)[K]['args']> => {
  const parsed = bridgeCalls[name].args.safeParse(args);
  if (!parsed.success)
    throw new BridgeArgumentError(`${name}: invalid arguments: ${z.prettifyError(parsed.error)}`);
  return parsed.data as z.output<(typeof bridgeCalls)[K]['args']>;
};

/**
 * The bridge contract, served by the whole app: every call acts on the account
 * in the window. What `page` is handed (sounds; in the browser harness,
 * notifications too) is pushed to the window.
 */
export function createBridgeService(app: HearthApp, page?: PageNotifier): BridgeService {
  const bots = (): OwnBots => {
    const { bots } = app.active();
    if (!bots) throw new Error(mt('main.signInAgain.bots'));
    return bots;
  };
  return {
    async getAppState(args: CallArgs<'getAppState'>) {
      parseArgs('getAppState', args);
      return app.appState();
    },
    async probeServer(args: CallArgs<'probeServer'>) {
      return app.probe(parseArgs('probeServer', args).serverUrl);
    },
    async findOrganizations(args: CallArgs<'findOrganizations'>) {
      parseArgs('findOrganizations', args);
      return app.findOrganizations();
    },
    async joinOrganization(args: CallArgs<'joinOrganization'>) {
      return app.join(parseArgs('joinOrganization', args));
    },
    async hostOrganization(args: CallArgs<'hostOrganization'>) {
      const { organizationName, fullName, email, password, language } = parseArgs(
        'hostOrganization',
        args,
      );
      return app.host({
        realmName: organizationName,
        ownerFullName: fullName,
        ownerEmail: email,
        ownerPassword: password,
        language,
      });
    },
    async switchAccount(args: CallArgs<'switchAccount'>) {
      app.switchTo(parseArgs('switchAccount', args).accountId);
      return {};
    },
    async removeAccount(args: CallArgs<'removeAccount'>) {
      await app.remove(parseArgs('removeAccount', args).accountId);
      return {};
    },
    async getSnapshot(args: CallArgs<'getSnapshot'>) {
      parseArgs('getSnapshot', args);
      return app.active().snapshot();
    },
    async openNarrow(args: CallArgs<'openNarrow'>) {
      const { narrow } = parseArgs('openNarrow', args);
      const page = await app.active().openNarrow(narrow);
      app.rememberNarrow(narrow);
      return page;
    },
    async loadOlder(args: CallArgs<'loadOlder'>) {
      const { narrow, beforeId } = parseArgs('loadOlder', args);
      return app.active().loadOlder(narrow, beforeId);
    },
    async loadNewer(args: CallArgs<'loadNewer'>) {
      const { narrow, afterId } = parseArgs('loadNewer', args);
      return app.active().loadNewer(narrow, afterId);
    },
    async search(args: CallArgs<'search'>) {
      const { query } = parseArgs('search', args);
      return app.active().search(query);
    },
    async recentConversations(args: CallArgs<'recentConversations'>) {
      const { fromServer } = parseArgs('recentConversations', args);
      return { conversations: await app.active().recentConversations(fromServer) };
    },
    async sendMessage(args: CallArgs<'sendMessage'>) {
      const { to, content } = parseArgs('sendMessage', args);
      return app.active().send(to, content);
    },
    async retryOutbox(args: CallArgs<'retryOutbox'>) {
      const { localId } = parseArgs('retryOutbox', args);
      app.active().retry(localId);
      return {};
    },
    async renderPreview(args: CallArgs<'renderPreview'>) {
      const { content } = parseArgs('renderPreview', args);
      return { html: await app.active().renderPreview(content) };
    },
    async checkComposeTarget(args: CallArgs<'checkComposeTarget'>) {
      const { to } = parseArgs('checkComposeTarget', args);
      return app.active().composeChecks.check(to);
    },
    async emojiList(args: CallArgs<'emojiList'>) {
      parseArgs('emojiList', args);
      return { emoji: app.active().emojiList() };
    },
    async toggleReaction(args: CallArgs<'toggleReaction'>) {
      const { messageId, emoji } = parseArgs('toggleReaction', args);
      await app.active().reactions.toggle(messageId, emoji);
      return {};
    },
    async widgetAction(args: CallArgs<'widgetAction'>) {
      const { messageId, action } = parseArgs('widgetAction', args);
      await app.active().widgets.act(messageId, action);
      return {};
    },
    async setStatus(args: CallArgs<'setStatus'>) {
      const { text, emoji } = parseArgs('setStatus', args);
      await app.active().status.set(text, emoji);
      return {};
    },
    async setAway(args: CallArgs<'setAway'>) {
      const { away } = parseArgs('setAway', args);
      await app.active().status.setAway(away);
      return {};
    },
    async emojiPicker(args: CallArgs<'emojiPicker'>) {
      parseArgs('emojiPicker', args);
      return app.active().reactions.picker();
    },
    async emojiImage(args: CallArgs<'emojiImage'>) {
      const { accountId, url } = parseArgs('emojiImage', args);
      return { dataUrl: await app.emojiImage(accountId, url) };
    },
    async setTyping(args: CallArgs<'setTyping'>) {
      const { to, op } = parseArgs('setTyping', args);
      await app.active().setTyping(to, op);
      return {};
    },
    async setEnterSends(args: CallArgs<'setEnterSends'>) {
      const { enterSends } = parseArgs('setEnterSends', args);
      await app.active().setEnterSends(enterSends);
      return {};
    },
    async editMessage(args: CallArgs<'editMessage'>) {
      const { messageId, ...change } = parseArgs('editMessage', args);
      await app.active().messages.edit(messageId, change);
      return {};
    },
    async deleteMessage(args: CallArgs<'deleteMessage'>) {
      const { messageId } = parseArgs('deleteMessage', args);
      await app.active().messages.delete(messageId);
      return {};
    },
    async messageSource(args: CallArgs<'messageSource'>) {
      const { messageId } = parseArgs('messageSource', args);
      return { source: await app.active().messages.source(messageId) };
    },
    async messageHistory(args: CallArgs<'messageHistory'>) {
      const { messageId } = parseArgs('messageHistory', args);
      return { versions: await app.active().messages.history(messageId) };
    },
    async scheduleMessage(args: CallArgs<'scheduleMessage'>) {
      const { to, content, at } = parseArgs('scheduleMessage', args);
      await app.active().scheduled.schedule(to, content, at);
      return {};
    },
    async editScheduledMessage(args: CallArgs<'editScheduledMessage'>) {
      const { id, content, at } = parseArgs('editScheduledMessage', args);
      await app.active().scheduled.edit(id, { content, at });
      return {};
    },
    async sendScheduledNow(args: CallArgs<'sendScheduledNow'>) {
      const { id } = parseArgs('sendScheduledNow', args);
      await app.active().scheduled.sendNow(id);
      return {};
    },
    async cancelScheduledMessage(args: CallArgs<'cancelScheduledMessage'>) {
      const { id } = parseArgs('cancelScheduledMessage', args);
      await app.active().scheduled.cancel(id);
      return {};
    },
    async readReceipts(args: CallArgs<'readReceipts'>) {
      const { messageId } = parseArgs('readReceipts', args);
      return app.active().readReceipts.of(messageId);
    },
    async setSendReadReceipts(args: CallArgs<'setSendReadReceipts'>) {
      const { enabled } = parseArgs('setSendReadReceipts', args);
      await app.active().readReceipts.setMine(enabled);
      return {};
    },
    async setDraftSynchronization(args: CallArgs<'setDraftSynchronization'>) {
      const { enabled } = parseArgs('setDraftSynchronization', args);
      await app.active().draftSync.setEnabled(enabled);
      return {};
    },
    async topicMessageCount(args: CallArgs<'topicMessageCount'>) {
      const { streamId, topic } = parseArgs('topicMessageCount', args);
      return { count: app.active().topicDeletion.messageCount(streamId, topic) };
    },
    async deleteTopic(args: CallArgs<'deleteTopic'>) {
      const { streamId, topic } = parseArgs('deleteTopic', args);
      await app.active().topicDeletion.delete(streamId, topic);
      return {};
    },
    async messageLink(args: CallArgs<'messageLink'>) {
      const { messageId } = parseArgs('messageLink', args);
      return { url: app.active().messages.link(messageId) };
    },
    async markUnreadFrom(args: CallArgs<'markUnreadFrom'>) {
      const { narrow, messageId } = parseArgs('markUnreadFrom', args);
      await app.active().messages.markUnreadFrom(narrow, messageId);
      return {};
    },
    async changeFlags(args: CallArgs<'changeFlags'>) {
      const { messageIds, flag, op } = parseArgs('changeFlags', args);
      await app.active().changeFlags(messageIds, flag, op);
      return {};
    },
    async markNarrowRead(args: CallArgs<'markNarrowRead'>) {
      const { narrow } = parseArgs('markNarrowRead', args);
      await app.active().markNarrowRead(narrow);
      return {};
    },
    async discardOutbox(args: CallArgs<'discardOutbox'>) {
      const { localId } = parseArgs('discardOutbox', args);
      app.active().discard(localId);
      return {};
    },
    async listBots(args: CallArgs<'listBots'>) {
      parseArgs('listBots', args);
      return { bots: await bots().list(), integrations: [...offeredIntegrations] };
    },
    async createBot(args: CallArgs<'createBot'>) {
      const request = parseArgs('createBot', args);
      return bots().create(request);
    },
    async regenerateBotKey(args: CallArgs<'regenerateBotKey'>) {
      const { botId } = parseArgs('regenerateBotKey', args);
      await bots().regenerateKey(botId);
      return {};
    },
    async deactivateBot(args: CallArgs<'deactivateBot'>) {
      const { botId } = parseArgs('deactivateBot', args);
      await bots().deactivate(botId);
      return {};
    },
    async setWindowFocus(args: CallArgs<'setWindowFocus'>) {
      app.setWindowFocus(parseArgs('setWindowFocus', args).focused);
      return {};
    },
    async openAlert(args: CallArgs<'openAlert'>) {
      app.openAlert(parseArgs('openAlert', args).id);
      return {};
    },
    async getNotificationSettings(args: CallArgs<'getNotificationSettings'>) {
      parseArgs('getNotificationSettings', args);
      return app.active().notificationPage();
    },
    async changeNotificationSettings(args: CallArgs<'changeNotificationSettings'>) {
      const { patch } = parseArgs('changeNotificationSettings', args);
      await app.active().changeNotificationSettings(patch);
      return {};
    },
    async changeStreamNotifications(args: CallArgs<'changeStreamNotifications'>) {
      const { streamId, property, value } = parseArgs('changeStreamNotifications', args);
      await app.active().changeStreamNotifications(streamId, property, value);
      return {};
    },
    async openLink(args: CallArgs<'openLink'>) {
      const target = app.openLink(parseArgs('openLink', args).href, { fromWindow: true });
      return { kind: target.kind, url: target.kind === 'external' ? target.url : null };
    },
    async setPreferences(args: CallArgs<'setPreferences'>) {
      return app.setPreferences(parseArgs('setPreferences', args).patch);
    },
    async networkSettings(args: CallArgs<'networkSettings'>) {
      parseArgs('networkSettings', args);
      return app.networkSettings();
    },
    async setNetworkSettings(args: CallArgs<'setNetworkSettings'>) {
      return app.setNetworkSettings(parseArgs('setNetworkSettings', args));
    },
    async trustServerCertificate(args: CallArgs<'trustServerCertificate'>) {
      const { accountId, fingerprint } = parseArgs('trustServerCertificate', args);
      await app.trustServerCertificate(accountId, fingerprint);
      return {};
    },
    async setDoNotDisturb(args: CallArgs<'setDoNotDisturb'>) {
      return app.setDoNotDisturb(parseArgs('setDoNotDisturb', args).choice);
    },
    async webhookUrl(args: CallArgs<'webhookUrl'>) {
      const request = parseArgs('webhookUrl', args);
      return { url: await bots().webhookUrl(request) };
    },
    async sendWebhookTest(args: CallArgs<'sendWebhookTest'>) {
      const request = parseArgs('sendWebhookTest', args);
      return bots().sendTestMessage(request);
    },
    async changeFolderGrouping(args: CallArgs<'changeFolderGrouping'>) {
      const { patch } = parseArgs('changeFolderGrouping', args);
      await app.active().changeFolderGrouping(patch);
      return {};
    },
    async useLanguage(args: CallArgs<'useLanguage'>) {
      await setMainLanguage(parseArgs('useLanguage', args).code);
      return {};
    },
    async changeDisplaySettings(args: CallArgs<'changeDisplaySettings'>) {
      const { patch } = parseArgs('changeDisplaySettings', args);
      await app.active().changeDisplaySettings(patch);
      return {};
    },
    async changePassword(args: CallArgs<'changePassword'>) {
      const { oldPassword, newPassword } = parseArgs('changePassword', args);
      await app.active().changePassword(oldPassword, newPassword);
      return {};
    },
    async regenerateApiKey(args: CallArgs<'regenerateApiKey'>) {
      parseArgs('regenerateApiKey', args);
      return app.regenerateApiKey();
    },
    async changeFullName(args: CallArgs<'changeFullName'>) {
      const { fullName } = parseArgs('changeFullName', args);
      await app.active().changeFullName(fullName);
      return {};
    },
    async inbox(args: CallArgs<'inbox'>) {
      parseArgs('inbox', args);
      return app.active().inbox();
    },
    async listDrafts(args: CallArgs<'listDrafts'>) {
      parseArgs('listDrafts', args);
      return { drafts: app.active().drafts() };
    },
    async saveDraft(args: CallArgs<'saveDraft'>) {
      const { to, content, id } = parseArgs('saveDraft', args);
      app.active().saveDraft(to, content, id);
      return {};
    },
    async deleteDraft(args: CallArgs<'deleteDraft'>) {
      const { id } = parseArgs('deleteDraft', args);
      app.active().deleteDraft(id);
      return {};
    },
    async listStreams(args: CallArgs<'listStreams'>) {
      parseArgs('listStreams', args);
      const { streams } = app.active();
      return { streams: streams.list(), archived: streams.listArchived() };
    },
    async subscribeToStream(args: CallArgs<'subscribeToStream'>) {
      const { streamId } = parseArgs('subscribeToStream', args);
      await app.active().streams.subscribe(streamId);
      return {};
    },
    async unsubscribeFromStream(args: CallArgs<'unsubscribeFromStream'>) {
      const { streamId } = parseArgs('unsubscribeFromStream', args);
      await app.active().streams.unsubscribe(streamId);
      return {};
    },
    async createStream(args: CallArgs<'createStream'>) {
      const stream = parseArgs('createStream', args);
      await app.active().streams.create(stream);
      return {};
    },
    async getStreamSettings(args: CallArgs<'getStreamSettings'>) {
      const { streamId } = parseArgs('getStreamSettings', args);
      return app.active().streams.settings(streamId);
    },
    async changeSubscription(args: CallArgs<'changeSubscription'>) {
      const { streamId, change } = parseArgs('changeSubscription', args);
      await app.active().streams.change(streamId, change);
      return {};
    },
    async listMutedTopics(args: CallArgs<'listMutedTopics'>) {
      parseArgs('listMutedTopics', args);
      return { topics: app.active().streams.mutedTopics() };
    },
    async setTopicMuted(args: CallArgs<'setTopicMuted'>) {
      const { streamId, topic, muted } = parseArgs('setTopicMuted', args);
      await app.active().streams.setTopicMuted(streamId, topic, muted);
      return {};
    },
    async getOrganizationSettings(args: CallArgs<'getOrganizationSettings'>) {
      parseArgs('getOrganizationSettings', args);
      return app.active().organization.settings();
    },
    async changeOrganizationSettings(args: CallArgs<'changeOrganizationSettings'>) {
      const { patch } = parseArgs('changeOrganizationSettings', args);
      await app.active().organization.change(patch);
      return {};
    },
    async setOrganizationIcon(args: CallArgs<'setOrganizationIcon'>) {
      const { image } = parseArgs('setOrganizationIcon', args);
      await app.active().organization.setIcon(image);
      return {};
    },
    async setDefaultStream(args: CallArgs<'setDefaultStream'>) {
      const { streamId, isDefault } = parseArgs('setDefaultStream', args);
      await app.active().organization.setDefaultStream(streamId, isDefault);
      return {};
    },
    async listPeople(args: CallArgs<'listPeople'>) {
      parseArgs('listPeople', args);
      return app.active().people.page();
    },
    async changeRole(args: CallArgs<'changeRole'>) {
      const { userId, role } = parseArgs('changeRole', args);
      await app.active().people.changeRole(userId, role);
      return {};
    },
    async deactivateUser(args: CallArgs<'deactivateUser'>) {
      const { userId } = parseArgs('deactivateUser', args);
      await app.active().people.deactivate(userId);
      return {};
    },
    async reactivateUser(args: CallArgs<'reactivateUser'>) {
      const { userId } = parseArgs('reactivateUser', args);
      await app.active().people.reactivate(userId);
      return {};
    },
    async listInvitations(args: CallArgs<'listInvitations'>) {
      parseArgs('listInvitations', args);
      return { invitations: await app.active().people.invitations() };
    },
    async createInvitation(args: CallArgs<'createInvitation'>) {
      const invitation = parseArgs('createInvitation', args);
      return { link: await app.active().people.createInvitation(invitation) };
    },
    async revokeInvitation(args: CallArgs<'revokeInvitation'>) {
      const { id } = parseArgs('revokeInvitation', args);
      await app.active().people.revokeInvitation(id);
      return {};
    },
    async getHosting(args: CallArgs<'getHosting'>) {
      parseArgs('getHosting', args);
      return app.hostingPage();
    },
    async stopHosting(args: CallArgs<'stopHosting'>) {
      parseArgs('stopHosting', args);
      await app.stopHosting();
      return {};
    },
    async backUpHosting(args: CallArgs<'backUpHosting'>) {
      parseArgs('backUpHosting', args);
      await app.backUpHosting();
      return {};
    },
    async exportForZulip(args: CallArgs<'exportForZulip'>) {
      return app.exportForZulip(parseArgs('exportForZulip', args).zulipVersion);
    },
    async setBotsReachPrivateNetworks(args: CallArgs<'setBotsReachPrivateNetworks'>) {
      await app.setBotsReachPrivateNetworks(parseArgs('setBotsReachPrivateNetworks', args).allow);
      return {};
    },
    async setBackupKeep(args: CallArgs<'setBackupKeep'>) {
      await app.setBackupKeep(parseArgs('setBackupKeep', args).keep);
      return {};
    },
    async restoreBackup(args: CallArgs<'restoreBackup'>) {
      return app.restoreBackup(parseArgs('restoreBackup', args).name);
    },
    async setHostingNetwork(args: CallArgs<'setHostingNetwork'>) {
      return app.setHostingNetwork(parseArgs('setHostingNetwork', args).exposure);
    },
    async uploadFile(args: CallArgs<'uploadFile'>) {
      const { accountId, uploadId, name, type, data } = parseArgs('uploadFile', args);
      const file = { name, type, data: Buffer.from(data, 'base64') };
      return { url: await app.upload(accountId, uploadId, file) };
    },
    async cancelUpload(args: CallArgs<'cancelUpload'>) {
      app.cancelUpload(parseArgs('cancelUpload', args).uploadId);
      return {};
    },
    async uploadedImage(args: CallArgs<'uploadedImage'>) {
      const { accountId, href } = parseArgs('uploadedImage', args);
      return { dataUrl: await app.uploadedImage(accountId, href) };
    },
    async saveUpload(args: CallArgs<'saveUpload'>) {
      const { accountId, href } = parseArgs('saveUpload', args);
      return app.saveUpload(accountId, href);
    },
    async listAlertWords(args: CallArgs<'listAlertWords'>) {
      parseArgs('listAlertWords', args);
      return { words: await app.active().alertWords.list() };
    },
    async addAlertWord(args: CallArgs<'addAlertWord'>) {
      const { word } = parseArgs('addAlertWord', args);
      return { words: await app.active().alertWords.add(word) };
    },
    async removeAlertWord(args: CallArgs<'removeAlertWord'>) {
      const { word } = parseArgs('removeAlertWord', args);
      return { words: await app.active().alertWords.remove(word) };
    },
    async listMutedUsers(args: CallArgs<'listMutedUsers'>) {
      parseArgs('listMutedUsers', args);
      return { people: app.active().mutedUsers.list() };
    },
    async muteUser(args: CallArgs<'muteUser'>) {
      const { userId } = parseArgs('muteUser', args);
      await app.active().mutedUsers.mute(userId);
      return {};
    },
    async unmuteUser(args: CallArgs<'unmuteUser'>) {
      const { userId } = parseArgs('unmuteUser', args);
      await app.active().mutedUsers.unmute(userId);
      return {};
    },
    async addLinkifier(args: CallArgs<'addLinkifier'>) {
      const { pattern, urlTemplate } = parseArgs('addLinkifier', args);
      return { id: await app.active().linkifiers.add(pattern, urlTemplate) };
    },
    async updateLinkifier(args: CallArgs<'updateLinkifier'>) {
      const { id, pattern, urlTemplate } = parseArgs('updateLinkifier', args);
      await app.active().linkifiers.update(id, pattern, urlTemplate);
      return {};
    },
    async removeLinkifier(args: CallArgs<'removeLinkifier'>) {
      const { id } = parseArgs('removeLinkifier', args);
      await app.active().linkifiers.remove(id);
      return {};
    },
    async addPlayground(args: CallArgs<'addPlayground'>) {
      const playground = parseArgs('addPlayground', args);
      return { id: await app.active().linkifiers.addPlayground(playground) };
    },
    async removePlayground(args: CallArgs<'removePlayground'>) {
      const { id } = parseArgs('removePlayground', args);
      await app.active().linkifiers.removePlayground(id);
      return {};
    },
    async getStreamAdminSettings(args: CallArgs<'getStreamAdminSettings'>) {
      const { streamId } = parseArgs('getStreamAdminSettings', args);
      return app.active().streamAdmin.settings(streamId);
    },
    async archiveStream(args: CallArgs<'archiveStream'>) {
      const { streamId } = parseArgs('archiveStream', args);
      await app.active().streamAdmin.archive(streamId);
      return {};
    },
    async changeStreamAdminSettings(args: CallArgs<'changeStreamAdminSettings'>) {
      const { streamId, patch } = parseArgs('changeStreamAdminSettings', args);
      await app.active().streamAdmin.change(streamId, patch);
      return {};
    },
    async listCustomEmoji(args: CallArgs<'listCustomEmoji'>) {
      parseArgs('listCustomEmoji', args);
      return app.active().customEmoji.page();
    },
    async addCustomEmoji(args: CallArgs<'addCustomEmoji'>) {
      const { name, image } = parseArgs('addCustomEmoji', args);
      await app.active().customEmoji.add(name, image);
      return {};
    },
    async removeCustomEmoji(args: CallArgs<'removeCustomEmoji'>) {
      const { name } = parseArgs('removeCustomEmoji', args);
      await app.active().customEmoji.remove(name);
      return {};
    },
    async messageEmojiImage(args: CallArgs<'messageEmojiImage'>) {
      const { accountId, src } = parseArgs('messageEmojiImage', args);
      return { dataUrl: await app.messageEmojiImage(accountId, src) };
    },
    async listUserGroups(args: CallArgs<'listUserGroups'>) {
      parseArgs('listUserGroups', args);
      return app.active().userGroups.page();
    },
    async createUserGroup(args: CallArgs<'createUserGroup'>) {
      const group = parseArgs('createUserGroup', args);
      await app.active().userGroups.create(group);
      return {};
    },
    async changeUserGroup(args: CallArgs<'changeUserGroup'>) {
      const { groupId, patch } = parseArgs('changeUserGroup', args);
      await app.active().userGroups.change(groupId, patch);
      return {};
    },
    async changeUserGroupMembers(args: CallArgs<'changeUserGroupMembers'>) {
      const { groupId, add, remove } = parseArgs('changeUserGroupMembers', args);
      await app.active().userGroups.changeMembers(groupId, add, remove);
      return {};
    },
    async changeUserGroupSubgroups(args: CallArgs<'changeUserGroupSubgroups'>) {
      const { groupId, add, remove } = parseArgs('changeUserGroupSubgroups', args);
      await app.active().userGroups.changeSubgroups(groupId, add, remove);
      return {};
    },
    async deleteUserGroup(args: CallArgs<'deleteUserGroup'>) {
      const { groupId } = parseArgs('deleteUserGroup', args);
      await app.active().userGroups.delete(groupId);
      return {};
    },
    async startHosting(args: CallArgs<'startHosting'>) {
      parseArgs('startHosting', args);
      await app.startHosting();
      return {};
    },
    subscribe(push) {
      // The app state as last emitted: computing it reads every account's counts.
      const appState = statePush<AppState>(stateTiming, (state) => push('appState', state));
      // The snapshot is read when it goes; an account closed meanwhile has none.
      const snapshot = statePush(stateTiming, () => {
        const active = app.activeOrNull();
        if (active) push('snapshot', active.snapshot());
      });
      // A busy host logs many lines a second; the page asks again at most every half second.
      const hosting = statePush(stateTiming, () => push('hosting', { at: Date.now() }));
      const stops = [
        appState.stop,
        snapshot.stop,
        hosting.stop,
        app.on('appState', appState.request),
        app.on('snapshot', snapshot.request),
        app.on('feed', (change) => {
          push('feed', change);
          appState.ride();
          snapshot.ride();
        }),
        app.on('outbox', ({ accountId }) =>
          push('outbox', { accountId, entries: app.active().outboxEntries() }),
        ),
        app.on('navigate', (target) => push('navigate', target)),
        app.on('hosting', () => hosting.request()),
        app.on('invitation', (invitation) => push('invitation', invitation)),
        app.on('typing', (typing) => push('typing', typing)),
        app.on('uploadProgress', (progress) => push('uploadProgress', progress)),
        app.on('drafts', ({ accountId }) =>
          push('drafts', { accountId, drafts: app.active().drafts() }),
        ),
        ...(page
          ? [
              page.on('notification', (alert) => push('notification', alert)),
              page.on('sound', ({ sound }) => push('sound', { sound, path: soundPath(sound) })),
            ]
          : []),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
