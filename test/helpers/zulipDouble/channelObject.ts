import type { Org, Stream, SubscriptionProps } from './org';
import { subscriptionKey } from './org';
import type { Capabilities } from './queues';

/** A channel as register's `streams` and `stream` `create` events give it (Zulip's BasicChannel). */
export function channelFor(stream: Stream): Record<string, unknown> {
  const { subscribers, color, ...fields } = stream;
  void color;
  return { ...fields, subscriber_count: subscribers.length };
}

/** The user's personal settings for the channel, those of a new subscription until changed. */
export function propsOf(org: Org, userId: number, stream: Stream): SubscriptionProps {
  return (
    org.subscriptionProps.get(subscriptionKey(userId, stream.stream_id)) ?? {
      color: stream.color,
      is_muted: false,
      pin_to_top: false,
      desktop_notifications: null,
      audible_notifications: null,
      push_notifications: null,
      email_notifications: null,
      wildcard_mentions_notify: null,
    }
  );
}

// A subscription's notification setting and the user setting it falls back to.
const notificationFallbacks = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  push_notifications: 'enable_stream_push_notifications',
  email_notifications: 'enable_stream_email_notifications',
  wildcard_mentions_notify: 'wildcard_mentions_notify',
} as const;

/**
 * The user's subscription to the channel, as register and `subscription`
 * `add` events give it. Before notification_settings_null (feature level 89)
 * "as the user's setting" came as that setting's value.
 */
export function subscriptionFor(
  org: Org,
  userId: number,
  stream: Stream,
  capabilities: Pick<Capabilities, 'notification_settings_null'>,
  withSubscribers: boolean,
): Record<string, unknown> {
  const props = propsOf(org, userId, stream);
  const settings = org.settingsOf(userId);
  const notifications = Object.fromEntries(
    Object.entries(notificationFallbacks).map(([name, fallback]) => {
      const own = props[name as keyof typeof notificationFallbacks];
      return [
        name,
        own === null && !capabilities.notification_settings_null ? settings[fallback] : own,
      ];
    }),
  );
  return {
    ...channelFor(stream),
    color: props.color,
    is_muted: props.is_muted,
    in_home_view: !props.is_muted,
    pin_to_top: props.pin_to_top,
    ...notifications,
    ...(withSubscribers ? { subscribers: [...stream.subscribers] } : {}),
  };
}
