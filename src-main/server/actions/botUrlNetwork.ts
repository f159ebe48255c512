import { errors } from '../errors';
import { reachesDisallowedNetwork } from '../outgoing/addressGuard';
import type { Services } from '../services';

/**
 * Refuses an outgoing-webhook URL that reaches this computer or a private
 * network, unless the host's owner allows it: otherwise anyone who may create
 * a bot could have the host post to services only it can reach. Delivery
 * checks again, as a name may resolve elsewhere later.
 */
export async function checkBotUrlNetwork(services: Services, url: string): Promise<void> {
  if (services.outgoingWebhooks.settings.allowPrivateAddresses) return;
  if (await reachesDisallowedNetwork(url)) {
    throw errors.badRequest(
      `The URL ${url} reaches this computer or a private network, where this host does not let bots post`,
    );
  }
}
