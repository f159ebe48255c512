import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { LEGACY_ACTIVITY_OFFSET_SECONDS } from '../../wire';
import { legacyClientPresence, modernPresence, presencesByUser } from '../shape/presence';
import { displaySettingsOf } from '../store/displaySettings';
import { presenceOf, recentPresences, savePresence } from '../store/presence';
import { activeUserIds, type UserRow } from '../store/users';

// Zulip 7.0's settings: clients report every minute, a user silent for longer
// than the threshold shows as offline, and a report less than the minimum
// apart from the last one changes nothing.
export const PRESENCE_PING_INTERVAL_SECONDS = 60;
export const PRESENCE_OFFLINE_THRESHOLD_SECONDS = 140;
const PRESENCE_UPDATE_MIN_FREQ_SECONDS = 55;
// Zulip's USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS: in larger
// organizations clients learn of presence only by polling.
const USER_LIMIT_FOR_PRESENCE_EVENTS = 100;
// Zulip reads presence of the last two weeks only.
const PRESENCE_HISTORY_SECONDS = 14 * 24 * 60 * 60;
// How much further back than the offline threshold Zulip dates the presence
// of a user who turns presence off, for clocks that disagree.
const PRESENCE_DISABLED_MARGIN_SECONDS = 120;

export type PresenceStatus = 'active' | 'idle';

export function checkPresenceStatus(status: string): PresenceStatus {
  if (status === 'active' || status === 'idle') return status;
  throw errors.badRequest(`Invalid status: ${status}`);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Zulip 7.0's do_update_user_presence: records that the user's client is
 * connected (and, for `active`, in use), and tells everyone when the user
 * first appears or comes back after long enough away to look offline.
 * Nothing is recorded for a user who turned presence_enabled off.
 */
export function updatePresence(
  services: Services,
  user: UserRow,
  status: PresenceStatus,
  now = nowSeconds(),
): void {
  const { sql } = services;
  const changed = sql.transaction(() => {
    if (!displaySettingsOf(sql, user.id).presence_enabled) return null;
    const current = presenceOf(sql, user.id);
    if (!current) {
      // A first report of idle is placed just beyond the activity offset, so that it reads as idle.
      const lastActive = status === 'active' ? now : now - LEGACY_ACTIVITY_OFFSET_SECONDS - 1;
      savePresence(sql, { userId: user.id, lastActiveTime: lastActive, lastConnectedTime: now });
      return { lastActiveTime: lastActive, lastConnectedTime: now, announce: true };
    }
    let lastActiveTime = current.last_active_time;
    let lastConnectedTime = current.last_connected_time;
    const sinceActive = now - lastActiveTime;
    const cameBack =
      status === 'active' &&
      sinceActive > PRESENCE_OFFLINE_THRESHOLD_SECONDS - PRESENCE_PING_INTERVAL_SECONDS - 10;
    if (now - lastConnectedTime > PRESENCE_UPDATE_MIN_FREQ_SECONDS) lastConnectedTime = now;
    if (status === 'active' && sinceActive > PRESENCE_UPDATE_MIN_FREQ_SECONDS) {
      lastActiveTime = now;
      lastConnectedTime = Math.max(lastConnectedTime, now);
    }
    if (
      lastActiveTime !== current.last_active_time ||
      lastConnectedTime !== current.last_connected_time
    ) {
      savePresence(sql, { userId: user.id, lastActiveTime, lastConnectedTime });
    }
    return { lastActiveTime, lastConnectedTime, announce: cameBack };
  });
  if (!changed?.announce) return;

  const audience = activeUserIds(sql);
  if (audience.length > USER_LIMIT_FOR_PRESENCE_EVENTS) return;
  announcePresence(services, user, changed, audience);
}

function announcePresence(
  services: Services,
  user: UserRow,
  times: { lastActiveTime: number; lastConnectedTime: number },
  audience: readonly number[],
): void {
  const row = {
    last_active_time: times.lastActiveTime,
    last_connected_time: times.lastConnectedTime,
  };
  const presence = legacyClientPresence(row);
  services.queues.notify(
    plainNotice(
      'presence',
      {
        email: user.email,
        user_id: user.id,
        server_timestamp: Date.now() / 1000,
        presence: { [presence.client]: presence },
      },
      (queue) => queue.simplifiedPresenceEvents !== true,
    ),
    audience,
  );
  // Zulip 11 (feature level 419): the modern form, for clients that ask for it.
  services.queues.notify(
    plainNotice(
      'presence',
      { presences: { [String(user.id)]: modernPresence(row) } },
      (queue) => queue.simplifiedPresenceEvents === true,
    ),
    audience,
  );
}

/**
 * Zulip 7.0's do_change_user_setting for presence_enabled: the user's
 * presence follows the setting at once, and everyone is told however large
 * the organization. Turned on, the user is active now; turned off, their
 * presence becomes one idle report old enough to read as offline, as though
 * they had left a little before.
 */
export function followPresenceSetting(
  services: Services,
  user: UserRow,
  enabled: boolean,
  now = nowSeconds(),
): void {
  // Zulip's presence leaves bots out.
  if (user.is_bot === 1) return;
  const lastConnectedTime = enabled
    ? now
    : now - PRESENCE_OFFLINE_THRESHOLD_SECONDS - PRESENCE_DISABLED_MARGIN_SECONDS;
  const lastActiveTime = enabled ? now : lastConnectedTime - LEGACY_ACTIVITY_OFFSET_SECONDS - 1;
  services.sql.transaction(() =>
    savePresence(services.sql, { userId: user.id, lastActiveTime, lastConnectedTime }),
  );
  announcePresence(
    services,
    user,
    { lastActiveTime, lastConnectedTime },
    activeUserIds(services.sql),
  );
}

/** What a client asks of presence: the format, and what it has already. */
export interface PresenceRequest {
  slim: boolean;
  /** The `presence_last_update_id` the client holds; -1 or absent on its first fetch. */
  lastUpdateId?: number | undefined;
  /** How many days back to look on a first fetch (Zulip's default two weeks); 0 for none. */
  historyLimitDays?: number | undefined;
}

/**
 * Zulip's get_presence_response: the presence of everyone connected lately,
 * or only what changed after the client's `lastUpdateId`, with the last
 * change it includes (the client's own number when nothing changed, -1
 * when it had none and there is nothing), and the server's clock.
 */
export function presenceResponse(services: Services, request: PresenceRequest) {
  const { lastUpdateId, historyLimitDays } = request;
  const historySeconds =
    historyLimitDays === undefined ? PRESENCE_HISTORY_SECONDS : historyLimitDays * 24 * 60 * 60;
  const firstFetch = lastUpdateId === undefined || lastUpdateId <= 0;
  const rows =
    historyLimitDays === 0
      ? []
      : recentPresences(
          services.sql,
          firstFetch ? nowSeconds() - historySeconds : null,
          lastUpdateId ?? null,
        );
  const newest = rows.reduce<number | null>(
    (most, row) => Math.max(most ?? row.last_update_id, row.last_update_id),
    null,
  );
  return {
    presences: presencesByUser(rows, request.slim),
    server_timestamp: Date.now() / 1000,
    presence_last_update_id: newest ?? lastUpdateId ?? -1,
  };
}
