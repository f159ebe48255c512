import { z } from 'zod';

// A bot as its owner and the organization's administrators see it: register
// `realm_bots` (fetch type `realm_bot`) and the `bot` of realm_bot add events.
// Zulip 12 (feature level 474) keeps only the ID, the defaults and the
// services; older servers send the fields marked optional too.
export const realmBotSchema = z.object({
  user_id: z.number().int(),
  default_sending_stream: z.string().nullable(),
  default_events_register_stream: z.string().nullable(),
  default_all_public_streams: z.boolean(),
  services: z.array(z.record(z.string(), z.unknown())),
  email: z.string().optional(),
  full_name: z.string().optional(),
  /** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
  bot_type: z.number().int().optional(),
  is_active: z.boolean().optional(),
  api_key: z.string().optional(),
  avatar_url: z.string().optional(),
  owner_id: z.number().int().optional(),
});
export type RealmBot = z.infer<typeof realmBotSchema>;

export interface WebhookUrlParts {
  /** The organization's URL, e.g. `http://127.0.0.1:9991`. */
  realmUri: string;
  /** The incoming-webhook bot's API key. */
  apiKey: string;
  /** The integration's name in the URL, e.g. `github`. */
  integration: string;
  /** Where messages go; without it they are private messages to the bot's owner. */
  stream?: string | undefined;
  /** Replaces the topic the integration would choose. */
  topic?: string | undefined;
}

/**
 * The URL to paste into another tool so that it posts through a bot, as
 * Zulip's integration pages build it.
 */
export function webhookUrl(parts: WebhookUrlParts): string {
  const url = new URL(
    `api/v1/external/${encodeURIComponent(parts.integration)}`,
    parts.realmUri.endsWith('/') ? parts.realmUri : `${parts.realmUri}/`,
  );
  url.searchParams.set('api_key', parts.apiKey);
  if (parts.stream !== undefined) url.searchParams.set('stream', parts.stream);
  if (parts.topic !== undefined) url.searchParams.set('topic', parts.topic);
  return url.toString();
}
