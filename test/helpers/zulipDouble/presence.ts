import { z } from 'zod';
import { emit, type Context } from './context';
import { bool, int, parseParams, type RawParams } from './params';

const presenceSchema = z.object({
  status: z.enum(['active', 'idle']),
  ping_only: bool.default(false),
  new_user_input: bool.default(false),
  slim_presence: bool.default(false),
  last_update_id: int.optional(),
  history_limit_days: int.optional(),
});

/** Everyone's presence, keyed by user ID (modern) or by email (legacy), changed after `since`. */
export function presences(context: Context, slim: boolean, since = -1): Record<string, unknown> {
  const { org } = context;
  return Object.fromEntries(
    [...org.presence.entries()]
      .filter(([, presence]) => presence.updateId > since)
      .map(([userId, presence]) => {
        if (slim) {
          return [
            String(userId),
            { active_timestamp: presence.activeTimestamp, idle_timestamp: presence.idleTimestamp },
          ];
        }
        const status = presence.activeTimestamp >= presence.idleTimestamp - 70 ? 'active' : 'idle';
        const timestamp = Math.max(presence.activeTimestamp, presence.idleTimestamp);
        return [
          org.user(userId)?.email ?? String(userId),
          {
            aggregated: { client: 'website', status, timestamp },
            website: { client: 'website', status, timestamp, pushable: false },
          },
        ];
      }),
  );
}

/** POST /users/me/presence: records the report, announces a change, answers with everyone's presence. */
export function updatePresence(context: Context, userId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(presenceSchema, raw);
  const now = context.now();
  const previous = org.presence.get(userId);
  const wasActive = previous !== undefined && previous.activeTimestamp === previous.idleTimestamp;
  const becomesActive = params.status === 'active';
  org.presenceUpdateId += 1;
  const current = {
    activeTimestamp: becomesActive ? now : (previous?.activeTimestamp ?? 0),
    idleTimestamp: now,
    updateId: org.presenceUpdateId,
  };
  org.presence.set(userId, current);
  if (!previous || wasActive !== becomesActive) {
    const user = org.user(userId);
    const others = org.allUserIds().filter((id) => id !== userId);
    emit(context, others, (queue) =>
      queue.capabilities.simplified_presence_events
        ? {
            type: 'presence',
            presences: {
              [String(userId)]: {
                active_timestamp: current.activeTimestamp,
                idle_timestamp: current.idleTimestamp,
              },
            },
          }
        : {
            type: 'presence',
            user_id: userId,
            email: user?.email ?? '',
            server_timestamp: now,
            presence: {
              website: {
                client: 'website',
                status: params.status,
                timestamp: now,
                pushable: false,
              },
            },
          },
    );
  }
  // Zulip 9 (feature level 263): with last_update_id, only what changed after it, and the new ID.
  const modern = params.slim_presence || params.last_update_id !== undefined;
  return {
    presences: presences(context, modern, params.last_update_id ?? -1),
    server_timestamp: now,
    ...(params.last_update_id !== undefined
      ? { presence_last_update_id: org.presenceUpdateId }
      : {}),
  };
}
