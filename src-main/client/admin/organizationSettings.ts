import type { OrganizationChange, OrganizationSettings } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { groupIdNamed, isGroupSettingValue } from '../../permissions/groupSettings';
import { featureLevelOf, Policy } from '../../permissions/rolePolicies';
import { groupSettingSince, type RealmSettingName } from '../../permissions/readerPermissions';
import type { Api, RealmChanges } from '../api';
import { mt } from '../../i18n/mainText';
import { groupSettingWords } from '../rules/groupSettingWords';

export interface OrganizationActionsDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'updateRealm' | 'setDefaultStream' | 'uploadRealmIcon' | 'deleteRealmIcon'>;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
}

type MessagePolicy = NonNullable<OrganizationSettings['editTopicPolicy']>;
type InvitePolicy = NonNullable<OrganizationSettings['invitePolicy']>;

const messagePolicies: readonly number[] = [1, 2, 3, 4, 5];
const invitePolicies: readonly number[] = [1, 2, 3, 4, 6];

// A role policy the page does not offer (one a later 7.x added, say) shows
// as the 7.0 default rather than keeping the page from opening.
const messagePolicy = (value: unknown, fallback: MessagePolicy): MessagePolicy =>
  typeof value === 'number' && messagePolicies.includes(value)
    ? (value as MessagePolicy)
    : fallback;

const invitePolicy = (value: unknown): InvitePolicy =>
  typeof value === 'number' && invitePolicies.includes(value)
    ? (value as InvitePolicy)
    : Policy.members;

// The role policies the page offers that newer servers keep as group
// settings: the setting's name there (readerPermissions knows from which
// feature level), and the policy's own name before.
const groupSettings = {
  editTopicPolicy: { name: 'can_move_messages_between_topics_group', legacy: 'edit_topic_policy' },
  deleteOwnPolicy: { name: 'can_delete_own_message_group', legacy: 'delete_own_message_policy' },
  invitePolicy: { name: 'can_invite_users_group', legacy: 'invite_to_realm_policy' },
} as const satisfies Record<string, { name: RealmSettingName; legacy: string }>;

// Each role policy as the system group that means the same.
const roleGroups: Record<number, string> = {
  [Policy.members]: 'role:members',
  [Policy.admins]: 'role:administrators',
  [Policy.fullMembers]: 'role:fullmembers',
  [Policy.moderators]: 'role:moderators',
  [Policy.everyone]: 'role:everyone',
  [Policy.nobody]: 'role:nobody',
  [Policy.owners]: 'role:owners',
};

// Zulip 9 (feature level 241) renamed the stream new streams are announced in.
const announcementsRenamedSince = 241;
// Zulip 10 (feature level 358) replaced allow_edit_history.
const editHistoryVisibilitySince = 358;

type GroupSettingField = keyof typeof groupSettings;

/**
 * A setting as the page shows it: the role policy itself on a server before
 * its group setting, else the policy its system group stands for, or, where
 * the group is one the page's choices do not name (a group people made,
 * people and groups named together, a system group it does not offer),
 * that group in words, which the page shows as it is and keeps until
 * another choice is made.
 */
function policyOf<Value extends number>(
  state: InitialState,
  field: GroupSettingField,
  choices: readonly number[],
  legacy: (value: unknown) => Value,
): { policy: Value | null; custom?: string } {
  const setting = groupSettings[field];
  if (featureLevelOf(state) < groupSettingSince(setting.name)) {
    return { policy: legacy(state[`realm_${setting.legacy}`]) };
  }
  const value = state[`realm_${setting.name}`];
  if (!isGroupSettingValue(value)) return { policy: legacy(undefined) };
  const group = (state.realm_user_groups ?? []).find((each) => each.id === value);
  const found = Object.entries(roleGroups).find(([, groupName]) => groupName === group?.name);
  const policy = found ? Number(found[0]) : null;
  return policy !== null && choices.includes(policy)
    ? { policy: policy as Value }
    : { policy: null, custom: groupSettingWords(state, value) };
}

const limit = (value: unknown): number | null =>
  typeof value === 'number' && value > 0 ? value : null;

interface StateStream {
  stream_id: number;
  name: string;
  invite_only: boolean;
}

/** The organization's settings as the register state holds them. */
export function organizationSettingsOf(state: InitialState | null): OrganizationSettings {
  const s = state ?? {};
  const level = featureLevelOf(s);
  // Zulip 10 (feature level 330) lists default channels by ID, older servers as objects.
  const defaultStreams = (s['realm_default_streams'] ?? []) as (StateStream | number)[];
  const defaults = new Set(
    defaultStreams.map((stream) => (typeof stream === 'number' ? stream : stream.stream_id)),
  );
  const notifications =
    s[
      level >= announcementsRenamedSince
        ? 'realm_new_stream_announcements_stream_id'
        : 'realm_notifications_stream_id'
    ];
  const allowEditHistory =
    level >= editHistoryVisibilitySince
      ? s['realm_message_edit_history_visibility_policy'] !== 'none'
      : s['realm_allow_edit_history'] !== false;
  const editTopic = policyOf(s, 'editTopicPolicy', messagePolicies, (value) =>
    messagePolicy(value, Policy.everyone),
  );
  const deleteOwn = policyOf(s, 'deleteOwnPolicy', messagePolicies, (value) =>
    messagePolicy(value, Policy.admins),
  );
  const invite = policyOf(s, 'invitePolicy', invitePolicies, invitePolicy);
  const custom: OrganizationSettings['custom'] = {};
  if (editTopic.custom !== undefined) custom.editTopicPolicy = editTopic.custom;
  if (deleteOwn.custom !== undefined) custom.deleteOwnPolicy = deleteOwn.custom;
  if (invite.custom !== undefined) custom.invitePolicy = invite.custom;
  return {
    name: typeof s['realm_name'] === 'string' ? s['realm_name'] : '',
    description: typeof s['realm_description'] === 'string' ? s['realm_description'] : '',
    allowMessageEditing: s['realm_allow_message_editing'] !== false,
    editLimitSeconds: limit(s['realm_message_content_edit_limit_seconds']),
    editTopicPolicy: editTopic.policy,
    moveWithinStreamLimitSeconds: limit(s['realm_move_messages_within_stream_limit_seconds']),
    allowEditHistory,
    deleteOwnPolicy: deleteOwn.policy,
    deleteLimitSeconds: limit(s['realm_message_content_delete_limit_seconds']),
    invitePolicy: invite.policy,
    custom,
    notificationsStreamId:
      typeof notifications === 'number' && notifications > 0 ? notifications : null,
    enableReadReceipts: s['realm_enable_read_receipts'] === true,
    canEdit: s.is_admin === true,
    hasUploadedIcon: s['realm_icon_source'] === 'U',
    streams: ((s.streams as StateStream[] | undefined) ?? [])
      .filter((stream) => !stream.invite_only)
      .map((stream) => ({
        streamId: stream.stream_id,
        name: stream.name,
        isDefault: defaults.has(stream.stream_id),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

// The page's names for PATCH /realm's parameters.
const realmParams = {
  name: 'name',
  description: 'description',
  allowMessageEditing: 'allow_message_editing',
  editLimitSeconds: 'message_content_edit_limit_seconds',
  editTopicPolicy: 'edit_topic_policy',
  moveWithinStreamLimitSeconds: 'move_messages_within_stream_limit_seconds',
  allowEditHistory: 'allow_edit_history',
  deleteOwnPolicy: 'delete_own_message_policy',
  deleteLimitSeconds: 'message_content_delete_limit_seconds',
  invitePolicy: 'invite_to_realm_policy',
  notificationsStreamId: 'notifications_stream_id',
  enableReadReceipts: 'enable_read_receipts',
} as const satisfies Record<keyof OrganizationChange, keyof RealmChanges>;

/**
 * PATCH /realm's parameters for a change the page made, in the words of the
 * server at hand: a role policy goes as its system group where the server
 * keeps a group setting, and renamed settings by their new names.
 */
export function realmChangesOf(
  patch: OrganizationChange,
  state: InitialState | null,
): RealmChanges {
  const s = state ?? {};
  const level = featureLevelOf(s);
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const param = realmParams[field as keyof OrganizationChange];
    const setting = groupSettings[field as keyof typeof groupSettings] as
      (typeof groupSettings)[keyof typeof groupSettings] | undefined;
    if (setting && level >= groupSettingSince(setting.name)) {
      const groupId = groupIdNamed(s.realm_user_groups ?? [], roleGroups[value as number] ?? '');
      if (groupId === null) throw new Error(mt('main.groups.unsaid'));
      changes[setting.name] = { new: groupId };
    } else if (param === 'allow_edit_history' && level >= editHistoryVisibilitySince) {
      changes['message_edit_history_visibility_policy'] = value === true ? 'all' : 'none';
    } else if (param === 'notifications_stream_id') {
      // Zulip turns the notifications stream off with -1, where the page says null.
      const name =
        level >= announcementsRenamedSince ? 'new_stream_announcements_stream_id' : param;
      changes[name] = value === null ? -1 : value;
    } else {
      changes[param] = value;
    }
  }
  return changes as RealmChanges;
}

/**
 * The organization settings page: read from the register state, changed on
 * the server only; the server's realm and default_streams events then change
 * what the page shows, as a change made by another administrator would.
 */
export class OrganizationActions {
  constructor(private readonly deps: OrganizationActionsDeps) {}

  settings(): OrganizationSettings {
    return organizationSettingsOf(this.deps.state());
  }

  async change(patch: OrganizationChange): Promise<void> {
    if (!this.settings().canEdit) {
      throw new Error(mt('main.organization.adminsOnly'));
    }
    await this.deps.api().updateRealm(realmChangesOf(patch, this.deps.state()));
  }

  /** Uploads `image` (base64) as the organization's icon, or, given null, removes the uploaded one. */
  async setIcon(image: string | null): Promise<void> {
    if (!this.settings().canEdit) {
      throw new Error(mt('main.organization.iconAdminsOnly'));
    }
    if (image === null) await this.deps.api().deleteRealmIcon();
    else await this.deps.api().uploadRealmIcon(Buffer.from(image, 'base64'));
  }

  async setDefaultStream(streamId: number, isDefault: boolean): Promise<void> {
    const stream = this.settings().streams.find((known) => known.streamId === streamId);
    if (!stream) throw new Error(mt('main.organization.defaultChannelPublic'));
    await this.deps.api().setDefaultStream(streamId, isDefault);
  }
}
