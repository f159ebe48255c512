import { z } from 'zod';
import {
  checkPresenceStatus,
  PRESENCE_OFFLINE_THRESHOLD_SECONDS,
  presenceResponse,
  updatePresence,
} from '../../actions/presence';
import { errors } from '../../errors';
import { legacyPresence, modernPresence } from '../../shape/presence';
import { presenceOf } from '../../store/presence';
import { userByEmail, userById } from '../../store/users';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip's update_active_status_backend: clients report every minute and get
// everyone's presence back, unless they only ping.
export const updatePresenceEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/me/presence',
  params: {
    status: required('text', z.string()),
    ping_only: optional('json', z.boolean(), false),
    new_user_input: optional('json', z.boolean(), false),
    slim_presence: optional('json', z.boolean(), false),
    last_update_id: optional('json', z.number().int()),
    history_limit_days: optional('json', z.number().int()),
  },
  handle: ({ services, params, user }) => {
    updatePresence(services, user, checkPresenceStatus(params.status));
    if (params.ping_only) return {};
    // A client that sends last_update_id speaks the modern format (Zulip 9).
    return presenceResponse(services, {
      slim: params.slim_presence || params.last_update_id !== undefined,
      lastUpdateId: params.last_update_id,
      historyLimitDays: params.history_limit_days,
    });
  },
});

export const getRealmPresence = userEndpoint({
  method: 'GET',
  path: '/realm/presence',
  params: { slim_presence: optional('json', z.boolean(), false) },
  handle: ({ services, params }) => presenceResponse(services, { slim: params.slim_presence }),
});

// Zulip's get_presence_backend: one user's presence in the modern form
// (feature level 487) with the legacy dictionaries beside it (497), the
// aggregated one offline once older than the threshold, and when the server
// read it.
export const getUserPresence = userEndpoint({
  method: 'GET',
  path: '/users/:user_id_or_email/presence',
  params: { user_id_or_email: required('text', z.string()) },
  handle: ({ services, params }) => {
    const key = params.user_id_or_email;
    const target = /^\d+$/.test(key)
      ? userById(services.sql, Number(key))
      : userByEmail(services.sql, key);
    if (!target || target.is_active !== 1) throw errors.badRequest('No such user');
    if (target.is_bot === 1) throw errors.badRequest('Presence is not supported for bot users.');
    const row = presenceOf(services.sql, target.id);
    if (!row) throw errors.badRequest(`No presence data for ${key}`);
    const { aggregated, website } = legacyPresence(row);
    const age = Math.floor(Date.now() / 1000) - aggregated.timestamp;
    const status = age > PRESENCE_OFFLINE_THRESHOLD_SECONDS ? 'offline' : aggregated.status;
    return {
      presence: {
        ...modernPresence(row),
        website: { status: website.status, timestamp: website.timestamp },
        aggregated: { status, timestamp: aggregated.timestamp },
      },
      server_timestamp: Date.now() / 1000,
    };
  },
});
