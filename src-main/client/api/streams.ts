import { z } from 'zod';
import { apiSuccessSchema, subscriptionsResponseSchema, type Subscription } from '../../wire';
import type { GroupSettingValue } from '../../permissions/groupSettings';
import type { HttpClient } from './http';

const streamIdSchema = z.looseObject({ stream_id: z.number().int() });
const channelFolderCreatedSchema = z.looseObject({ channel_folder_id: z.number().int() });

export interface NewSubscription {
  name: string;
  /** Taken only when the stream is created. */
  description?: string;
}

export interface SubscribeOptions {
  inviteOnly?: boolean;
  /** Post the new streams to the organization's notifications stream. */
  announce?: boolean;
}

/** PATCH /streams/{stream_id}'s parameters, as Zulip 7.0 names them. */
export type StreamChanges = Partial<{
  new_name: string;
  description: string;
  is_private: boolean;
  history_public_to_subscribers: boolean;
  /** 1 everyone, 2 administrators, 3 full members, 4 administrators and moderators. */
  stream_post_policy: number;
  /** Zulip 10 (feature level 333): who may post, as a group-setting change. */
  can_send_message_group: { new: GroupSettingValue; old?: GroupSettingValue };
  /** Zulip 11 (feature level 389): the channel folder it is filed in; null for none. */
  folder_id: number | null;
}>;

/** Streams and the user's subscriptions to them; for administrators, the streams themselves. */
export interface StreamsApi {
  getSubscriptions(): Promise<Subscription[]>;
  /** Zulip's POST /users/me/subscriptions: joins streams by name, creating those that do not exist. */
  subscribe(streams: readonly NewSubscription[], options?: SubscribeOptions): Promise<void>;
  /** Zulip's DELETE /users/me/subscriptions, by stream name. */
  unsubscribe(streamNames: readonly string[]): Promise<void>;
  setSubscriptionProperty(
    streamId: number,
    property: string,
    value: boolean | number | string | null,
  ): Promise<void>;
  /** Zulip's GET /get_stream_id: refused, with the server's reason, for a channel the reader cannot find. */
  getStreamId(name: string): Promise<number>;
  /** Zulip's PATCH /streams/{stream_id}, for administrators; stream update events follow. */
  updateStream(streamId: number, changes: StreamChanges): Promise<void>;
  /** Zulip's DELETE /streams/{stream_id}, for administrators; a stream delete event follows. */
  archiveStream(streamId: number): Promise<void>;
  /** Zulip's POST /channel_folders/create (Zulip 11), for administrators: the new folder's ID. */
  createChannelFolder(name: string, description: string): Promise<number>;
}

export function streamsApi(http: HttpClient): StreamsApi {
  return {
    async getSubscriptions() {
      const response = await http.request(
        'GET',
        'users/me/subscriptions',
        {},
        subscriptionsResponseSchema,
      );
      return response.subscriptions;
    },
    async subscribe(streams, { inviteOnly, announce } = {}) {
      await http.request(
        'POST',
        'users/me/subscriptions',
        {
          subscriptions: streams.map((stream) => ({ ...stream })),
          ...(inviteOnly === undefined ? {} : { invite_only: inviteOnly }),
          ...(announce === undefined ? {} : { announce }),
        },
        apiSuccessSchema,
      );
    },
    async unsubscribe(streamNames) {
      await http.request(
        'DELETE',
        'users/me/subscriptions',
        { subscriptions: [...streamNames] },
        apiSuccessSchema,
      );
    },
    async setSubscriptionProperty(streamId, property, value) {
      await http.request(
        'POST',
        'users/me/subscriptions/properties',
        { subscription_data: [{ stream_id: streamId, property, value }] },
        apiSuccessSchema,
      );
    },
    async getStreamId(name) {
      return (await http.request('GET', 'get_stream_id', { stream: name }, streamIdSchema))
        .stream_id;
    },
    async updateStream(streamId, { folder_id, ...changes }) {
      // JSON null takes the channel out of its folder.
      const folder = folder_id === undefined ? {} : { folder_id: folder_id ?? 'null' };
      await http.request(
        'PATCH',
        `streams/${streamId}`,
        { ...changes, ...folder },
        apiSuccessSchema,
      );
    },
    async archiveStream(streamId) {
      await http.request('DELETE', `streams/${streamId}`, {}, apiSuccessSchema);
    },
    async createChannelFolder(name, description) {
      const created = await http.request(
        'POST',
        'channel_folders/create',
        { name, description },
        channelFolderCreatedSchema,
      );
      return created.channel_folder_id;
    },
  };
}
