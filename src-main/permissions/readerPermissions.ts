import type { InitialState } from '../wire/registerState';
import { channelsById, type StateChannel } from '../registerReads/channelsById';
import type { User } from '../wire';
import {
  groupIdNamed,
  groupsHolding,
  isGroupSettingValue,
  isInGroupSetting,
  type GroupMembership,
  type GroupSettingValue,
} from './groupSettings';
import { featureLevelOf, Policy, RoleNumber, roleNumberOf, rolePermits } from './rolePolicies';

/** What the organization lets the reader do, for both kinds of server. */
export interface ReaderPermissions {
  editContent: boolean;
  /** Move messages to another topic of the same channel (Zulip's edit_topic_policy). */
  editTopic: boolean;
  moveBetweenChannels: boolean;
  resolveTopic: boolean;
  deleteAny: boolean;
  deleteOwn: boolean;
  createPublicChannel: boolean;
  createPrivateChannel: boolean;
  /** Send invitations by email. */
  invite: boolean;
  /** Make reusable invitation links. */
  createInviteLink: boolean;
  addCustomEmoji: boolean;
  /** Use @all and its kin where they would notify many people. */
  mentionMany: boolean;
  sendDirectMessage: boolean;
  /** Start a direct message conversation, not only answer one (Zulip's direct_message_initiator_group). */
  startDirectMessage: boolean;
  createGroups: boolean;
  /** Manage every user group, whatever the group's own settings say. */
  manageAllGroups: boolean;
  /** Create bots of every kind. */
  createBots: boolean;
  /** Create incoming webhook bots, which can only post. */
  createWriteOnlyBots: boolean;
  /** Create outgoing webhook bots. */
  createOutgoingWebhookBots: boolean;
  /** Which earlier versions of a message may be looked at. */
  editHistory: 'all' | 'moves' | 'none';
  /** Delete a whole topic: Zulip's delete_topic, for organization administrators at every level. */
  deleteTopics: boolean;
  /** Manage linkifiers and code playgrounds: Zulip's require_realm_admin. */
  manageLinkifiers: boolean;
  /** Set a channel's deletion permissions: Zulip's can_set_delete_message_policy (level 407). */
  setChannelDeletion: boolean;
}

/** What the reader may do in one channel, the organization's grants and the channel's together. */
export interface ChannelPermissions {
  administer: boolean;
  editTopic: boolean;
  /** Move messages out of this channel to another. */
  moveOut: boolean;
  resolveTopic: boolean;
  deleteAny: boolean;
  deleteOwn: boolean;
  send: boolean;
  /** Start a topic the channel has no messages in (Zulip's can_create_topic_group). */
  createTopic: boolean;
  /**
   * Mention everyone in the channel (@all, @everyone, @channel, @stream):
   * Zulip asks can_mention_many_users_group only where the channel has more
   * subscribers than its threshold, and a channel whose count the state does
   * not hold is taken for a small one.
   */
  mentionChannel: boolean;
}

interface Reader {
  state: InitialState;
  level: number;
  role: number;
  userId: number;
  /** The groups the reader belongs to, through nested groups. */
  held: ReadonlySet<number>;
}

// A realm permission that became a group setting: the feature level it did,
// the system group Zulip gives it by default, whether guests may ever hold
// it (Zulip's allow_everyone_group), and how servers before it decided.
interface RealmSetting {
  since: number;
  defaultGroup: string;
  guests: boolean;
  before: (reader: Reader) => boolean;
}

const policy = (reader: Reader, key: string, fallback: number) =>
  rolePermits(reader.role, reader.state[`realm_${key}`] ?? fallback);

// Zulip's WILDCARD_MENTION_POLICY_* values, in the terms of the common policy:
// its own numbering, with "stream administrators" long retired to administrators.
const wildcardPolicies: Record<number, number> = {
  1: Policy.everyone,
  2: Policy.members,
  3: Policy.fullMembers,
  4: Policy.admins,
  5: Policy.admins,
  6: Policy.nobody,
  7: Policy.moderators,
};

export type RealmSettingName =
  | 'can_move_messages_between_topics_group'
  | 'can_move_messages_between_channels_group'
  | 'can_resolve_topics_group'
  | 'can_delete_any_message_group'
  | 'can_delete_own_message_group'
  | 'can_create_public_channel_group'
  | 'can_create_private_channel_group'
  | 'can_invite_users_group'
  | 'create_multiuse_invite_group'
  | 'can_add_custom_emoji_group'
  | 'can_mention_many_users_group'
  | 'direct_message_permission_group'
  | 'direct_message_initiator_group'
  | 'can_create_groups'
  | 'can_manage_all_groups'
  | 'can_create_bots_group'
  | 'can_create_write_only_bots_group'
  | 'can_set_delete_message_policy_group';

const realmSettings: Record<RealmSettingName, RealmSetting> = {
  can_move_messages_between_topics_group: {
    since: 316,
    defaultGroup: 'role:everyone',
    guests: true,
    before: (reader) => policy(reader, 'edit_topic_policy', Policy.everyone),
  },
  can_move_messages_between_channels_group: {
    since: 310,
    defaultGroup: 'role:members',
    guests: false,
    // Zulip 7.0's default, where a server leaves the policy out: administrators.
    before: (reader) => policy(reader, 'move_messages_between_streams_policy', Policy.admins),
  },
  // Before its own setting, resolving a topic was editing it.
  can_resolve_topics_group: {
    since: 367,
    defaultGroup: 'role:everyone',
    guests: true,
    before: (reader) => readRealmSetting(reader, 'can_move_messages_between_topics_group'),
  },
  can_delete_any_message_group: {
    since: 281,
    defaultGroup: 'role:administrators',
    guests: false,
    before: (reader) => reader.role <= RoleNumber.admin,
  },
  can_delete_own_message_group: {
    since: 291,
    defaultGroup: 'role:everyone',
    guests: true,
    before: (reader) => policy(reader, 'delete_own_message_policy', Policy.admins),
  },
  can_create_public_channel_group: {
    since: 264,
    defaultGroup: 'role:members',
    guests: false,
    before: (reader) => policy(reader, 'create_public_stream_policy', Policy.members),
  },
  can_create_private_channel_group: {
    since: 266,
    defaultGroup: 'role:members',
    guests: false,
    before: (reader) => policy(reader, 'create_private_stream_policy', Policy.members),
  },
  can_invite_users_group: {
    since: 321,
    defaultGroup: 'role:members',
    guests: false,
    before: (reader) => policy(reader, 'invite_to_realm_policy', Policy.members),
  },
  // Zulip 7.0 lets only administrators make reusable invitation links.
  create_multiuse_invite_group: {
    since: 209,
    defaultGroup: 'role:administrators',
    guests: false,
    before: (reader) => reader.role <= RoleNumber.admin,
  },
  can_add_custom_emoji_group: {
    since: 307,
    defaultGroup: 'role:members',
    guests: false,
    before: (reader) =>
      reader.role !== RoleNumber.guest && policy(reader, 'add_custom_emoji_policy', Policy.members),
  },
  can_mention_many_users_group: {
    since: 352,
    defaultGroup: 'role:administrators',
    guests: true,
    before: (reader) => {
      const value = reader.state['realm_wildcard_mention_policy'];
      return rolePermits(
        reader.role,
        typeof value === 'number' ? (wildcardPolicies[value] ?? Policy.admins) : Policy.admins,
      );
    },
  },
  // Zulip's PRIVATE_MESSAGE_POLICY_DISABLED is 2.
  direct_message_permission_group: {
    since: 270,
    defaultGroup: 'role:everyone',
    guests: true,
    before: (reader) => reader.state['realm_private_message_policy'] !== 2,
  },
  direct_message_initiator_group: {
    since: 270,
    defaultGroup: 'role:everyone',
    guests: true,
    before: (reader) => reader.state['realm_private_message_policy'] !== 2,
  },
  // Both came from user_group_edit_policy, which decided creating and editing alike.
  can_create_groups: {
    since: 299,
    defaultGroup: 'role:members',
    guests: false,
    before: (reader) => policy(reader, 'user_group_edit_policy', Policy.members),
  },
  can_manage_all_groups: {
    since: 299,
    defaultGroup: 'role:owners',
    guests: false,
    before: (reader) => policy(reader, 'user_group_edit_policy', Policy.members),
  },
  can_create_bots_group: {
    since: 344,
    defaultGroup: 'role:members',
    guests: false,
    before: (reader) => botPolicyPermits(reader, 'any'),
  },
  can_create_write_only_bots_group: {
    since: 344,
    defaultGroup: 'role:members',
    guests: false,
    before: (reader) => botPolicyPermits(reader, 'writeOnly'),
  },
  // Before it, no channel had deletion permissions of its own to set.
  can_set_delete_message_policy_group: {
    since: 407,
    defaultGroup: 'role:moderators',
    guests: false,
    before: () => false,
  },
};

// Zulip's BOT_CREATION_* policy: 1 everyone may create any bot, 2 only
// administrators create generic bots (others incoming webhooks), 3 only
// administrators create any. Guests never create bots.
function botPolicyPermits(reader: Reader, kind: 'any' | 'writeOnly'): boolean {
  if (reader.role === RoleNumber.guest) return false;
  if (reader.role <= RoleNumber.admin) return true;
  const value = reader.state['realm_bot_creation_policy'] ?? 1;
  return value === 1 || (value === 2 && kind === 'writeOnly');
}

/** The feature level from which the server keeps the permission as this group setting. */
export const groupSettingSince = (name: RealmSettingName): number => realmSettings[name].since;

/** The server's own word on whether guests may hold a setting (register's server_supported_permission_settings, level 221). */
function guestsMayHold(
  state: InitialState,
  kind: 'realm' | 'stream',
  name: string,
): boolean | null {
  const supported = state['server_supported_permission_settings'];
  if (typeof supported !== 'object' || supported === null) return null;
  const settings = (supported as Record<string, unknown>)[kind];
  if (typeof settings !== 'object' || settings === null) return null;
  const setting = (settings as Record<string, unknown>)[name];
  if (typeof setting !== 'object' || setting === null) return null;
  const allowed = (setting as Record<string, unknown>)['allow_everyone_group'];
  return typeof allowed === 'boolean' ? allowed : null;
}

// Zulip's user_has_permission_for_group_setting: a guest holds no setting
// that may not name everyone, whatever group it names.
function holds(reader: Reader, value: GroupSettingValue, guests: boolean): boolean {
  if (reader.role === RoleNumber.guest && !guests) return false;
  return isInGroupSetting(reader.held, value, reader.userId);
}

/** The group-setting value the server holds, or its default group where it sends none. */
function realmSettingValue(state: InitialState, name: RealmSettingName): GroupSettingValue | null {
  const sent = state[`realm_${name}`];
  return isGroupSettingValue(sent)
    ? sent
    : groupIdNamed(state.realm_user_groups ?? [], realmSettings[name].defaultGroup);
}

function readRealmSetting(reader: Reader, name: RealmSettingName): boolean {
  const setting = realmSettings[name];
  if (reader.level < setting.since) return setting.before(reader);
  const value = realmSettingValue(reader.state, name);
  // A modern server that sends neither the setting nor its default group
  // leaves nothing to decide by but what older servers sent.
  if (value === null) return setting.before(reader);
  return holds(reader, value, guestsMayHold(reader.state, 'realm', name) ?? setting.guests);
}

// A state without the reader's ID (a 7.0 state trimmed for a test, say)
// still decides by role policies; it is in no group.
function readerOf(state: InitialState): Reader {
  const userId = state.user_id ?? -1;
  return {
    state,
    level: featureLevelOf(state),
    role: roleNumberOf(state),
    userId,
    held: groupsHolding(state.realm_user_groups ?? [], userId),
  };
}

/** Zulip's realm_message_edit_history_visibility_policy (level 358), or allow_edit_history before it. */
function editHistoryOf(reader: Reader): ReaderPermissions['editHistory'] {
  const visibility = reader.state['realm_message_edit_history_visibility_policy'];
  if (
    reader.level >= 358 &&
    (visibility === 'all' || visibility === 'moves' || visibility === 'none')
  ) {
    return visibility;
  }
  return reader.state['realm_allow_edit_history'] === false ? 'none' : 'all';
}

const nothing: ReaderPermissions = {
  editContent: false,
  editTopic: false,
  moveBetweenChannels: false,
  resolveTopic: false,
  deleteAny: false,
  deleteOwn: false,
  createPublicChannel: false,
  createPrivateChannel: false,
  invite: false,
  createInviteLink: false,
  addCustomEmoji: false,
  mentionMany: false,
  sendDirectMessage: false,
  startDirectMessage: false,
  createGroups: false,
  manageAllGroups: false,
  createBots: false,
  createWriteOnlyBots: false,
  createOutgoingWebhookBots: false,
  editHistory: 'none',
  deleteTopics: false,
  manageLinkifiers: false,
  setChannelDeletion: false,
};

/**
 * What the organization lets the reader do, read as the server that sent
 * the state decides it: group-setting values (a group, or people and groups
 * named together, through every nested subgroup) from the feature level
 * where each setting became one, and the role policies before. Before any
 * state, nothing is offered that the server could refuse.
 */
export function readerMay(state: InitialState | null): ReaderPermissions {
  if (!state) return nothing;
  return mayAs(readerOf(state));
}

function mayAs(reader: Reader): ReaderPermissions {
  const may = (name: RealmSettingName) => readRealmSetting(reader, name);
  return {
    editContent: reader.state['realm_allow_message_editing'] !== false,
    editTopic: may('can_move_messages_between_topics_group'),
    moveBetweenChannels: may('can_move_messages_between_channels_group'),
    resolveTopic: may('can_resolve_topics_group'),
    deleteAny: may('can_delete_any_message_group'),
    deleteOwn: may('can_delete_own_message_group'),
    createPublicChannel: may('can_create_public_channel_group'),
    createPrivateChannel: may('can_create_private_channel_group'),
    invite: may('can_invite_users_group'),
    createInviteLink: may('create_multiuse_invite_group'),
    addCustomEmoji: may('can_add_custom_emoji_group'),
    mentionMany: may('can_mention_many_users_group'),
    sendDirectMessage: may('direct_message_permission_group'),
    startDirectMessage: may('direct_message_initiator_group'),
    createGroups: may('can_create_groups'),
    manageAllGroups: may('can_manage_all_groups'),
    createBots: may('can_create_bots_group'),
    createWriteOnlyBots: may('can_create_write_only_bots_group'),
    // Zulip 7.0's "limit generic bots" policy left outgoing webhook bots to
    // everyone; its group settings (level 344) give them to can_create_bots_group only.
    createOutgoingWebhookBots:
      may('can_create_bots_group') ||
      (reader.level < groupSettingSince('can_create_bots_group') &&
        may('can_create_write_only_bots_group')),
    editHistory: editHistoryOf(reader),
    deleteTopics: reader.role <= RoleNumber.admin,
    manageLinkifiers: reader.role <= RoleNumber.admin,
    // Administrators set them whatever the setting says.
    setChannelDeletion:
      reader.level >= groupSettingSince('can_set_delete_message_policy_group') &&
      (reader.role <= RoleNumber.admin || may('can_set_delete_message_policy_group')),
  };
}

// A channel permission that became a group setting, with the feature level
// it did and whether guests may ever hold it.
const channelSettings = {
  can_administer_channel_group: { since: 325, guests: false },
  can_move_messages_within_channel_group: { since: 396, guests: true },
  can_move_messages_out_of_channel_group: { since: 396, guests: true },
  can_resolve_topics_group: { since: 402, guests: true },
  can_delete_any_message_group: { since: 407, guests: true },
  can_delete_own_message_group: { since: 407, guests: true },
  can_send_message_group: { since: 333, guests: true },
  can_create_topic_group: { since: 441, guests: true },
} as const;

type ChannelSettingName = keyof typeof channelSettings;

/** The feature level from which the server keeps a channel's permission as this group setting. */
export const channelSettingSince = (name: ChannelSettingName): number =>
  channelSettings[name].since;

// Zulip's STREAM_POST_POLICY_*: 1 everyone, 2 administrators, 3 full
// members (Hearth counts every member as full), 4 moderators.
function postPolicyPermits(role: number, value: unknown): boolean {
  if (value === 2) return role <= RoleNumber.admin;
  if (value === 4) return role <= RoleNumber.moderator;
  if (value === 3) return role !== RoleNumber.guest;
  return true;
}

const noChannelGrants: ChannelPermissions = {
  administer: false,
  editTopic: false,
  moveOut: false,
  resolveTopic: false,
  deleteAny: false,
  deleteOwn: false,
  send: false,
  createTopic: false,
  mentionChannel: false,
};

/**
 * Zulip's Realm.WILDCARD_MENTION_THRESHOLD: a wildcard mention reaching at
 * most this many people (a channel's subscribers, a topic's participants)
 * is anyone's to use; beyond it only can_mention_many_users_group's.
 */
export const wildcardMentionThreshold = 15;

/** How many people a channel has, where the state says (subscriber_count from level 394, or a subscriber list). */
function subscriberCountOf(channel: StateChannel | undefined): number | null {
  const count = channel?.['subscriber_count'];
  if (typeof count === 'number') return count;
  const subscribers = channel?.['subscribers'];
  return Array.isArray(subscribers) ? subscribers.length : null;
}

/**
 * What the reader may do in each channel: Zulip's server lets the
 * organization's grant, the channel's own group settings (from the feature
 * level each came in), or administering the channel allow a move, a
 * resolution or a deletion there, and nothing in an archived channel. The
 * reader and the channels are read once, for a pass over every channel.
 */
export function channelPermissionsOf(
  state: InitialState | null,
): (streamId: number) => ChannelPermissions {
  if (!state) return () => noChannelGrants;
  const reader = readerOf(state);
  const realm = mayAs(reader);
  const channels = channelsById(state);
  const admin = reader.role <= RoleNumber.admin;
  return (streamId) => {
    const channel = channels.get(streamId);
    const inChannel = (name: ChannelSettingName): boolean => {
      const setting = channelSettings[name];
      const value = channel?.[name];
      if (reader.level < setting.since || !isGroupSettingValue(value)) return false;
      return holds(reader, value, guestsMayHold(reader.state, 'stream', name) ?? setting.guests);
    };
    const administer = admin || inChannel('can_administer_channel_group');
    // Zulip refuses every change in an archived channel (Zulip 10): its
    // administrators may only unarchive it.
    if (channel?.['is_archived'] === true) return { ...noChannelGrants, administer };
    const movesInChannel = reader.level >= 396 && administer;
    const sendValue = channel?.['can_send_message_group'];
    // Zulip's default for a channel that does not say: everyone may start topics.
    const createTopicValue = channel?.['can_create_topic_group'];
    const count = subscriberCountOf(channel);
    return {
      administer,
      editTopic:
        realm.editTopic || movesInChannel || inChannel('can_move_messages_within_channel_group'),
      moveOut:
        realm.moveBetweenChannels ||
        movesInChannel ||
        inChannel('can_move_messages_out_of_channel_group'),
      resolveTopic: realm.resolveTopic || inChannel('can_resolve_topics_group'),
      deleteAny: realm.deleteAny || inChannel('can_delete_any_message_group'),
      deleteOwn: realm.deleteOwn || inChannel('can_delete_own_message_group'),
      send:
        reader.level >= channelSettings.can_send_message_group.since &&
        isGroupSettingValue(sendValue)
          ? inChannel('can_send_message_group')
          : postPolicyPermits(reader.role, channel?.['stream_post_policy']),
      createTopic:
        reader.level < channelSettings.can_create_topic_group.since ||
        !isGroupSettingValue(createTopicValue) ||
        inChannel('can_create_topic_group'),
      mentionChannel: realm.mentionMany || count === null || count <= wildcardMentionThreshold,
    };
  };
}

/**
 * Whether the reader may mention everyone in a topic (@topic) that
 * `participants` people took part in: Zulip asks can_mention_many_users_group
 * only beyond its threshold.
 */
export function mayMentionTopic(state: InitialState | null, participants: number): boolean {
  return participants <= wildcardMentionThreshold || readerMay(state).mentionMany;
}

/**
 * Why Zulip's server would refuse the reader's direct message: the
 * organization allows none (`disabled`), no one in the conversation is in
 * the group that may authorize it (`unauthorized`), or the reader may not
 * start conversations and this one has no earlier message (`notStarted`).
 */
export type DirectMessageRefusal = 'disabled' | 'unauthorized' | 'notStarted';

// Zulip's PRIVATE_MESSAGE_POLICY_DISABLED, before the group settings of level 270.
const privateMessagesDisabled = 2;

/** Whether no one at all holds the setting: Zulip's app then says direct messages are off. */
function settingIsEmpty(groups: readonly GroupMembership[], value: GroupSettingValue): boolean {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const seen = new Set<number>();
  const empty = (groupId: number): boolean => {
    if (seen.has(groupId)) return true;
    seen.add(groupId);
    const group = byId.get(groupId);
    return !group || (group.members.length === 0 && group.direct_subgroup_ids.every(empty));
  };
  if (typeof value === 'number') return empty(value);
  return value.direct_members.length === 0 && value.direct_subgroups.every(empty);
}

/**
 * Zulip's check of a direct message (check_can_send_direct_message from
 * level 270, check_private_message_policy before): a conversation with bots
 * alone, or with oneself, always goes; any other needs someone in it,
 * sender or recipient, in direct_message_permission_group; and a sender
 * outside direct_message_initiator_group may only write where messages
 * were exchanged before. `started` says whether they were: null where that
 * is not known, which refuses nothing, as the server alone then knows.
 */
export function directMessageRefusalOf(
  state: InitialState | null,
): (recipients: readonly number[], started: boolean | null) => DirectMessageRefusal | null {
  if (!state) return () => 'disabled';
  const reader = readerOf(state);
  const groups = state.realm_user_groups ?? [];
  const bots = new Set(
    [...(state.realm_users ?? []), ...((state['cross_realm_bots'] as User[] | undefined) ?? [])]
      .filter((user) => user.is_bot)
      .map((user) => user.user_id),
  );
  return (recipients, started) => {
    const others = recipients.filter((userId) => userId !== reader.userId);
    if (others.every((userId) => bots.has(userId))) return null;
    if (reader.level < realmSettings.direct_message_permission_group.since) {
      return state['realm_private_message_policy'] === privateMessagesDisabled ? 'disabled' : null;
    }
    const permission = realmSettingValue(state, 'direct_message_permission_group');
    if (permission !== null) {
      if (settingIsEmpty(groups, permission)) return 'disabled';
      const authorizes = (userId: number) =>
        isInGroupSetting(
          userId === reader.userId ? reader.held : groupsHolding(groups, userId),
          permission,
          userId,
        );
      if (![reader.userId, ...others].some(authorizes)) return 'unauthorized';
    }
    if (readRealmSetting(reader, 'direct_message_initiator_group')) return null;
    return started === false ? 'notStarted' : null;
  };
}
