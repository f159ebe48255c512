import { integrations } from '../integrations';

/**
 * Zulip's realm_incoming_webhook_bots: each integration an incoming-webhook
 * bot's URL can name, by name, as Zulip 12 gives it. No event keeps it
 * current, as on a Zulip server, where only an upgrade changes it.
 */
export function incomingWebhookBotsState(): Record<string, unknown>[] {
  return [...integrations.values()]
    .map((integration) => ({ name: integration.renamedTo ?? integration.urlName, integration }))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map(({ name, integration }) => ({
      name,
      display_name: integration.displayName,
      all_event_types: integration.allEventTypes && [...integration.allEventTypes],
      // No integration takes configuration data when its bot is created.
      config_options: [],
      url_options: (integration.urlOptions ?? []).map((option) => ({ ...option })),
    }));
}
