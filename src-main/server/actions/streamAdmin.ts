import { errors } from '../errors';
import { stageChannelChangeNotices } from './channelEventNotices';
import { announceAll, type Announcements } from './systemBotMessages';
import { plainNotice, type PlainNotice } from '../events/notice';
import { renderMarkdown } from '../markdown/render';
import {
  canAccessStream,
  hasMetadataAccess,
  metadataAudience,
  metadataGrants,
} from '../queries/streamAccess';
import type { Services } from '../services';
import { getRealm } from '../store/realm';
import type { GroupSettingValue } from '../../permissions/groupSettings';
import { sendGroupOfPostPolicy } from '../../permissions/rolePolicies';
import { toWireStream } from '../shape/streams';
import {
  channelGroupSettingColumns,
  isDefaultStream,
  setStreamArchived,
  streamById,
  streamByName,
  updateStreamRow,
  type ChannelGroupSettingColumn,
  type StreamChanges,
  type StreamRow,
} from '../store/streams';
import type { Sql } from '../store/sql';
import { subscriberIds } from '../store/subscriptions';
import { allUsers, type UserRow } from '../store/users';
import { announceArchiving } from './archivingEvents';
import {
  channelGroupSettings,
  channelSettingOf,
  checkTopicsOpenWhereHistoryIsProtected,
} from './channelGroupSettings';
import {
  administersChannel,
  checkChannelSettingSetter,
  webPublicChannelsRefused,
} from './channelPermission';
import { accessChannelFolder } from './channelFolders';
import {
  checkGroupSettingChange,
  sameGroupSetting,
  type GroupSettingChange,
} from './groupSettingChange';
import { roleVisibilityNotices, visibilityOf, type Visibility } from './roleVisibility';
import { checkTopicsPolicyChange, type ChannelTopicsPolicy } from './topicsPolicy';
import { checkStreamName } from './validate';

// Zulip's Stream.MAX_DESCRIPTION_LENGTH.
const MAX_DESCRIPTION_LENGTH = 1024;

export interface StreamUpdate {
  newName?: string | undefined;
  description?: string | undefined;
  isPrivate?: boolean | undefined;
  historyPublicToSubscribers?: boolean | undefined;
  /** Zulip 7.0's stream_post_policy, read as can_send_message_group. */
  streamPostPolicy?: number | undefined;
  /** The channel folder to file it in (Zulip 11), null for none. */
  folderId?: number | null | undefined;
  /** Zulip 11's is_archived=false (feature level 388): the archived channel comes back. */
  unarchive?: boolean | undefined;
  /** Zulip 11's topics_policy (feature level 392). */
  topicsPolicy?: ChannelTopicsPolicy | undefined;
  /** Zulip's is_web_public: true, which a Hearth host refuses. */
  webPublic?: boolean | undefined;
  /** The channel's permissions to change, each as Zulip's {new, old}. */
  settings?: { [Setting in ChannelGroupSettingColumn]?: GroupSettingChange | undefined };
}

// Zulip's access_stream_for_delete_or_update: the organization's
// administrators, and those the channel's can_administer_channel_group names
// (Zulip 10, feature level 325), refusing others in Zulip 10's words.
export function editableStream(services: Services, user: UserRow, streamId: number): StreamRow {
  const stream = streamById(services.sql, streamId);
  if (!stream) throw errors.badRequest('Invalid channel ID');
  if (administersChannel(services.sql, user, stream)) return stream;
  // A private channel one cannot see is not there, as a refusal would say it is.
  if (!canAccessStream(services.sql, user, stream)) throw errors.badRequest('Invalid channel ID');
  throw errors.badRequest('You do not have permission to administer this channel.');
}

/** What the request changes, checked as Zulip's update_stream_backend checks it. */
function plannedChanges(
  services: Services,
  user: UserRow,
  stream: StreamRow,
  update: StreamUpdate,
): StreamChanges {
  const changes: StreamChanges = {};
  if (update.newName !== undefined) {
    const name = checkStreamName(update.newName);
    const taken = streamByName(services.sql, name);
    if (taken && taken.id !== stream.id) {
      throw errors.badRequest(`Stream name '${name}' is already taken.`);
    }
    if (name !== stream.name) changes.name = name;
  }
  if (update.description !== undefined) {
    const description = update.description.replace(/\s*\n\s*/g, ' ').trim();
    if (description.length > MAX_DESCRIPTION_LENGTH) {
      throw errors.badRequest(
        `description is too long (limit: ${MAX_DESCRIPTION_LENGTH} characters)`,
      );
    }
    if (description !== stream.description) {
      changes.description = description;
      changes.renderedDescription = renderMarkdown(description);
    }
  }
  // Zulip 10 (feature level 349): administering a channel one cannot read
  // covers its metadata, not who may read it.
  if (update.isPrivate !== undefined && !canAccessStream(services.sql, user, stream)) {
    throw errors.badRequest('Channel content access is required.');
  }
  if (update.webPublic === true) throw webPublicChannelsRefused();
  if (update.isPrivate !== undefined || update.historyPublicToSubscribers !== undefined) {
    const inviteOnly = update.isPrivate ?? stream.invite_only === 1;
    // Zulip's update_stream_backend: privacy given alone brings its default
    // history (a private channel's is protected), and a public channel's
    // history is always public to its subscribers.
    const history =
      update.historyPublicToSubscribers ??
      (update.isPrivate !== undefined
        ? !update.isPrivate
        : stream.history_public_to_subscribers === 1);
    if (!inviteOnly && !history) throw errors.badRequest('Invalid parameters');
    if (inviteOnly && isDefaultStream(services.sql, stream.id)) {
      throw errors.badRequest('A default channel cannot be private.');
    }
    // Zulip 10 (feature level 331): moderation requests stay private.
    if (!inviteOnly && getRealm(services.sql)?.moderation_request_channel_id === stream.id) {
      throw errors.badRequest('Moderation request channel must be private.');
    }
    if (inviteOnly !== (stream.invite_only === 1)) changes.inviteOnly = inviteOnly;
    if (history !== (stream.history_public_to_subscribers === 1)) {
      changes.historyPublicToSubscribers = history;
    }
  }
  if (update.folderId !== undefined && update.folderId !== stream.folder_id) {
    if (update.folderId !== null) accessChannelFolder(services.sql, update.folderId);
    changes.folderId = update.folderId;
  }
  if (update.topicsPolicy !== undefined && update.topicsPolicy !== stream.topics_policy) {
    checkTopicsPolicyChange(services.sql, user, update.topicsPolicy, stream);
    changes.topicsPolicy = update.topicsPolicy;
  }
  const settings: Partial<Record<ChannelGroupSettingColumn, string>> = {};
  if (update.streamPostPolicy !== undefined) {
    const group = sendGroupOfPostPolicy(update.streamPostPolicy);
    if (!sameGroupSetting(group, channelSettingOf(stream, 'can_send_message_group'))) {
      settings.can_send_message_group = JSON.stringify(group);
    }
  }
  for (const name of channelGroupSettingColumns) {
    const change = update.settings?.[name];
    if (change === undefined) continue;
    checkChannelSettingSetter(services.sql, user, name);
    const current = channelSettingOf(stream, name);
    const value = checkGroupSettingChange(
      services.sql,
      name,
      change,
      current,
      channelGroupSettings[name],
    );
    if (value !== null) settings[name] = JSON.stringify(value);
  }
  if (Object.keys(settings).length > 0) changes.settings = settings;
  const createTopic = settings.can_create_topic_group;
  if (changes.historyPublicToSubscribers !== undefined || createTopic !== undefined) {
    checkTopicsOpenWhereHistoryIsProtected(
      changes.historyPublicToSubscribers ?? stream.history_public_to_subscribers === 1,
      createTopic === undefined
        ? channelSettingOf(stream, 'can_create_topic_group')
        : (JSON.parse(createTopic) as GroupSettingValue),
    );
  }
  return changes;
}

// Zulip's stream `update` events, one per property, as 7.0 sends them.
function updateEvents(
  sql: Sql,
  before: StreamRow,
  after: StreamRow,
  changes: StreamChanges,
): PlainNotice[] {
  const base = { op: 'update', stream_id: after.id, name: before.name };
  const events: Record<string, unknown>[] = [];
  if (changes.name !== undefined) events.push({ ...base, property: 'name', value: after.name });
  const named = { ...base, name: after.name };
  if (changes.description !== undefined) {
    events.push({
      ...named,
      property: 'description',
      value: after.description,
      rendered_description: after.rendered_description,
    });
  }
  if (changes.inviteOnly !== undefined) {
    events.push({
      ...named,
      property: 'invite_only',
      value: after.invite_only === 1,
      history_public_to_subscribers: after.history_public_to_subscribers === 1,
      is_web_public: false,
    });
  } else if (changes.historyPublicToSubscribers !== undefined) {
    events.push({
      ...named,
      property: 'history_public_to_subscribers',
      value: after.history_public_to_subscribers === 1,
    });
  }
  if (changes.folderId !== undefined) {
    events.push({ ...named, property: 'folder_id', value: after.folder_id });
  }
  if (changes.topicsPolicy !== undefined) {
    events.push({ ...named, property: 'topics_policy', value: after.topics_policy });
  }
  const wire = { before: toWireStream(sql, before), after: toWireStream(sql, after) };
  for (const name of Object.keys(changes.settings ?? {})) {
    events.push({ ...named, property: name, value: wire.after[name as ChannelGroupSettingColumn] });
  }
  // What Zulip 7.0's clients read of can_send_message_group, when that changed.
  if (wire.after.stream_post_policy !== wire.before.stream_post_policy) {
    events.push({ ...named, property: 'stream_post_policy', value: wire.after.stream_post_policy });
    events.push({
      ...named,
      property: 'is_announcement_only',
      value: wire.after.is_announcement_only,
    });
  }
  return events.map((event) => plainNotice('stream', event));
}

/**
 * Zulip 7.0's PATCH /streams/{stream_id}: an administrator renames a stream,
 * describes it, makes it private or public (and its history), or sets who may
 * post. Everyone who sees the stream before and after hears each change; one
 * who gains or loses sight of it hears it appear or vanish, with what they may
 * know of its subscribers.
 */
export function updateStream(
  services: Services,
  user: UserRow,
  streamId: number,
  update: StreamUpdate,
): void {
  const { sql } = services;
  const stream = editableStream(services, user, streamId);
  const unarchive = update.unarchive === true;
  if (unarchive) checkUnarchivable(sql, stream);
  const changes = plannedChanges(services, user, stream, update);
  if (Object.keys(changes).length === 0 && !unarchive) return;
  const people = allUsers(sql).filter((person) => person.is_active === 1);
  // Who sees a channel turns on its privacy and, since Zulip 10, on the
  // settings that grant metadata access (feature level 349).
  const sightChanges =
    changes.inviteOnly !== undefined ||
    metadataGrants.some((name) => changes.settings?.[name] !== undefined);
  const before = new Map<number, Visibility>(
    sightChanges ? people.map((person) => [person.id, visibilityOf(sql, person)]) : [],
  );
  const notices: Announcements = [];
  const after = sql.transaction(() => {
    if (unarchive) setStreamArchived(sql, streamId, false);
    updateStreamRow(sql, streamId, changes);
    const updated = streamById(sql, streamId);
    if (!updated) throw new Error(`stream ${streamId} vanished while it was updated`);
    stageChannelChangeNotices(services, user, stream, updated, notices);
    return updated;
  });
  // Zulip's do_unarchive_stream comes before the other changes of the request.
  if (unarchive)
    announceArchiving(services, { ...stream, deactivated: 0 }, metadataAudience(sql, stream));
  const audience = people.filter(
    (person) => hasMetadataAccess(sql, person, stream) && hasMetadataAccess(sql, person, after),
  );
  for (const event of updateEvents(sql, stream, after, changes)) {
    services.queues.notify(
      event,
      audience.map((person) => person.id),
    );
  }
  for (const person of people) {
    const seen = before.get(person.id);
    if (!seen) continue;
    for (const notice of roleVisibilityNotices(sql, seen, person)) {
      services.queues.notify(notice, [person.id]);
    }
  }
  announceAll(notices);
}

// Zulip's do_unarchive_stream, checked before anything is written: the
// channel must be archived, and a private one must still have subscribers,
// or nobody could reach it again.
function checkUnarchivable(sql: Sql, stream: StreamRow): void {
  if (stream.deactivated !== 1) throw errors.badRequest('Channel is not currently deactivated');
  if (stream.invite_only === 1 && subscriberIds(sql, stream.recipient_id).length === 0) {
    throw errors.badRequest('Channel is private and have no subscribers');
  }
}
