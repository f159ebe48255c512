import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/**
 * The views of the account in the window: its sidebar, a narrow's feed (its
 * flags, its links), the inbox, recent conversations and search.
 */
export function viewHandlers(app: HearthApp) {
  return handlers({
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
    async openLink(args: CallArgs<'openLink'>) {
      const target = app.openLink(parseArgs('openLink', args).href, { fromWindow: true });
      return { kind: target.kind, url: target.kind === 'external' ? target.url : null };
    },
    async inbox(args: CallArgs<'inbox'>) {
      parseArgs('inbox', args);
      return app.active().inbox();
    },
    async recentConversations(args: CallArgs<'recentConversations'>) {
      const { fromServer } = parseArgs('recentConversations', args);
      return { conversations: await app.active().recentConversations(fromServer) };
    },
    async search(args: CallArgs<'search'>) {
      const { query } = parseArgs('search', args);
      return app.active().search(query);
    },
  });
}
