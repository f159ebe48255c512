import type { InitialState } from '../../wire/registerState';
import { featureLevelOf } from '../../permissions/rolePolicies';

/**
 * The people whose names the window follows with "(guest)": the
 * organization's guests, where it asks clients to mark them (Zulip 8's
 * enable_guest_user_indicator, feature level 216). Servers without the
 * setting, Hearth hosts among them, have nobody marked.
 */
export function markedGuests(state: InitialState | null): Set<number> {
  if (state?.['realm_enable_guest_user_indicator'] !== true) return new Set();
  const users = [...(state.realm_users ?? []), ...(state.realm_non_active_users ?? [])];
  return new Set(users.filter((user) => user.is_guest).map((user) => user.user_id));
}

// Zulip 12 (feature level 436) asks clients to draw a message of emoji alone
// with large emoji, as its web app does at twice their size.
const largeEmojiSince = 436;

/** Whether a message of emoji alone shows them large, as the server's version draws it. */
export function drawsLargeEmoji(state: InitialState | null): boolean {
  return state !== null && featureLevelOf(state) >= largeEmojiSince;
}
