import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/**
 * What the person does with a message shown: edit, delete, link, mark unread,
 * react, answer its widget, see its read receipts; and a topic's deletion.
 */
export function messageHandlers(app: HearthApp) {
  return handlers({
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
    async messageLink(args: CallArgs<'messageLink'>) {
      const { messageId } = parseArgs('messageLink', args);
      return { url: app.active().messages.link(messageId) };
    },
    async markUnreadFrom(args: CallArgs<'markUnreadFrom'>) {
      const { narrow, messageId } = parseArgs('markUnreadFrom', args);
      await app.active().messages.markUnreadFrom(narrow, messageId);
      return {};
    },
    async toggleReaction(args: CallArgs<'toggleReaction'>) {
      const { messageId, emoji } = parseArgs('toggleReaction', args);
      await app.active().reactions.toggle(messageId, emoji);
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
    async readReceipts(args: CallArgs<'readReceipts'>) {
      const { messageId } = parseArgs('readReceipts', args);
      return app.active().readReceipts.of(messageId);
    },
    async setSendReadReceipts(args: CallArgs<'setSendReadReceipts'>) {
      const { enabled } = parseArgs('setSendReadReceipts', args);
      await app.active().readReceipts.setMine(enabled);
      return {};
    },
    async widgetAction(args: CallArgs<'widgetAction'>) {
      const { messageId, action } = parseArgs('widgetAction', args);
      await app.active().widgets.act(messageId, action);
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
  });
}
