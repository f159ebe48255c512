import { ApiError } from '../errors';
import type { Services } from '../services';
import { streamByName } from '../store/streams';
import type { UserRow } from '../store/users';
import { subscribe, type SubscribeRequest } from './subscribe';
import { checkStreamName } from './validate';

export interface CreateChannelRequest extends Omit<
  SubscribeRequest,
  'streams' | 'users' | 'authorizationErrorsFatal'
> {
  name: string;
  description: string;
  /** Who joins it at once: nobody, the creator included, unless named. */
  subscribers: readonly UserRow[];
}

/**
 * Zulip 11's POST /channels/create (feature level 417): makes one channel,
 * as POST /users/me/subscriptions makes a missing one, and subscribes only
 * the people named; a name already in use is refused rather than joined.
 */
export function createChannel(
  services: Services,
  actor: UserRow,
  request: CreateChannelRequest,
): number {
  const { name: asked, description, subscribers, ...options } = request;
  const name = checkStreamName(asked);
  if (streamByName(services.sql, name)) {
    throw new ApiError(`Channel '${name}' already exists`, 'CHANNEL_ALREADY_EXISTS', 400, {
      channel_name: name,
    });
  }
  subscribe(services, actor, { ...options, streams: [{ name, description }], users: subscribers });
  const created = streamByName(services.sql, name);
  if (!created) throw new Error(`channel ${name} vanished once created`);
  return created.id;
}
