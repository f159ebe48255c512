import { sendMessage } from '../actions/sendMessage';
import { truncateContent, truncateTopic } from '../actions/validate';
import type { Services } from '../services';
import { streamById, streamByName } from '../store/streams';
import type { UserRow } from '../store/users';
import { eventWanted, type EventFilter } from './eventFilter';
import type { WebhookMessage } from './integration';
import { notifyBotOwner } from './ownerNotice';

export interface WebhookTarget {
  /** The `stream` URL parameter: a name, or an ID when all digits. */
  stream: string | undefined;
  /** The `topic` URL parameter, which replaces the integration's topic. */
  topic: string | undefined;
  filter: EventFilter;
  clientName: string;
}

// Zulip 12's send_pm_if_empty_stream, for a channel that is not there.
function missingStreamNotice(sender: UserRow, stream: string): string {
  const bot = `\`${sender.email}\``;
  return /^\d+$/.test(stream)
    ? `Your bot ${bot} tried to send a message to channel ID ${stream}, ` +
        'but there is no channel with that ID.'
    : `Your bot ${bot} tried to send a message to channel #**${stream}**, ` +
        'but that channel does not exist. Click [here](#channels/new) to create it.';
}

/**
 * Zulip's check_send_webhook_message for each message: filtered by event
 * type, to the URL's stream (a missing one is not an error: the bot's owner
 * is told instead) or else privately to the bot's owner.
 */
export function deliver(
  services: Services,
  sender: UserRow,
  messages: readonly WebhookMessage[],
  target: WebhookTarget,
): void {
  const { sql } = services;
  for (const message of messages) {
    if (!eventWanted(target.filter, message.event)) continue;
    const content = truncateContent(message.content);
    if (target.stream === undefined) {
      // A human's key sends the message to themselves, having no owner.
      sendMessage(services, sender, {
        destination: { type: 'private', to: [sender.bot_owner_id ?? sender.id] },
        content,
        clientName: target.clientName,
      });
      continue;
    }
    const byId = /^\d+$/.test(target.stream);
    const stream = byId ? streamById(sql, Number(target.stream)) : streamByName(sql, target.stream);
    if (!stream) {
      notifyBotOwner(services, sender, missingStreamNotice(sender, target.stream));
      continue;
    }
    sendMessage(services, sender, {
      destination: {
        type: 'stream',
        stream: stream.id,
        topic: truncateTopic(target.topic ?? message.topic),
      },
      content,
      clientName: target.clientName,
    });
  }
}
