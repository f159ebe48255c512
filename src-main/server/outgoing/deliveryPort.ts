import type { BotRow } from '../store/bots';
import type { Sql } from '../store/sql';

/** Where a bot's reply goes, as sendMessage addresses a message. */
export type ReplyDestination =
  | { type: 'stream'; stream: string | number; topic: string }
  | { type: 'private'; to: readonly (string | number)[] };

export interface BotReply {
  destination: ReplyDestination;
  content: string;
  clientName: string;
  skipStreamAccessCheck: boolean;
}

/**
 * What deliveries need of the host. Sending a message is what starts a
 * delivery, so outgoing/ cannot import sendMessage: the host wires `send` to it.
 */
export interface DeliveryPort {
  sql: Sql;
  realmUri: () => string;
  send: (bot: BotRow, reply: BotReply) => void;
}
