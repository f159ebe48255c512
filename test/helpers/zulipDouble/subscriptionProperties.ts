import { z } from 'zod';
import { canSeeChannel } from './channelAccess';
import { propsOf } from './channelObject';
import { emit, type Context } from './context';
import { badRequest, invalidChannelId } from './errors';
import { subscriptionKey, type SubscriptionProps } from './org';
import { json, parseParams, type RawParams } from './params';

const propertyValue = json(z.union([z.boolean(), z.string(), z.number()]));

const change = z.object({
  stream_id: z.number().int(),
  property: z.string(),
  value: z.union([z.boolean(), z.string(), z.number()]),
});
type Change = z.infer<typeof change>;

export const bulkSchema = z.object({ subscription_data: json(z.array(change)) });
export const singleSchema = z.object({ property: z.string(), value: propertyValue });

const booleanProperties = [
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;

/** The property and value as stored, refused in Zulip's words when unknown or of the wrong kind. */
function checked(context: Context, userId: number, { stream_id, property, value }: Change) {
  const { org } = context;
  const stream = org.streams.get(stream_id);
  if (!stream || !canSeeChannel(org, userId, stream)) throw invalidChannelId();
  if (!org.isSubscribed(userId, stream)) {
    throw badRequest(`Not subscribed to channel ID ${stream_id}`);
  }
  if (property === 'color') {
    if (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value)) {
      throw badRequest('color is not a valid hex color code');
    }
  } else if ((booleanProperties as readonly string[]).includes(property)) {
    if (typeof value !== 'boolean') throw badRequest(`${property} is not a boolean`);
  } else {
    throw badRequest(`Unknown subscription property: ${property}`);
  }
  return { stream, property, value };
}

/**
 * Changes the user's own settings for channels they are subscribed to, all
 * or none; each change is a `subscription` `update` event to the user. Since
 * Zulip 6.0 (feature level 139) muting announces both is_muted and in_home_view.
 */
export function updateSubscriptionProperties(
  context: Context,
  userId: number,
  changes: readonly Change[],
): void {
  const { org } = context;
  const valid = changes.map((each) => checked(context, userId, each));
  for (const { stream, property, value } of valid) {
    const props: SubscriptionProps = { ...propsOf(org, userId, stream) };
    const announced: [string, unknown][] = [];
    if (property === 'is_muted' || property === 'in_home_view') {
      props.is_muted = property === 'is_muted' ? value === true : value === false;
      announced.push(['in_home_view', !props.is_muted], ['is_muted', props.is_muted]);
    } else {
      (props as unknown as Record<string, unknown>)[property] = value;
      announced.push([property, value]);
    }
    org.subscriptionProps.set(subscriptionKey(userId, stream.stream_id), props);
    for (const [name, shown] of announced) {
      emit(context, [userId], () => ({
        type: 'subscription',
        op: 'update',
        stream_id: stream.stream_id,
        property: name,
        value: shown,
      }));
    }
  }
}

/** POST /users/me/subscriptions/properties. */
export function updateSubscriptionSettings(context: Context, userId: number, raw: RawParams) {
  const { subscription_data } = parseParams(bulkSchema, raw);
  updateSubscriptionProperties(context, userId, subscription_data);
}

/** PATCH /users/me/subscriptions/{stream_id}: the single-channel form. */
export function updateSubscriptionSetting(
  context: Context,
  userId: number,
  streamId: number,
  raw: RawParams,
) {
  const { property, value } = parseParams(singleSchema, raw);
  updateSubscriptionProperties(context, userId, [{ stream_id: streamId, property, value }]);
}
