import { z } from 'zod';
import {
  addDefaultStream,
  checkNewDefaultStream,
  removeDefaultStream,
  setDefaultStream,
} from '../../actions/defaultStreams';
import { archiveStream } from '../../actions/archiveStream';
import { channelEmailAddress } from '../../actions/channelEmail';
import { updateStream } from '../../actions/streamAdmin';
import {
  accessStreamById,
  accessStreamByIdArchivedToo,
  accessStreamByName,
  canAccessStream,
  hasMetadataAccess,
} from '../../queries/streamAccess';
import { toWireStream } from '../../shape/streams';
import { subscriberIds } from '../../store/subscriptions';
import {
  allStreams,
  defaultStreams,
  publicStreams,
  streamsSubscribedBy,
  type StreamRow,
} from '../../store/streams';
import { Role, userById } from '../../store/users';
import { groupSettingChange } from '../../actions/groupSettingChange';
import { channelGroupSettingColumns } from '../../store/streams';
import { userEndpoint } from '../endpoint';
import { givenGroupSettings, groupSettingParams } from '../groupSettingParams';
import { optional, required } from '../params';
import { channelTopicsPolicies } from '../../actions/topicsPolicy';
import { topicsPolicyParam } from '../topicsPolicyParam';
import { requireAdministrator } from '../../actions/groupPermission';

export const getStreams = userEndpoint({
  method: 'GET',
  path: '/streams',
  params: {
    include_public: optional('json', z.boolean(), true),
    include_web_public: optional('json', z.boolean(), false),
    include_subscribed: optional('json', z.boolean(), true),
    include_all_active: optional('json', z.boolean(), false),
    // Zulip 10's name for include_all_active, which it keeps accepting.
    include_all: optional('json', z.boolean(), false),
    include_default: optional('json', z.boolean(), false),
    include_owner_subscribed: optional('json', z.boolean(), false),
    // Zulip 10 (feature level 315): archived channels are listed when asked for.
    exclude_archived: optional('json', z.boolean(), true),
    // Zulip 10 (feature level 356): every channel whose messages the user may read.
    include_can_access_content: optional('json', z.boolean(), false),
  },
  handle: ({ services, params, user }) => {
    const { sql } = services;
    const archived = !params.exclude_archived;
    const found = new Map<number, StreamRow>();
    const add = (rows: readonly StreamRow[]) => rows.forEach((row) => found.set(row.id, row));
    // Zulip 10 (feature level 356): include_all is anyone's, and lists every
    // channel they see (get_metadata_access_streams).
    if (params.include_all || params.include_all_active) {
      add(allStreams(sql, archived).filter((row) => hasMetadataAccess(sql, user, row)));
    }
    if (params.include_can_access_content) {
      add(allStreams(sql, archived).filter((row) => canAccessStream(sql, user, row)));
    }
    // Zulip never lists public streams to guests, only the ones they are in.
    if (params.include_public && user.role !== Role.guest) add(publicStreams(sql, archived));
    if (params.include_subscribed) add(streamsSubscribedBy(sql, user.id, archived));
    const defaults = defaultStreams(sql);
    if (params.include_default) add(defaults);
    if (params.include_owner_subscribed && user.is_bot === 1 && user.bot_owner_id !== null) {
      const owner = userById(sql, user.bot_owner_id);
      if (owner) add(streamsSubscribedBy(sql, owner.id, archived));
    }
    const defaultIds = new Set(defaults.map((row) => row.id));
    const streams = [...found.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((row) => ({
        ...toWireStream(sql, row),
        ...(params.include_default ? { is_default: defaultIds.has(row.id) } : {}),
      }));
    return { streams };
  },
});

/**
 * Zulip's GET /streams/{stream_id}: one channel the user sees, read or not
 * (get_stream_backend), archived or not since Zulip 12 (feature level 480).
 */
export const getStream = userEndpoint({
  method: 'GET',
  path: '/streams/:stream_id',
  params: { stream_id: required('json', z.number().int().nonnegative()) },
  handle: ({ services, params, user }) => ({
    stream: {
      ...toWireStream(
        services.sql,
        accessStreamByIdArchivedToo(services.sql, user, params.stream_id, 'metadata'),
      ),
      // Hearth keeps no traffic statistics; Zulip sends null until a channel has a week of them.
      stream_weekly_traffic: null,
    },
  }),
});

/** Zulip 8.0's GET /streams/{stream_id}/email_address (feature level 226); Hearth has no email gateway. */
export const getStreamEmailAddress = userEndpoint({
  method: 'GET',
  path: '/streams/:stream_id/email_address',
  params: {
    stream_id: required('json', z.number().int().nonnegative()),
    sender_id: optional('json', z.number().int().nonnegative()),
  },
  handle: ({ services, params, user }) => ({
    email: channelEmailAddress(services.sql, user, params.stream_id, params.sender_id),
  }),
});

/**
 * Zulip's GET /streams/{stream_id}/members (get_subscribers_backend): the
 * subscribers' IDs, to whoever may see them; of archived channels too since
 * Zulip 12 (feature level 480).
 */
export const getStreamMembers = userEndpoint({
  method: 'GET',
  path: '/streams/:stream_id/members',
  params: { stream_id: required('json', z.number().int().nonnegative()) },
  // Whoever sees a channel's metadata sees its subscribers (validate_user_access_to_subscribers).
  handle: ({ services: { sql }, params, user }) => {
    const stream = accessStreamByIdArchivedToo(sql, user, params.stream_id, 'metadata');
    return { subscribers: subscriberIds(sql, stream.recipient_id) };
  },
});

export const getStreamId = userEndpoint({
  method: 'GET',
  path: '/get_stream_id',
  params: { stream: required('text', z.string()) },
  handle: ({ services, params, user }) => ({
    stream_id: accessStreamByName(services.sql, user, params.stream).id,
  }),
});

export const postDefaultStream = userEndpoint({
  method: 'POST',
  path: '/default_streams',
  params: { stream_id: required('json', z.number().int()) },
  handle: ({ services, params, user }) => {
    requireAdministrator(user);
    addDefaultStream(services, accessStreamById(services.sql, user, params.stream_id));
    return {};
  },
});

export const deleteDefaultStreamEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/default_streams',
  params: { stream_id: required('json', z.number().int()) },
  handle: ({ services, params, user }) => {
    requireAdministrator(user);
    removeDefaultStream(services, accessStreamById(services.sql, user, params.stream_id));
    return {};
  },
});

/** Zulip 7.0's PATCH /streams/{stream_id}, for administrators. */
export const updateStreamEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/streams/:stream_id',
  params: {
    stream_id: required('json', z.number().int().nonnegative()),
    new_name: optional('text', z.string()),
    description: optional('text', z.string()),
    is_private: optional('json', z.boolean()),
    history_public_to_subscribers: optional('json', z.boolean()),
    is_web_public: optional('json', z.boolean()),
    stream_post_policy: optional('json', z.number().int().min(1).max(4)),
    /** Zulip 3.0's name for "administrators only"; Zulip 7.0 still honours it, over stream_post_policy. */
    is_announcement_only: optional('json', z.boolean()),
    // Zulip 11 (feature level 388): false unarchives; true archives nothing.
    is_archived: optional('json', z.boolean()),
    // JSON null takes the channel out of its folder (Zulip 11, feature level 389).
    folder_id: optional('json', z.number().int().nonnegative().nullable(), undefined, {
      keepNull: true,
    }),
    topics_policy: topicsPolicyParam(channelTopicsPolicies),
    // Zulip 8.0 (feature level 200): makes it a default channel, or no longer one.
    is_default_stream: optional('json', z.boolean()),
    ...groupSettingParams(channelGroupSettingColumns, groupSettingChange),
  },
  handle: ({ services, user, params }) => {
    const announcementOnly = params.is_announcement_only;
    if (params.is_default_stream !== undefined) {
      const stream = accessStreamById(services.sql, user, params.stream_id, 'metadata');
      const privateAfter = params.is_private ?? stream.invite_only === 1;
      checkNewDefaultStream(user, params.is_default_stream && privateAfter);
    }
    updateStream(services, user, params.stream_id, {
      newName: params.new_name,
      description: params.description,
      isPrivate: params.is_private,
      historyPublicToSubscribers: params.history_public_to_subscribers,
      webPublic: params.is_web_public,
      streamPostPolicy:
        announcementOnly === undefined ? params.stream_post_policy : announcementOnly ? 2 : 1,
      folderId: params.folder_id,
      unarchive: params.is_archived === false,
      topicsPolicy: params.topics_policy,
      settings: givenGroupSettings(channelGroupSettingColumns, params),
    });
    if (params.is_default_stream !== undefined) {
      setDefaultStream(services, params.stream_id, params.is_default_stream);
    }
    return {};
  },
});

/** DELETE /streams/{stream_id}: the channel's administrators archive it, as Zulip 10 and later do. */
export const archiveStreamEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/streams/:stream_id',
  params: { stream_id: required('json', z.number().int().nonnegative()) },
  handle: ({ services, user, params }) => {
    archiveStream(services, user, params.stream_id);
    return {};
  },
});
