import type { HearthApp } from '../app/hearthApp';
import { handlers } from './callHandlers';

/** Writing messages: the compose box, the outbox, typing notifications, drafts and scheduled messages. */
export function composeHandlers(app: HearthApp) {
  return handlers({
    async checkComposeTarget({ to }) {
      return app.active().composeChecks.check(to);
    },
    async renderPreview({ content }) {
      return { html: await app.active().renderPreview(content) };
    },
    async emojiList() {
      return { emoji: app.active().emojiList() };
    },
    async setEnterSends({ enterSends }) {
      await app.active().setEnterSends(enterSends);
      return {};
    },
    async sendMessage({ to, content }) {
      return app.active().send(to, content);
    },
    async retryOutbox({ localId }) {
      app.active().retry(localId);
      return {};
    },
    async discardOutbox({ localId }) {
      app.active().discard(localId);
      return {};
    },
    async setTyping({ to, op }) {
      await app.active().setTyping(to, op);
      return {};
    },
    async listDrafts() {
      return { drafts: app.active().drafts() };
    },
    async saveDraft({ to, content, id }) {
      app.active().saveDraft(to, content, id);
      return {};
    },
    async deleteDraft({ id }) {
      app.active().deleteDraft(id);
      return {};
    },
    async setDraftSynchronization({ enabled }) {
      await app.active().draftSync.setEnabled(enabled);
      return {};
    },
    async scheduleMessage({ to, content, at }) {
      await app.active().scheduled.schedule(to, content, at);
      return {};
    },
    async editScheduledMessage({ id, content, at }) {
      await app.active().scheduled.edit(id, { content, at });
      return {};
    },
    async sendScheduledNow({ id }) {
      await app.active().scheduled.sendNow(id);
      return {};
    },
    async cancelScheduledMessage({ id }) {
      await app.active().scheduled.cancel(id);
      return {};
    },
  });
}
