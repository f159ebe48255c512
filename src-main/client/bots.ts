import {
  webhookIntegrations,
  type Bot,
  type BotType,
  type OutgoingWebhook,
  type WebhookIntegration,
  type WebhookTestResult,
} from '../../src-preload/bridge';
import type { InitialState } from '../wire/registerState';
import { mt } from '../i18n/mainText';
import { webhookUrl } from '../wire';
import type { Api } from './api';
import { webhookSamples } from './webhookSamples';

// Zulip's UserProfile bot types, by their number on the wire.
const botTypeNames: ReadonlyMap<number, BotType> = new Map([
  [1, 'generic'],
  [2, 'incoming_webhook'],
  [3, 'outgoing_webhook'],
  [4, 'embedded'],
]);
const botTypeNumbers = { generic: 1, incoming_webhook: 2, outgoing_webhook: 3 } as const;
// Zulip's Service interfaces: 1 its own format, 2 Slack's.
const interfaceNumbers = { zulip: 1, slack: 2 } as const;

interface KeyedBot extends Bot {
  /** As GET /bots listed it, or as the bot's own endpoint gave it (Zulip 12); unknown before either. */
  apiKey: string | undefined;
}

export interface BotRequest {
  fullName: string;
  shortName: string;
  botType: keyof typeof botTypeNumbers;
  outgoing?: OutgoingWebhook | undefined;
}

export interface WebhookUrlRequest {
  botId: number;
  /** The integration's name in the URL, e.g. `github`. */
  integration: string;
  stream?: string | undefined;
  topic?: string | undefined;
}

/** The integrations the Bots view offers, and which of them can send a test message. */
export const offeredIntegrations: readonly WebhookIntegration[] = webhookIntegrations.map(
  (integration) => ({ ...integration, testable: webhookSamples.has(integration.name) }),
);

// An outgoing-webhook bot's service, from register's realm_bots (kept current
// by realm_bot events and cached with the rest of the state), which alone
// carries it: GET /bots does not.
function outgoingOf(state: InitialState | null, botId: number): OutgoingWebhook | null {
  const bot = state?.realm_bots?.find((candidate) => candidate.user_id === botId);
  const [service] = bot?.services ?? [];
  if (!service || typeof service['base_url'] !== 'string' || service['base_url'] === '') {
    return null;
  }
  return {
    url: service['base_url'],
    format: service['interface'] === interfaceNumbers.slack ? 'slack' : 'zulip',
  };
}

// GET /bots lists the caller's own active bots, as Zulip's "Your bots"; their
// IDs and types come from GET /users, where every bot is listed by the same email.
async function keyedBots(api: Api, state: () => InitialState | null): Promise<KeyedBot[]> {
  const [bots, members] = await Promise.all([api.getOwnBots(), api.getMembers()]);
  const byEmail = new Map(members.map((member) => [member.email, member]));
  return bots.flatMap((bot) => {
    const member = byEmail.get(bot.username);
    const botType = member?.bot_type == null ? undefined : botTypeNames.get(member.bot_type);
    if (!member || !botType) return [];
    return [
      {
        userId: member.user_id,
        fullName: bot.full_name,
        email: bot.username,
        botType,
        apiKey: bot.api_key,
        outgoing: botType === 'outgoing_webhook' ? outgoingOf(state(), member.user_id) : null,
      },
    ];
  });
}

const withoutKey = ({ userId, fullName, email, botType, outgoing }: KeyedBot): Bot => ({
  userId,
  fullName,
  email,
  botType,
  outgoing,
});

/**
 * The account's own bots. Their keys are kept from the last listing, so that
 * building a URL while the user types a topic asks the server nothing; every
 * change made here, and every listing, reads them afresh.
 */
export class OwnBots {
  #keyed: Promise<KeyedBot[]> | undefined;

  constructor(
    private readonly api: Api,
    private readonly realmUri: string,
    private readonly state: () => InitialState | null,
  ) {}

  /** The account's active bots, oldest first, without their API keys. */
  async list(): Promise<Bot[]> {
    return (await this.#reload()).map(withoutKey);
  }

  /** Creates a bot owned by the account; resolves with it as `list` lists it. */
  async create(request: BotRequest): Promise<Bot> {
    const { outgoing } = request;
    const userId = await this.api.createBot({
      fullName: request.fullName,
      shortName: request.shortName,
      botType: botTypeNumbers[request.botType],
      ...(outgoing
        ? { payloadUrl: outgoing.url, interfaceType: interfaceNumbers[outgoing.format] }
        : {}),
    });
    // The answer to POST /bots lacks the email, which the server derives from its own domain.
    const created = (await this.list()).find((bot) => bot.userId === userId);
    if (!created) throw new Error(mt('main.bots.newMissing', { id: String(userId) }));
    // Its realm_bot event may not have reached the session yet: the URL is the one just given.
    return { ...created, outgoing: created.outgoing ?? outgoing ?? null };
  }

  /** Gives the bot a new API key; its old key, and URLs holding it, stop working. */
  async regenerateKey(botId: number): Promise<void> {
    this.#keyed = undefined;
    await this.api.regenerateBotApiKey(botId);
  }

  async deactivate(botId: number): Promise<void> {
    this.#keyed = undefined;
    await this.api.deactivateBot(botId);
  }

  /** The URL another tool posts to through one of the account's incoming-webhook bots. */
  async webhookUrl(request: WebhookUrlRequest): Promise<string> {
    const bots = await (this.#keyed ?? this.#reload());
    const bot = bots.find((candidate) => candidate.userId === request.botId);
    if (!bot) throw new Error(mt('main.bots.noSuchBot', { id: String(request.botId) }));
    // A generic bot's key opens the whole API, so it is never pasted into another tool.
    if (bot.botType !== 'incoming_webhook') {
      throw new Error(mt('main.bots.notWebhook', { name: bot.fullName }));
    }
    // A listing without the key is asked for it once, and keeps it like the rest.
    bot.apiKey ??= (await this.api.getBotApiKey(bot.userId)) ?? undefined;
    if (bot.apiKey === undefined) {
      throw new Error(mt('main.bots.noKey', { name: bot.fullName }));
    }
    return webhookUrl({
      realmUri: this.realmUri,
      apiKey: bot.apiKey,
      integration: request.integration,
      stream: request.stream,
      topic: request.topic,
    });
  }

  /**
   * Posts the integration's sample delivery to the bot's webhook URL, the one
   * `webhookUrl` gives, as the tool itself would: its message appears where
   * the tool's will.
   */
  async sendTestMessage(request: WebhookUrlRequest): Promise<WebhookTestResult> {
    const sample = webhookSamples.get(request.integration);
    if (!sample) {
      throw new Error(mt('main.bots.noTestMessage', { integration: request.integration }));
    }
    const url = await this.webhookUrl(request);
    // Zulip, and Hearth after it, take a delivery to a channel that does not
    // exist and tell the bot's owner privately; asked first, the server says why here.
    if (request.stream !== undefined) await this.api.getStreamId(request.stream);
    const { body, headers } = sample(new Date());
    const answer = await this.api.postWebhook(url, body, headers);
    // A server whose integration does not know the sample's event posts nothing, and says so.
    if (answer.code !== undefined) throw new Error(answer.msg);
    return { stream: request.stream ?? null, topic: request.topic ?? null };
  }

  #reload(): Promise<KeyedBot[]> {
    const loading = keyedBots(this.api, this.state);
    this.#keyed = loading;
    // A failed listing is not kept: the next call asks again.
    loading.catch(() => {
      if (this.#keyed === loading) this.#keyed = undefined;
    });
    return loading;
  }
}
