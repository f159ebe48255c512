import type { Destination } from '../messageDestination';
import type { BotRow } from '../store/bots';
import type { Sql } from '../store/sql';

export interface BotReply {
  destination: Destination;
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
