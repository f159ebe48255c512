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

function missingStreamNotice(sender: UserRow, stream: string): string {
  const bot = `\`${sender.email}\``;
  return /^\d+$/.test(stream)
    ? `Your bot ${bot} tried to post to the stream with ID ${stream}, but no stream has that ID. ` +
        'Check the `stream` parameter of the webhook URL.'
    : `Your bot ${bot} tried to post to the stream #**${stream}**, which does not exist. ` +
        'Create the stream, or change the `stream` parameter of the webhook URL.';
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
