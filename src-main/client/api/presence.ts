import { z } from 'zod';
import { apiSuccessSchema, modernPresenceSchema } from '../../wire';
import type { ReactionEmoji } from './emoji';
import type { HttpClient } from './http';

const presenceAnswerSchema = z.object({
  presences: z.record(z.string(), modernPresenceSchema),
  server_timestamp: z.number(),
  /** Zulip 9 (feature level 263): where the next report's changes start. */
  presence_last_update_id: z.number().int().optional(),
});
export type PresenceAnswer = z.infer<typeof presenceAnswerSchema>;

/** What POST /users/me/status changes: a part left undefined stays; a null emoji is cleared. */
export interface StatusChange {
  away?: boolean;
  text?: string;
  emoji?: ReactionEmoji | null;
}

// Zulip 9 (feature level 263): a presence report may ask only for what changed.
const presenceUpdatesSince = 263;

/** How the user shows to others: active or idle, and the status they set. */
export interface PresenceApi {
  /**
   * Zulip's POST /users/me/presence, answered with presence keyed by user ID:
   * everyone's, or from Zulip 9 only what changed after `lastUpdateId`.
   */
  updatePresence(status: 'active' | 'idle', lastUpdateId?: number): Promise<PresenceAnswer>;
  /** Zulip's POST /users/me/status: only the parts given change; a user_status event follows. */
  updateStatus(change: StatusChange): Promise<void>;
}

export function presenceApi(http: HttpClient, featureLevel: () => number): PresenceApi {
  return {
    updatePresence: (status, lastUpdateId) =>
      http.request(
        'POST',
        'users/me/presence',
        {
          status,
          new_user_input: status === 'active',
          slim_presence: true,
          ...(lastUpdateId !== undefined && featureLevel() >= presenceUpdatesSince
            ? { last_update_id: lastUpdateId }
            : {}),
        },
        presenceAnswerSchema,
      ),
    async updateStatus({ away, text, emoji }) {
      const params = {
        ...(away !== undefined ? { away } : {}),
        ...(text !== undefined ? { status_text: text } : {}),
        // Zulip's web app clears the emoji by its empty name.
        ...(emoji === null ? { emoji_name: '' } : {}),
        ...(emoji
          ? { emoji_name: emoji.name, emoji_code: emoji.code, reaction_type: emoji.type }
          : {}),
      };
      await http.request('POST', 'users/me/status', params, apiSuccessSchema);
    },
  };
}
