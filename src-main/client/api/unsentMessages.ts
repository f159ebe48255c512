import { z } from 'zod';
import { apiSuccessSchema } from '../../wire';
import type { DraftData } from '../../wire/drafts';
import type { HttpClient } from './http';
import type { OutgoingMessage } from './messages';

/** A message for the server to send at `deliverAt` (seconds since the epoch). */
export interface ScheduledOutgoing {
  to: OutgoingMessage['to'];
  content: string;
  deliverAt: number;
}

/** What PATCH /scheduled_messages/{id} changes: a part left undefined stays. */
export interface ScheduledChange {
  to?: OutgoingMessage['to'];
  content?: string;
  deliverAt?: number;
}

// Scheduled messages take a channel by ID and people by a list of IDs, and
// name the kinds as Zulip 7.0 does ("direct" from feature level 174).
const scheduledDestination = (to: OutgoingMessage['to']) =>
  'streamId' in to
    ? { type: 'stream', to: String(to.streamId), topic: to.topic }
    : { type: 'direct', to: JSON.stringify(to.userIds) };

const scheduledIdSchema = z.looseObject({ scheduled_message_id: z.number().int() });

/** Messages the server keeps unsent: drafts, and messages scheduled for later. */
export interface UnsentMessagesApi {
  /** Zulip's POST /drafts: the new drafts' IDs, in order; a drafts `add` event follows. */
  createDrafts(drafts: readonly DraftData[]): Promise<number[]>;
  /** Zulip's PATCH /drafts/{id}: the whole draft replaced; a drafts `update` event follows. */
  editDraft(id: number, draft: DraftData): Promise<void>;
  /** Zulip's DELETE /drafts/{id}; a drafts `remove` event follows. */
  deleteDraft(id: number): Promise<void>;
  /** Zulip's POST /scheduled_messages (feature level 179): the new one's ID; an add event follows. */
  scheduleMessage(message: ScheduledOutgoing): Promise<number>;
  /** Zulip's PATCH /scheduled_messages/{id} (feature level 184); an update event follows. */
  updateScheduledMessage(id: number, change: ScheduledChange): Promise<void>;
  /** Zulip's DELETE /scheduled_messages/{id}; a remove event follows. */
  deleteScheduledMessage(id: number): Promise<void>;
}

export function unsentMessagesApi(http: HttpClient): UnsentMessagesApi {
  return {
    async createDrafts(drafts) {
      const schema = z.looseObject({ ids: z.array(z.number().int()) });
      return (await http.request('POST', 'drafts', { drafts }, schema)).ids;
    },
    async editDraft(id, draft) {
      await http.request('PATCH', `drafts/${id}`, { draft }, apiSuccessSchema);
    },
    async deleteDraft(id) {
      await http.request('DELETE', `drafts/${id}`, {}, apiSuccessSchema);
    },
    async scheduleMessage({ to, content, deliverAt }) {
      const params = {
        ...scheduledDestination(to),
        content,
        scheduled_delivery_timestamp: deliverAt,
      };
      return (await http.request('POST', 'scheduled_messages', params, scheduledIdSchema))
        .scheduled_message_id;
    },
    async updateScheduledMessage(id, { to, content, deliverAt }) {
      const params = {
        ...(to ? scheduledDestination(to) : {}),
        ...(content !== undefined ? { content } : {}),
        ...(deliverAt !== undefined ? { scheduled_delivery_timestamp: deliverAt } : {}),
      };
      await http.request('PATCH', `scheduled_messages/${id}`, params, apiSuccessSchema);
    },
    async deleteScheduledMessage(id) {
      await http.request('DELETE', `scheduled_messages/${id}`, {}, apiSuccessSchema);
    },
  };
}
