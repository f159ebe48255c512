import type {
  Bot,
  CallArgs,
  ChatBridge,
  WebhookIntegration,
  WebhookIntegrationName,
  WebhookTestResult,
} from '../../../src-preload/bridge';
import { errorText } from './errors';

export type BotDraft = CallArgs<'createBot'>;

/** Where the webhook URL sends messages; empty stream and topic leave them out. */
export interface WebhookTarget {
  integration: WebhookIntegrationName;
  stream: string;
  topic: string;
}

/** How a test message went: where it was sent, or the reason it was not. */
export type WebhookTestOutcome =
  ({ sent: true } & WebhookTestResult) | { sent: false; reason: string };

// The user's bots and the webhook URL of the one they are setting up. The
// URL is built on the main side, which alone knows the bot's key.
export class BotsStore {
  bots = $state<Bot[]>([]);
  integrations = $state<WebhookIntegration[]>([]);
  /** The incoming-webhook bot whose URL is shown. */
  webhookBotId = $state<number | null>(null);
  target = $state<WebhookTarget>({ integration: 'helloworld', stream: '', topic: '' });
  webhookUrl = $state<string | null>(null);
  error = $state<string | null>(null);
  /** A test message is on its way; another waits for it. */
  testSending = $state(false);
  /** How the last test message went, until the URL's bot or target changes. */
  testOutcome = $state<WebhookTestOutcome | null>(null);
  #urlRequests = 0;
  #tests = 0;

  webhookBot = $derived(this.bots.find((bot) => bot.userId === this.webhookBotId) ?? null);
  integration = $derived(
    this.integrations.find((integration) => integration.name === this.target.integration) ?? null,
  );

  constructor(private readonly bridge: ChatBridge) {}

  async load(): Promise<void> {
    const listed = await this.attempt(() => this.bridge.listBots({}));
    if (!listed) return;
    this.bots = listed.bots;
    this.integrations = listed.integrations;
    // The key may have changed elsewhere since the URL was shown.
    if (listed.bots.some((bot) => bot.userId === this.webhookBotId)) await this.refreshWebhookUrl();
    else this.closeWebhook();
  }

  /** Creates a bot; an incoming-webhook bot's URL is shown at once. Resolves false if refused. */
  async create(draft: BotDraft): Promise<boolean> {
    const bot = await this.attempt(() => this.bridge.createBot(draft));
    if (!bot) return false;
    this.bots = [...this.bots.filter((other) => other.userId !== bot.userId), bot];
    if (bot.botType === 'incoming_webhook') await this.showWebhook(bot.userId);
    return true;
  }

  async regenerateKey(botId: number): Promise<void> {
    const done = await this.attempt(() => this.bridge.regenerateBotKey({ botId }));
    if (done && botId === this.webhookBotId) await this.refreshWebhookUrl();
  }

  async deactivate(botId: number): Promise<void> {
    if (!(await this.attempt(() => this.bridge.deactivateBot({ botId })))) return;
    this.bots = this.bots.filter((bot) => bot.userId !== botId);
    if (botId === this.webhookBotId) this.closeWebhook();
  }

  async showWebhook(botId: number): Promise<void> {
    this.webhookBotId = botId;
    this.webhookUrl = null;
    this.forgetTest();
    await this.refreshWebhookUrl();
  }

  async retarget(change: Partial<WebhookTarget>): Promise<void> {
    this.target = { ...this.target, ...change };
    this.forgetTest();
    await this.refreshWebhookUrl();
  }

  /** Asks for the URL that matches the bot and `target` as they are now. */
  async refreshWebhookUrl(): Promise<void> {
    const botId = this.webhookBotId;
    if (botId === null) return;
    // Answers may arrive out of order while the user types a topic: only the last counts.
    const request = ++this.#urlRequests;
    const answer = await this.attempt(() => this.bridge.webhookUrl(this.targetOf(botId)));
    if (answer && request === this.#urlRequests) this.webhookUrl = answer.url;
  }

  /** Has main post the integration's sample to the URL shown; a press while one is on its way does nothing. */
  async sendTest(): Promise<void> {
    const botId = this.webhookBotId;
    if (botId === null || this.testSending) return;
    this.testSending = true;
    this.testOutcome = null;
    const test = ++this.#tests;
    const outcome = await this.bridge.sendWebhookTest(this.targetOf(botId)).then(
      (where): WebhookTestOutcome => ({ sent: true, ...where }),
      (error: unknown): WebhookTestOutcome => ({ sent: false, reason: errorText(error) }),
    );
    this.testSending = false;
    // Said of a target the user has since left, it would read as said of the new one.
    if (test === this.#tests) this.testOutcome = outcome;
  }

  private targetOf(botId: number): CallArgs<'webhookUrl'> {
    const { integration, stream, topic } = this.target;
    return {
      botId,
      integration,
      ...(stream.trim() ? { stream } : {}),
      ...(topic.trim() ? { topic } : {}),
    };
  }

  private forgetTest(): void {
    this.testOutcome = null;
    this.#tests += 1;
  }

  private closeWebhook(): void {
    this.webhookBotId = null;
    this.webhookUrl = null;
    this.#urlRequests += 1;
    this.forgetTest();
  }

  /**
   * Runs one bridge call, showing why it failed if it did. Every call answers
   * with an object, so `undefined` means it failed.
   */
  private async attempt<T extends object>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await call();
      this.error = null;
      return result;
    } catch (error) {
      this.error = errorText(error);
      return undefined;
    }
  }
}
