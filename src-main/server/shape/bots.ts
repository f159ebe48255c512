import type { RealmBot } from '../../wire';
import type { BotRow } from '../store/bots';
import type { BotServiceRow } from '../store/botServices';
import { avatarUrl } from './avatars';

/** Names a stream by ID; null for none (or one that no longer exists). */
export type StreamNamer = (streamId: number | null) => string | null;

// The stream settings as Zulip's bot dictionaries carry them: by name.
function defaults(bot: BotRow, streamName: StreamNamer) {
  return {
    default_sending_stream: streamName(bot.default_sending_stream_id),
    default_events_register_stream: streamName(bot.default_events_register_stream_id),
    default_all_public_streams: bot.default_all_public_streams === 1,
  };
}

/** Zulip's get_service_dicts_for_bot for an outgoing-webhook bot's service. */
export function toServiceDict(service: BotServiceRow): Record<string, unknown> {
  return { base_url: service.base_url, interface: service.interface, token: service.token };
}

/**
 * Zulip's realm_bot object (register `realm_bots` and realm_bot add events)
 * since Zulip 12 (feature level 474): no key, and nothing the bot's user
 * object already says (email, name, type, avatar, activity, owner).
 */
export function toRealmBot(
  bot: BotRow,
  streamName: StreamNamer,
  services: readonly BotServiceRow[],
): RealmBot {
  return { user_id: bot.id, ...defaults(bot, streamName), services: services.map(toServiceDict) };
}

/** An element of GET /bots `bots`; its key is GET /bots/{id}/api_key's since Zulip 12 (feature level 474). */
export function toOwnedBot(bot: BotRow, streamName: StreamNamer): Record<string, unknown> {
  return {
    username: bot.email,
    full_name: bot.full_name,
    avatar_url: avatarUrl(bot),
    ...defaults(bot, streamName),
  };
}

/** The settings part of the POST and PATCH /bots answers. */
export function botSettings(bot: BotRow, streamName: StreamNamer): Record<string, unknown> {
  return { avatar_url: avatarUrl(bot), ...defaults(bot, streamName) };
}
