import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/** Writing messages: the compose box, the outbox, typing notifications, drafts and scheduled messages. */
export function composeHandlers(app: HearthApp) {
  return handlers({
    async checkComposeTarget(args: CallArgs<'checkComposeTarget'>) {
      const { to } = parseArgs('checkComposeTarget', args);
      return app.active().composeChecks.check(to);
    },
    async renderPreview(args: CallArgs<'renderPreview'>) {
      const { content } = parseArgs('renderPreview', args);
      return { html: await app.active().renderPreview(content) };
    },
    async emojiList(args: CallArgs<'emojiList'>) {
      parseArgs('emojiList', args);
      return { emoji: app.active().emojiList() };
    },
    async setEnterSends(args: CallArgs<'setEnterSends'>) {
      const { enterSends } = parseArgs('setEnterSends', args);
      await app.active().setEnterSends(enterSends);
      return {};
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
    async discardOutbox(args: CallArgs<'discardOutbox'>) {
      const { localId } = parseArgs('discardOutbox', args);
      app.active().discard(localId);
      return {};
    },
    async setTyping(args: CallArgs<'setTyping'>) {
      const { to, op } = parseArgs('setTyping', args);
      await app.active().setTyping(to, op);
      return {};
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
    async setDraftSynchronization(args: CallArgs<'setDraftSynchronization'>) {
      const { enabled } = parseArgs('setDraftSynchronization', args);
      await app.active().draftSync.setEnabled(enabled);
      return {};
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
  });
}
