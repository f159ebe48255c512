import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { setMainLanguage } from '../../i18n/mainText';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/**
 * The person's own settings: their account, display, notifications, status,
 * alert words and muted users.
 */
export function settingsHandlers(app: HearthApp) {
  return handlers({
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
  });
}
