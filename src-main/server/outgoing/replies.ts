import { ApiError } from '../errors';
import { channelMessageUrl } from '../markdown/topicLinkSyntax';
import type { BotRow } from '../store/bots';
import { userById } from '../store/users';
import type { Destination } from '../messageDestination';
import type { DeliveryPort } from './deliveryPort';
import type { WebhookMessage } from './payloads';

// Zulip's get_client("OutgoingWebhookResponse"), the client a bot's replies come from.
const RESPONSE_CLIENT = 'OutgoingWebhookResponse';

function conversationOf(message: WebhookMessage): Destination {
  if (typeof message.display_recipient === 'string') {
    return {
      type: 'stream',
      stream: message.stream_id ?? message.display_recipient,
      topic: message.subject,
    };
  }
  return { type: 'private', to: message.display_recipient.map((recipient) => recipient.email) };
}

/**
 * Zulip's send_response_message: the bot answers where it was addressed,
 * whether or not it may read that stream (Zulip's skip_stream_access_check).
 */
export function sendResponse(
  port: DeliveryPort,
  bot: BotRow,
  destination: Destination,
  content: string,
): void {
  port.send(bot, {
    destination,
    content,
    clientName: RESPONSE_CLIENT,
    skipStreamAccessCheck: true,
  });
}

/** Zulip's fail_with_message: "Failure! …" where the bot was addressed, if it still can be. */
export function failWithMessage(
  port: DeliveryPort,
  bot: BotRow,
  message: WebhookMessage,
  failure: string,
  log: (line: string) => void,
): void {
  try {
    sendResponse(port, bot, conversationOf(message), `Failure! ${failure}`);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    log(`outgoing webhook of bot ${bot.id}: could not report a failure: ${error.message}`);
  }
}

export function replyInConversation(
  port: DeliveryPort,
  bot: BotRow,
  message: WebhookMessage,
  content: string,
): void {
  sendResponse(port, bot, conversationOf(message), content);
}

// Zulip 12's near_message_url, the link in a notice to a bot's owner.
function nearMessageUrl(realmUri: string, message: WebhookMessage): string {
  if (typeof message.display_recipient === 'string') {
    const channel = { id: message.stream_id ?? 0, name: message.display_recipient };
    return channelMessageUrl(realmUri, channel, message.subject, message.id);
  }
  const ids = message.display_recipient.map((recipient) => recipient.id).join(',');
  return `${realmUri}/#narrow/dm/${ids}-pm/near/${message.id}`;
}

/** What went wrong, in the terms of Zulip's notify_bot_owner. */
export type OwnerNotice =
  | { kind: 'status'; status: number; payload: string | null }
  | { kind: 'failure'; text: string; payload: string | null }
  | { kind: 'exception'; type: string; text: string };

function noticeDetail(notice: OwnerNotice): string {
  if (notice.kind === 'exception') {
    return (
      '\nWhen trying to send a request to the webhook service, an exception ' +
      `of type ${notice.type} occurred:\n\`\`\`\n${notice.text}\n\`\`\``
    );
  }
  if (notice.kind === 'failure') return `\n${notice.text}`;
  // Zulip's proxy answers 407 for a URL on a private or disallowed network.
  if (notice.status === 407) {
    return '\nThe URL configured for the webhook is for a private or disallowed network.';
  }
  return `\nThe webhook got a response with status code *${notice.status}*.`;
}

/** Zulip's notify_bot_owner: a private message from the bot to its owner. */
export function notifyBotOwner(
  port: DeliveryPort,
  bot: BotRow,
  message: WebhookMessage,
  notice: OwnerNotice,
  log: (line: string) => void,
): void {
  const owner = bot.bot_owner_id === null ? undefined : userById(port.sql, bot.bot_owner_id);
  if (!owner) return;
  const url = nearMessageUrl(port.realmUri(), message);
  let content = `[A message](${url}) to your bot @_**${bot.full_name}** triggered an outgoing webhook.`;
  content += noticeDetail(notice);
  if (notice.kind !== 'exception' && notice.payload) {
    content += `\nThe response contains the following payload:\n\`\`\`\n${notice.payload}\n\`\`\``;
  }
  try {
    sendResponse(port, bot, { type: 'private', to: [owner.email] }, content);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    log(`outgoing webhook of bot ${bot.id}: could not tell its owner: ${error.message}`);
  }
}
