import type { HearthApp } from '../app/hearthApp';
import { setMainLanguage } from '../../i18n/mainText';
import { handlers } from './callHandlers';

/**
 * The person's own settings: their account, display, notifications, status,
 * alert words and muted users.
 */
export function settingsHandlers(app: HearthApp) {
  return handlers({
    async changePassword({ oldPassword, newPassword }) {
      await app.active().changePassword(oldPassword, newPassword);
      return {};
    },
    async regenerateApiKey() {
      return app.regenerateApiKey();
    },
    async changeFullName({ fullName }) {
      await app.active().changeFullName(fullName);
      return {};
    },
    async changeFolderGrouping({ patch }) {
      await app.active().changeFolderGrouping(patch);
      return {};
    },
    async useLanguage(args) {
      await setMainLanguage(args.code);
      return {};
    },
    async changeDisplaySettings({ patch }) {
      await app.active().changeDisplaySettings(patch);
      return {};
    },
    async setWindowFocus(args) {
      app.setWindowFocus(args.focused);
      return {};
    },
    async openAlert(args) {
      app.openAlert(args.id);
      return {};
    },
    async getNotificationSettings() {
      return app.active().notificationPage();
    },
    async changeNotificationSettings({ patch }) {
      await app.active().changeNotificationSettings(patch);
      return {};
    },
    async changeStreamNotifications({ streamId, property, value }) {
      await app.active().changeStreamNotifications(streamId, property, value);
      return {};
    },
    async setStatus({ text, emoji }) {
      await app.active().status.set(text, emoji);
      return {};
    },
    async setAway({ away }) {
      await app.active().status.setAway(away);
      return {};
    },
    async listAlertWords() {
      return { words: await app.active().alertWords.list() };
    },
    async addAlertWord({ word }) {
      return { words: await app.active().alertWords.add(word) };
    },
    async removeAlertWord({ word }) {
      return { words: await app.active().alertWords.remove(word) };
    },
    async listMutedUsers() {
      return { people: app.active().mutedUsers.list() };
    },
    async muteUser({ userId }) {
      await app.active().mutedUsers.mute(userId);
      return {};
    },
    async unmuteUser({ userId }) {
      await app.active().mutedUsers.unmute(userId);
      return {};
    },
  });
}
