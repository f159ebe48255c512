import type { Message } from '../../wire';
import { ServiceInterface, type BotServiceRow } from '../store/botServices';
import { REALM_ID } from '../store/realm';
import type { BotRow } from '../store/bots';

/**
 * Zulip's triggers: a mention in a stream, or a direct message to the bot,
 * named `direct_message` since Zulip 8.0 (feature level 201).
 */
export type WebhookTrigger = 'mention' | 'direct_message';

/**
 * Zulip's message dict as an outgoing webhook receives it: Markdown content
 * with its HTML beside it, no flags.
 */
export type WebhookMessage = Message & { rendered_content: string };

/** One message for one outgoing-webhook bot, as Zulip queues it for its worker. */
export interface WebhookEvent {
  botId: number;
  trigger: WebhookTrigger;
  message: WebhookMessage;
}

export interface WebhookRequest {
  contentType: string;
  body: string;
}

// Zulip's GenericOutgoingWebhookService.make_request.
function genericRequest(event: WebhookEvent, bot: BotRow, service: BotServiceRow): WebhookRequest {
  return {
    contentType: 'application/json',
    body: JSON.stringify({
      data: event.message.content,
      message: event.message,
      bot_email: bot.email,
      bot_full_name: bot.full_name,
      token: service.token,
      trigger: event.trigger,
    }),
  };
}

// Zulip's SlackOutgoingWebhookService.make_request: Slack's legacy outgoing
// webhook form, with Slack's letter before each kind of ID.
function slackRequest(
  event: WebhookEvent,
  service: BotServiceRow,
  realmHost: string,
): WebhookRequest {
  const { message } = event;
  const form = new URLSearchParams([
    ['token', service.token],
    ['team_id', `T${REALM_ID}`],
    ['team_domain', realmHost],
    ['channel_id', `C${message.stream_id ?? ''}`],
    [
      'channel_name',
      typeof message.display_recipient === 'string' ? message.display_recipient : '',
    ],
    ['thread_ts', String(message.timestamp)],
    ['timestamp', String(message.timestamp)],
    ['user_id', `U${message.sender_id}`],
    ['user_name', message.sender_full_name],
    ['text', message.content],
    ['trigger_word', event.trigger],
    ['service_id', String(event.botId)],
  ]);
  return { contentType: 'application/x-www-form-urlencoded', body: form.toString() };
}

/** The request to make, or why none is made (Zulip's words, told back as a failure). */
export function webhookRequest(
  event: WebhookEvent,
  bot: BotRow,
  service: BotServiceRow,
  realmHost: string,
): WebhookRequest | { refusal: string } {
  if (service.interface !== ServiceInterface.slack) return genericRequest(event, bot, service);
  if (event.message.type === 'private') {
    return { refusal: "Slack outgoing webhooks don't support private messages." };
  }
  return slackRequest(event, service, realmHost);
}

// Python's str() of a JSON value, which Zulip applies to a reply's content.
function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null) return 'None';
  return JSON.stringify(value);
}

// Python's truth of a JSON value: empty arrays and objects are false there.
function pythonTruth(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
}

const has = (reply: Record<string, unknown>, key: string) => Object.hasOwn(reply, key);

/**
 * Zulip's process_success for each interface: the reply's content, or null
 * when the bot answers nothing (`response_not_required`, or no content).
 */
export function replyContent(
  serviceInterface: number,
  reply: Record<string, unknown>,
): string | null {
  if (serviceInterface === ServiceInterface.slack) {
    return has(reply, 'text') ? pythonStr(reply.text) : null;
  }
  if (pythonTruth(reply.response_not_required)) return null;
  // `response_string` is the older name, which Zulip still reads first.
  if (has(reply, 'response_string')) return pythonStr(reply.response_string);
  if (has(reply, 'content')) return pythonStr(reply.content);
  return null;
}
