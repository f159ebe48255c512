import type {
  BrowsedStream,
  MutedTopic,
  NotificationSettings,
  StreamNotification,
  StreamNotificationProperty,
  StreamSettings,
} from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { featureLevelOf } from '../../permissions/rolePolicies';
import { topicPolicies } from '../../registerReads/topicMuting';
import type { Stream, Subscription } from '../../wire';

// The register state's three lists together are every stream the user may
// see, as Zulip's web app builds its stream browser from them; each event
// that changes one (subscription add and remove, stream create and delete)
// is applied to them by the shared reducer.
function visibleStreams(
  state: InitialState,
): { stream: Stream; subscription: Subscription | null }[] {
  return [
    ...(state.subscriptions ?? []).map((subscription) => ({ stream: subscription, subscription })),
    ...[...(state.unsubscribed ?? []), ...(state.never_subscribed ?? [])].map((stream) => ({
      stream,
      subscription: null,
    })),
  ];
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

const browsedRow = ({
  stream,
  subscription,
}: {
  stream: Stream;
  subscription: Subscription | null;
}): BrowsedStream => ({
  streamId: stream.stream_id,
  name: stream.name,
  renderedDescription: stream.rendered_description ?? '',
  inviteOnly: stream.invite_only,
  subscribed: subscription !== null,
  color: subscription?.color ?? null,
  archived: stream.is_archived === true,
});

/**
 * The stream browser's rows, by name. Before any registration the cache's
 * subscriptions are all that is known.
 */
export function browsedStreams(
  state: InitialState | null,
  cached: readonly Subscription[],
): BrowsedStream[] {
  const known = state?.subscriptions
    ? visibleStreams(state)
    : cached.map((subscription) => ({ stream: subscription, subscription }));
  // An archived channel takes no messages and no subscribers: Zulip's web
  // app lists it only where archived channels are asked for.
  return known
    .filter(({ stream }) => stream.is_archived !== true)
    .map(browsedRow)
    .sort(byName);
}

// Zulip 10 (feature level 315) keeps archived channels, for clients that
// declare archived_channels; older servers delete them.
const archivedChannelsLevel = 315;

/**
 * The archived channels the reader can see, by name, as Zulip's channel
 * browser lists them under its "Archived" filter; null where the server
 * keeps none. Subscribed ones come from 315, the others from 362.
 */
export function archivedStreams(state: InitialState | null): BrowsedStream[] | null {
  if (!state?.subscriptions || featureLevelOf(state) < archivedChannelsLevel) return null;
  return visibleStreams(state)
    .filter(({ stream }) => stream.is_archived === true)
    .map(browsedRow)
    .sort(byName);
}

/** The stream of that name the user can see, without regard to case as Zulip's names are unique. */
export function streamNamed(
  streams: readonly BrowsedStream[],
  name: string,
): BrowsedStream | undefined {
  const wanted = name.trim().toLowerCase();
  return streams.find((stream) => stream.name.toLowerCase() === wanted);
}

// Each per-stream property and the global stream setting it falls back to.
const notificationFallbacks: readonly [StreamNotificationProperty, keyof NotificationSettings][] = [
  ['desktop_notifications', 'enable_stream_desktop_notifications'],
  ['audible_notifications', 'enable_stream_audible_notifications'],
  ['push_notifications', 'enable_stream_push_notifications'],
  ['email_notifications', 'enable_stream_email_notifications'],
  ['wildcard_mentions_notify', 'wildcard_mentions_notify'],
];

export function streamNotifications(
  subscription: Subscription,
  settings: NotificationSettings,
): StreamNotification[] {
  return notificationFallbacks.map(([property, global]) => ({
    property,
    value: subscription[property] ?? null,
    fallback: settings[global] === true,
  }));
}

/**
 * The topics the user muted, by stream then topic: Zulip 7.0's user_topics,
 * or the muted_topics of an older server, which names streams.
 */
export function mutedTopics(state: InitialState | null): MutedTopic[] {
  if (!state) return [];
  const streams = visibleStreams(state).map(({ stream }) => stream);
  const nameOf = new Map(streams.map((stream) => [stream.stream_id, stream.name]));
  const idOf = new Map(streams.map((stream) => [stream.name, stream.stream_id]));
  const topics: MutedTopic[] = state.user_topics
    ? state.user_topics
        .filter((topic) => topic.visibility_policy === topicPolicies.muted)
        .map((topic) => ({
          streamId: topic.stream_id,
          stream: nameOf.get(topic.stream_id) ?? null,
          topic: topic.topic_name,
        }))
    : (state.muted_topics ?? []).flatMap(([stream, topic]) => {
        const streamId = idOf.get(stream);
        return streamId === undefined ? [] : [{ streamId, stream, topic }];
      });
  return topics.sort(
    (a, b) =>
      (a.stream ?? '').localeCompare(b.stream ?? '') ||
      a.topic.localeCompare(b.topic, undefined, { sensitivity: 'base' }),
  );
}

export function streamSettings(
  subscription: Subscription,
  settings: NotificationSettings,
  muted: readonly MutedTopic[],
): StreamSettings {
  return {
    streamId: subscription.stream_id,
    name: subscription.name,
    renderedDescription: subscription.rendered_description ?? '',
    inviteOnly: subscription.invite_only,
    color: subscription.color,
    pinned: subscription.pin_to_top,
    muted: subscription.is_muted,
    notifications: streamNotifications(subscription, settings),
    mutedTopics: muted.filter((topic) => topic.streamId === subscription.stream_id),
  };
}

/**
 * The policy that mutes or unmutes a topic as Zulip's web app sets it: in a
 * muted stream, unmuting marks the topic unmuted rather than inheriting the
 * stream's muting.
 */
export function topicPolicyFor(muted: boolean, streamMuted: boolean): 0 | 1 | 2 {
  if (muted) return topicPolicies.muted;
  return streamMuted ? topicPolicies.unmuted : topicPolicies.inherit;
}
