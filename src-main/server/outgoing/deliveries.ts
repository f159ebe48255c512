import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { botById, BotType, type BotRow } from '../store/bots';
import { botServices, type BotServiceRow } from '../store/botServices';
import {
  DisallowedNetworkError,
  guardedLookup,
  isDisallowedAddress,
  urlHostname,
} from './addressGuard';
import type { DeliveryPort } from './deliveryPort';
import { reprBytes, reprStr } from './pythonRepr';
import { replyContent, webhookRequest, type WebhookEvent, type WebhookRequest } from './payloads';
import { failWithMessage, notifyBotOwner, replyInConversation } from './replies';
import { ApiError } from '../errors';

export interface OutgoingWebhookSettings {
  /** Whether bots may post to this computer and private networks: the host's owner decides. */
  allowPrivateAddresses: boolean;
  /** Zulip's OUTGOING_WEBHOOK_TIMEOUT_SECONDS, 10 by default. */
  timeoutMs: number;
}

export const defaultOutgoingWebhookSettings: OutgoingWebhookSettings = {
  allowPrivateAddresses: false,
  timeoutMs: 10_000,
};

// Zulip's MAX_REQUEST_RETRIES: a timeout or a connection error is tried again
// three times before the bot is reported unavailable.
const MAX_RETRIES = 3;
// Zulip reads a reply whole; the host stops at a size no chat reply needs.
const MAX_REPLY_BYTES = 1024 * 1024;

type Outcome =
  | { kind: 'response'; status: number; body: Buffer }
  | { kind: 'timeout' }
  | { kind: 'connection' }
  | { kind: 'disallowed' }
  | { kind: 'exception'; type: string; text: string };

// The `requests` exceptions Zulip would meet for a URL it cannot post to at all.
function unusableUrl(url: string): Outcome | null {
  if (url === '' || !url.includes('://')) {
    return {
      kind: 'exception',
      type: 'MissingSchema',
      text: `Invalid URL '${url}': No scheme supplied. Perhaps you meant https://${url}?`,
    };
  }
  const scheme = url.slice(0, url.indexOf('://')).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') {
    return {
      kind: 'exception',
      type: 'InvalidSchema',
      text: `No connection adapters were found for '${url}'`,
    };
  }
  return urlHostname(url)
    ? null
    : { kind: 'exception', type: 'InvalidURL', text: `Invalid URL '${url}'` };
}

const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
]);

function failureOutcome(error: Error & { code?: string }, timedOut: boolean): Outcome {
  if (timedOut) return { kind: 'timeout' };
  if (error instanceof DisallowedNetworkError) return { kind: 'disallowed' };
  if (error.code !== undefined && connectionCodes.has(error.code)) return { kind: 'connection' };
  if (error.message === 'socket hang up') return { kind: 'connection' };
  return { kind: 'exception', type: error.name, text: error.message };
}

function post(
  url: string,
  outgoing: WebhookRequest,
  settings: OutgoingWebhookSettings,
  signal: AbortSignal,
): Promise<Outcome> {
  const unusable = unusableUrl(url);
  if (unusable) return Promise.resolve(unusable);
  const hostname = urlHostname(url) ?? '';
  // A literal address is connected to without a lookup, so it is judged here.
  if (!settings.allowPrivateAddresses && isIP(hostname) !== 0 && isDisallowedAddress(hostname)) {
    return Promise.resolve({ kind: 'disallowed' });
  }
  const send = url.toLowerCase().startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let timedOut = false;
    const request = send(url, {
      method: 'POST',
      signal,
      headers: {
        'Content-Type': outgoing.contentType,
        'Content-Length': Buffer.byteLength(outgoing.body),
        'User-Agent': 'ZulipOutgoingWebhook/7.0 (Hearth)',
      },
      ...(settings.allowPrivateAddresses ? {} : { lookup: guardedLookup }),
    });
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error('timed out'));
    }, settings.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      resolve(failureOutcome(error, timedOut));
    });
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_REPLY_BYTES) request.destroy(new Error('The reply is too large'));
        else chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          kind: 'response',
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
        });
      });
      response.on('error', () => undefined);
    });
    request.end(outgoing.body);
  });
}

/**
 * Zulip's OutgoingWebhookWorker, inside the host: each message that triggers
 * an outgoing-webhook bot is posted to its URL after the message is stored,
 * never holding up the request that sent it; the reply, or the failure in
 * Zulip's words, goes back as the bot.
 */
export class OutgoingWebhooks {
  readonly #pending = new Set<Promise<void>>();
  readonly #abort = new AbortController();

  constructor(
    readonly settings: OutgoingWebhookSettings,
    private readonly port: DeliveryPort,
    private readonly log: (line: string) => void,
  ) {}

  enqueue(event: WebhookEvent): void {
    if (this.#abort.signal.aborted) return;
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#deliver(event))
      .catch((error: unknown) => this.log(`outgoing webhook failed: ${String(error)}`))
      .finally(() => this.#pending.delete(job));
    this.#pending.add(job);
  }

  /** Resolves once every delivery under way has finished. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  /** Abandons deliveries under way: the host is stopping. */
  async close(): Promise<void> {
    this.#abort.abort();
    await this.settled();
  }

  async #deliver(event: WebhookEvent): Promise<void> {
    const bot = botById(this.port.sql, event.botId);
    if (!bot || bot.is_active !== 1 || bot.bot_type !== BotType.outgoingWebhook) return;
    for (const service of botServices(this.port.sql, bot.id)) {
      await this.#deliverTo(bot, service, event);
    }
  }

  async #deliverTo(bot: BotRow, service: BotServiceRow, event: WebhookEvent): Promise<void> {
    const realmHost = urlHostname(this.port.realmUri()) ?? '';
    const outgoing = webhookRequest(event, bot, service, realmHost);
    if ('refusal' in outgoing) {
      failWithMessage(this.port, bot, event.message, outgoing.refusal, this.log);
      return;
    }
    for (let failedTries = 0; ; failedTries += 1) {
      const outcome = await post(service.base_url, outgoing, this.settings, this.#abort.signal);
      if (this.#abort.signal.aborted) return;
      if (outcome.kind === 'timeout' || outcome.kind === 'connection') {
        if (failedTries < MAX_RETRIES) continue;
        this.#unavailable(bot, event, outcome.kind);
        return;
      }
      this.#settle(bot, service, event, outcome);
      return;
    }
  }

  // Zulip's request_retry once the retries are spent.
  #unavailable(bot: BotRow, event: WebhookEvent, kind: 'timeout' | 'connection'): void {
    const text =
      kind === 'timeout'
        ? `Request timed out after ${this.settings.timeoutMs / 1000} seconds.`
        : 'A connection error occurred. Is my bot server down?';
    failWithMessage(this.port, bot, event.message, 'Bot is unavailable', this.log);
    notifyBotOwner(
      this.port,
      bot,
      event.message,
      { kind: 'failure', text, payload: null },
      this.log,
    );
  }

  // Zulip's do_rest_call for an answer, a refused address or an exception.
  #settle(
    bot: BotRow,
    service: BotServiceRow,
    event: WebhookEvent,
    outcome: Exclude<Outcome, { kind: 'timeout' | 'connection' }>,
  ): void {
    const { message } = event;
    if (outcome.kind === 'exception') {
      const failure =
        `An exception of type *${outcome.type}* occurred for message \`${message.content}\`! ` +
        'See the Zulip server logs for more information.';
      failWithMessage(this.port, bot, message, failure, this.log);
      notifyBotOwner(this.port, bot, message, outcome, this.log);
      return;
    }
    // Zulip's proxy refuses a private address with 407 and an empty body.
    const status = outcome.kind === 'disallowed' ? 407 : outcome.status;
    const body = outcome.kind === 'disallowed' ? Buffer.alloc(0) : outcome.body;
    if (status < 200 || status > 299) {
      failWithMessage(this.port, bot, message, `Third party responded with ${status}`, this.log);
      const payload = body.length > 0 ? reprBytes(body) : null;
      notifyBotOwner(this.port, bot, message, { kind: 'status', status, payload }, this.log);
      return;
    }
    try {
      const content = this.#replyOf(service, body);
      if (content !== null) replyInConversation(this.port, bot, message, content);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failWithMessage(this.port, bot, message, error.message, this.log);
      const text =
        'The outgoing webhook server attempted to send a message in Zulip, ' +
        `but that request resulted in the following error:\n> ${error.message}`;
      const replyText = body.toString('utf8');
      notifyBotOwner(
        this.port,
        bot,
        message,
        { kind: 'failure', text, payload: replyText ? reprStr(replyText) : null },
        this.log,
      );
    }
  }

  // Zulip's process_success_response: null when the bot answers nothing.
  #replyOf(service: BotServiceRow, body: Buffer): string | null {
    let reply: unknown;
    try {
      reply = JSON.parse(body.toString('utf8'));
    } catch {
      throw new ApiError('Invalid JSON in response');
    }
    // Zulip's botserver once answered "" for "no response required".
    if (reply === '') return null;
    if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) {
      throw new ApiError('Invalid response format');
    }
    const content = replyContent(service.interface, reply as Record<string, unknown>);
    return content === null || content.trim() === '' ? null : content;
  }
}
