import { z } from 'zod';
import {
  apiSuccessSchema,
  eventsResponseSchema,
  profileSchema,
  registerResponseSchema,
  subscriptionSchema,
  type AnyEvent,
} from '../../wire';
import type { HttpClient } from './http';

// The client reads only the identity fields of the profile, so a server that
// omits legacy profile fields (such as `pointer`) is still usable.
const identitySchema = profileSchema.pick({ user_id: true, email: true, full_name: true });
export type Identity = z.infer<typeof identitySchema>;

// Older servers and root-domain requests may omit realm keys (spec §2, Server settings).
const serverSettingsSchema = z.looseObject({
  realm_name: z.string().optional(),
  realm_uri: z.string().optional(),
});

const registeredSchema = registerResponseSchema.extend({
  subscriptions: z.array(subscriptionSchema).optional(),
  user_id: z.number().int().optional(),
  max_message_id: z.number().int().optional(),
});
export type Registered = z.infer<typeof registeredSchema>;

// What the client can take that Zulip would otherwise send in older forms:
// null for "as the global setting" in subscriptions, one deletion event for
// many messages, the settings of 7.0's unified user_settings object,
// linkifiers with their URL templates (feature level 176; without it Zulip
// lists none), and the empty topic as "" (Zulip 10, feature level 334) rather than the
// organization's name for it, so that it is told apart from a topic of that
// name, and archived channels marked is_archived rather than left out
// (feature level 315), so that their history stays readable, and no
// "Unknown user" stand-ins in the user list for people a guest may not see
// (Zulip 8, feature level 232), whom the window names "Unknown user" where
// they appear. Servers older than a capability ignore it. A channel's typing
// notices come only to clients that ask for them (Zulip 4.0, feature level 58).
const clientCapabilities = {
  notification_settings_null: true,
  stream_typing_notifications: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: false,
  user_settings_object: true,
  empty_topic_name: true,
  archived_channels: true,
  user_list_incomplete: true,
  linkifier_url_template: true,
};

export interface EventsRequest {
  queueId: string;
  lastEventId: number;
  dontBlock: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Reaching the server: its settings, whose the credentials are, and the event queue register opens. */
export interface RegistrationApi {
  getServerSettings(options?: {
    signal?: AbortSignal;
    timeoutMs?: number;
  }): Promise<{ realmName: string | undefined; realmUri: string | undefined }>;
  getIdentity(): Promise<Identity>;
  /** Registers a queue for every event type and fetches the whole initial state. */
  register(): Promise<Registered>;
  getEvents(request: EventsRequest): Promise<AnyEvent[]>;
  deleteQueue(queueId: string, options?: { timeoutMs?: number }): Promise<void>;
}

export function registrationApi(http: HttpClient): RegistrationApi {
  return {
    async getServerSettings(options = {}) {
      const settings = await http.request(
        'GET',
        'server_settings',
        {},
        serverSettingsSchema,
        options,
      );
      return { realmName: settings.realm_name, realmUri: settings.realm_uri };
    },
    getIdentity: () => http.request('GET', 'users/me', {}, identitySchema),
    register: () =>
      http.request(
        'POST',
        'register',
        { apply_markdown: true, client_gravatar: false, client_capabilities: clientCapabilities },
        registeredSchema,
        // Registering changes nothing the client could send twice.
        { retryRateLimited: true },
      ),
    async getEvents({ queueId, lastEventId, dontBlock, signal, timeoutMs }) {
      const response = await http.request(
        'GET',
        'events',
        { queue_id: queueId, last_event_id: lastEventId, dont_block: dontBlock },
        eventsResponseSchema,
        { ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}) },
      );
      return response.events;
    },
    async deleteQueue(queueId, options = {}) {
      await http.request('DELETE', 'events', { queue_id: queueId }, apiSuccessSchema, options);
    },
  };
}
