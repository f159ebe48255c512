import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { offeredIntegrations, type OwnBots } from '../bots';
import { mt } from '../../i18n/mainText';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/** The person's own bots and their webhooks. */
export function botHandlers(app: HearthApp) {
  const bots = (): OwnBots => {
    const { bots } = app.active();
    if (!bots) throw new Error(mt('main.signInAgain.bots'));
    return bots;
  };
  return handlers({
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
    async webhookUrl(args: CallArgs<'webhookUrl'>) {
      const request = parseArgs('webhookUrl', args);
      return { url: await bots().webhookUrl(request) };
    },
    async sendWebhookTest(args: CallArgs<'sendWebhookTest'>) {
      const request = parseArgs('sendWebhookTest', args);
      return bots().sendTestMessage(request);
    },
  });
}
