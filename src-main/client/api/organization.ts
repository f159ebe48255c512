import { z } from 'zod';
import { apiSuccessSchema } from '../../wire';
import type { HttpClient } from './http';

// Zulip's GET /invites entries; only multiuse ones carry a link, and on a
// Hearth host, which sends no email, email invitations carry theirs as
// `hearth_link_url`.
const inviteSchema = z.looseObject({
  id: z.number().int(),
  invited_by_user_id: z.number().int(),
  invited: z.number(),
  expiry_date: z.number().nullable(),
  invited_as: z.number().int(),
  is_multiuse: z.boolean(),
  link_url: z.string().optional(),
  email: z.string().optional(),
  hearth_link_url: z.string().optional(),
});
export type InviteRecord = z.infer<typeof inviteSchema>;

export interface NewMultiuseInvite {
  expiresInMinutes: number | null;
  inviteAs: number;
  /** The channels whoever joins is subscribed to; none: the organization's default channels. */
  streamIds: readonly number[];
}

/** PATCH /realm's parameters, as Zulip names them; a null time limit is no limit. */
export type RealmChanges = Partial<{
  name: string;
  description: string;
  allow_message_editing: boolean;
  message_content_edit_limit_seconds: number | null;
  edit_topic_policy: number;
  move_messages_within_stream_limit_seconds: number | null;
  allow_edit_history: boolean;
  delete_own_message_policy: number;
  message_content_delete_limit_seconds: number | null;
  invite_to_realm_policy: number;
  /** -1 for none. */
  notifications_stream_id: number;
  /** Zulip 9 (feature level 241): the same, renamed. */
  new_stream_announcements_stream_id: number;
  /** Group settings (Zulip 9 and 10): the group that holds the permission now. */
  can_move_messages_between_topics_group: { new: number };
  can_delete_own_message_group: { new: number };
  can_invite_users_group: { new: number };
  /** Zulip 10 (feature level 358), in place of allow_edit_history. */
  message_edit_history_visibility_policy: 'all' | 'moves' | 'none';
  enable_read_receipts: boolean;
}>;

// Zulip 9 (feature level 261): an invitation asks for the default channels by
// a flag of its own, rather than by listing them.
const defaultChannelsFlagSince = 261;

/** Administering the organization: its settings, icon and default streams, its people's roles, invitations. */
export interface OrganizationApi {
  /** Zulip's PATCH /realm, for administrators; null limits are "unlimited". */
  updateRealm(changes: RealmChanges): Promise<void>;
  /** Zulip's POST /realm/icon; resolves to the icon's new URL. */
  uploadRealmIcon(image: Uint8Array): Promise<string>;
  /** Back to the server's default icon; resolves to its URL. */
  deleteRealmIcon(): Promise<string>;
  setDefaultStream(streamId: number, isDefault: boolean): Promise<void>;
  /** Zulip's PATCH /users/{id} with a role number (100 owner … 600 guest). */
  changeUserRole(userId: number, role: number): Promise<void>;
  deactivateUser(userId: number): Promise<void>;
  reactivateUser(userId: number): Promise<void>;
  getInvites(): Promise<InviteRecord[]>;
  /** Zulip's POST /invites/multiuse; a null expiry never expires. */
  createMultiuseInvite(invite: NewMultiuseInvite): Promise<string>;
  revokeMultiuseInvite(inviteId: number): Promise<void>;
  /** Zulip's DELETE /invites/{invite_id}: an email invitation. */
  revokeEmailInvite(inviteId: number): Promise<void>;
}

export function organizationApi(http: HttpClient, featureLevel: () => number): OrganizationApi {
  return {
    async updateRealm(changes) {
      // Zulip reads "no limit" as the JSON string "unlimited", never as null,
      // and a group setting's change as JSON.
      const params = Object.fromEntries(
        Object.entries(changes).map(([name, value]) => [
          name,
          value === null
            ? JSON.stringify('unlimited')
            : typeof value === 'object'
              ? JSON.stringify(value)
              : value,
        ]),
      );
      await http.request('PATCH', 'realm', params, apiSuccessSchema);
    },
    async uploadRealmIcon(image) {
      const schema = z.looseObject({ icon_url: z.string() });
      const file = { filename: 'icon', data: image };
      return (await http.request('POST', 'realm/icon', {}, schema, { file })).icon_url;
    },
    async deleteRealmIcon() {
      const schema = z.looseObject({ icon_url: z.string() });
      return (await http.request('DELETE', 'realm/icon', {}, schema)).icon_url;
    },
    async setDefaultStream(streamId, isDefault) {
      const method = isDefault ? 'POST' : 'DELETE';
      await http.request(method, 'default_streams', { stream_id: streamId }, apiSuccessSchema);
    },
    async changeUserRole(userId, role) {
      await http.request('PATCH', `users/${userId}`, { role }, apiSuccessSchema);
    },
    async deactivateUser(userId) {
      await http.request('DELETE', `users/${userId}`, {}, apiSuccessSchema);
    },
    async reactivateUser(userId) {
      await http.request('POST', `users/${userId}/reactivate`, {}, apiSuccessSchema);
    },
    async getInvites() {
      const schema = z.looseObject({ invites: z.array(inviteSchema) });
      return (await http.request('GET', 'invites', {}, schema)).invites;
    },
    async createMultiuseInvite({ expiresInMinutes, inviteAs, streamIds }) {
      const schema = z.looseObject({ invite_link: z.string() });
      const params = {
        // JSON null is Zulip's "never expires".
        invite_expires_in_minutes: expiresInMinutes ?? 'null',
        invite_as: inviteAs,
        stream_ids: [...streamIds],
        // A Hearth host gives an invitation that lists no channels the default ones.
        ...(featureLevel() >= defaultChannelsFlagSince
          ? { include_realm_default_subscriptions: streamIds.length === 0 }
          : {}),
      };
      return (await http.request('POST', 'invites/multiuse', params, schema)).invite_link;
    },
    async revokeMultiuseInvite(inviteId) {
      await http.request('DELETE', `invites/multiuse/${inviteId}`, {}, apiSuccessSchema);
    },
    async revokeEmailInvite(inviteId) {
      await http.request('DELETE', `invites/${inviteId}`, {}, apiSuccessSchema);
    },
  };
}
