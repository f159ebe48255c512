import type { HearthApp } from '../app/hearthApp';
import { offeredIntegrations, type OwnBots } from '../bots';
import { mt } from '../../i18n/mainText';
import { handlers } from './callHandlers';

/** The person's own bots and their webhooks. */
export function botHandlers(app: HearthApp) {
  const bots = (): OwnBots => {
    const { bots } = app.active();
    if (!bots) throw new Error(mt('main.signInAgain.bots'));
    return bots;
  };
  return handlers({
    async listBots() {
      return { bots: await bots().list(), integrations: [...offeredIntegrations] };
    },
    async createBot(request) {
      return bots().create(request);
    },
    async regenerateBotKey({ botId }) {
      await bots().regenerateKey(botId);
      return {};
    },
    async deactivateBot({ botId }) {
      await bots().deactivate(botId);
      return {};
    },
    async webhookUrl(request) {
      return { url: await bots().webhookUrl(request) };
    },
    async sendWebhookTest(request) {
      return bots().sendTestMessage(request);
    },
  });
}
