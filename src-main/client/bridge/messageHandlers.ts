import type { HearthApp } from '../app/hearthApp';
import { handlers } from './callHandlers';

/**
 * What the person does with a message shown: edit, delete, link, mark unread,
 * react, answer its widget, see its read receipts; and a topic's deletion.
 */
export function messageHandlers(app: HearthApp) {
  return handlers({
    async editMessage({ messageId, ...change }) {
      await app.active().messages.edit(messageId, change);
      return {};
    },
    async deleteMessage({ messageId }) {
      await app.active().messages.delete(messageId);
      return {};
    },
    async messageSource({ messageId }) {
      return { source: await app.active().messages.source(messageId) };
    },
    async messageHistory({ messageId }) {
      return { versions: await app.active().messages.history(messageId) };
    },
    async messageLink({ messageId }) {
      return { url: app.active().messages.link(messageId) };
    },
    async markUnreadFrom({ narrow, messageId }) {
      await app.active().messages.markUnreadFrom(narrow, messageId);
      return {};
    },
    async toggleReaction({ messageId, emoji }) {
      await app.active().reactions.toggle(messageId, emoji);
      return {};
    },
    async emojiPicker() {
      return app.active().reactions.picker();
    },
    async emojiImage({ accountId, url }) {
      return { dataUrl: await app.emojiImage(accountId, url) };
    },
    async readReceipts({ messageId }) {
      return app.active().readReceipts.of(messageId);
    },
    async setSendReadReceipts({ enabled }) {
      await app.active().readReceipts.setMine(enabled);
      return {};
    },
    async widgetAction({ messageId, action }) {
      await app.active().widgets.act(messageId, action);
      return {};
    },
    async topicMessageCount({ streamId, topic }) {
      return { count: app.active().topicDeletion.messageCount(streamId, topic) };
    },
    async deleteTopic({ streamId, topic }) {
      await app.active().topicDeletion.delete(streamId, topic);
      return {};
    },
  });
}
