import { availableVideoChatProviders, SERVER_JITSI_SERVER_URL } from '../actions/callProviders';
import { gifRatingPolicyOptions } from '../actions/gifRatings';
import {
  MAX_DEACTIVATED_REALM_DELETION_DAYS,
  MIN_DEACTIVATED_REALM_DELETION_DAYS,
} from '../actions/realmDeactivation';
import { MAX_BULK_NEW_SUBSCRIPTION_MESSAGES } from '../actions/subscriptionMessages';
import type { RealmRow } from '../store/realm';

/** The channels Zulip names by setting, -1 for none, under Zulip 12's names (level 241). */
function channelSettings(realm: RealmRow | undefined): Record<string, number> {
  const newStreams = realm?.notifications_stream_id ?? -1;
  const signups = realm?.signup_announcements_stream_id ?? -1;
  return {
    realm_new_stream_announcements_stream_id: newStreams,
    realm_signup_announcements_stream_id: signups,
    realm_moderation_request_channel_id: realm?.moderation_request_channel_id ?? -1,
  };
}

/**
 * Calls (feature level 212: the organization's own Jitsi server beside the
 * server's, and the one clients use) and GIF pickers (levels 442 and 453).
 */
function callAndGifSettings(realm: RealmRow | undefined): Record<string, unknown> {
  const jitsi = realm?.jitsi_server_url ?? null;
  const gifRating = realm?.gif_rating_policy ?? gifRatingPolicyOptions.g.id;
  return {
    realm_video_chat_provider: realm?.video_chat_provider ?? 0,
    realm_available_video_chat_providers: availableVideoChatProviders,
    realm_jitsi_server_url: jitsi,
    server_jitsi_server_url: SERVER_JITSI_SERVER_URL,
    jitsi_server_url: jitsi ?? SERVER_JITSI_SERVER_URL,
    realm_gif_rating_policy: gifRating,
    gif_rating_policy_options: gifRatingPolicyOptions,
  };
}

/** The organization settings and server facts that Zulip 8.0 to 12.0 added to register's `realm`. */
export function realmFeatureState(
  realm: RealmRow | undefined,
  dev: boolean,
): Record<string, unknown> {
  return {
    ...channelSettings(realm),
    ...callAndGifSettings(realm),
    realm_send_channel_events_messages: realm?.send_channel_events_messages !== 0,
    realm_welcome_message_custom_text: realm?.welcome_message_custom_text ?? '',
    realm_media_preview_size: realm?.media_preview_size ?? 100,
    // Feature level 243: each of the server's backends as an object; Zulip
    // lists only those its server supports.
    realm_authentication_methods: {
      Email: { enabled: true, available: true },
      ...(dev ? { Dev: { enabled: true, available: true } } : {}),
    },
    // Feature level 350: no AI model is configured, so no topic is summarized.
    server_can_summarize_topics: false,
    server_min_deactivated_realm_deletion_days: MIN_DEACTIVATED_REALM_DELETION_DAYS,
    server_max_deactivated_realm_deletion_days: MAX_DEACTIVATED_REALM_DELETION_DAYS,
    max_bulk_new_subscription_messages: MAX_BULK_NEW_SUBSCRIPTION_MESSAGES,
  };
}
