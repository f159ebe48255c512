import type { DeliveryPort } from '../outgoing/deliveryPort';
import type { Services } from '../services';
import type { Sql } from '../store/sql';
import { sendMessage } from './sendMessage';

/**
 * The port through which outgoing-webhook deliveries post a bot's replies: as
 * any message is sent. The deliveries are built inside the services they
 * reply through, so those are read only when a reply is sent.
 */
export function botReplyPort(sql: Sql, services: () => Services): DeliveryPort {
  return {
    sql,
    realmUri: () => services().realmUri(),
    send: (bot, reply) => sendMessage(services(), bot, reply),
  };
}
