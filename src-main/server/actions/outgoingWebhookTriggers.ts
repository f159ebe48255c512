import type { Services } from '../services';
import { renderMessage, type MessageSource } from '../shape/messages';
import { activeOutgoingBotIds } from '../store/botServices';
import type { UserRow } from '../store/users';

export interface SentMessage {
  source: MessageSource;
  /** Everyone the message was delivered to. */
  readers: readonly number[];
  mentionedUserIds: ReadonlySet<number>;
  isStream: boolean;
}

/**
 * Zulip's get_service_bot_events for outgoing-webhook bots: a bot mentioned
 * in a stream, or among a private message's recipients, is sent the message.
 * Nothing a bot sends triggers one, so that bots cannot answer each other forever.
 */
export function triggerOutgoingWebhooks(
  services: Services,
  sender: UserRow,
  sent: SentMessage,
): void {
  if (sender.is_bot === 1) return;
  const candidates = sent.isStream ? [...sent.mentionedUserIds] : sent.readers;
  const botIds = activeOutgoingBotIds(services.sql, candidates);
  if (botIds.length === 0) return;
  const message = {
    ...renderMessage(sent.source, { applyMarkdown: false, clientGravatar: false }),
    rendered_content: sent.source.row.rendered_content,
  };
  const trigger = sent.isStream ? 'mention' : 'direct_message';
  for (const botId of botIds) {
    services.outgoingWebhooks.enqueue({ botId, trigger, message });
  }
}
