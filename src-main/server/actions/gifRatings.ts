import { errors } from '../errors';

/**
 * Zulip's GIF_RATING_POLICY_OPTIONS (GIPHY's ratings, shared with Tenor since
 * feature level 442 and KLIPY since 486): the highest rating a GIF picker may
 * offer, 0 turning the pickers off.
 */
export const gifRatingPolicyOptions = {
  disabled: { name: 'GIPHY integration disabled', id: 0 },
  y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
  g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
  pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
  'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
  r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
} as const;

const ratingIds: ReadonlySet<number> = new Set(
  Object.values(gifRatingPolicyOptions).map((option) => option.id),
);

/** Zulip's update_realm check, in its words. */
export function checkGifRating(id: number): void {
  if (!ratingIds.has(id)) throw errors.badRequest(`Invalid gif_rating_policy ${id}`);
}
