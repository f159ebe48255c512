import type { HearthApp } from '../app/hearthApp';
import { handlers } from './callHandlers';

/**
 * The views of the account in the window: its sidebar, a narrow's feed (its
 * flags, its links), the inbox, recent conversations and search.
 */
export function viewHandlers(app: HearthApp) {
  return handlers({
    async getSnapshot() {
      return app.active().snapshot();
    },
    async openNarrow({ narrow }) {
      const page = await app.active().openNarrow(narrow);
      app.rememberNarrow(narrow);
      return page;
    },
    async loadOlder({ narrow, beforeId }) {
      return app.active().loadOlder(narrow, beforeId);
    },
    async loadNewer({ narrow, afterId }) {
      return app.active().loadNewer(narrow, afterId);
    },
    async changeFlags({ messageIds, flag, op }) {
      await app.active().changeFlags(messageIds, flag, op);
      return {};
    },
    async markNarrowRead({ narrow }) {
      await app.active().markNarrowRead(narrow);
      return {};
    },
    async openLink(args) {
      const target = app.openLink(args.href, { fromWindow: true });
      return { kind: target.kind, url: target.kind === 'external' ? target.url : null };
    },
    async inbox() {
      return app.active().inbox();
    },
    async recentConversations({ fromServer }) {
      return { conversations: await app.active().recentConversations(fromServer) };
    },
    async search({ query }) {
      return app.active().search(query);
    },
  });
}
