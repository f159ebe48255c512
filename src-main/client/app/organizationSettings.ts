import type { OrganizationChange, OrganizationSettings } from '../../../src-preload/bridge';
import type { InitialState } from '../../state/applyEvent';
import { Policy } from '../../state/permissions';
import type { Api, RealmChanges } from '../api';

export interface OrganizationActionsDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'updateRealm' | 'setDefaultStream' | 'uploadRealmIcon' | 'deleteRealmIcon'>;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
}

type MessagePolicy = OrganizationSettings['editTopicPolicy'];
type InvitePolicy = OrganizationSettings['invitePolicy'];

const messagePolicies: readonly number[] = [1, 2, 3, 4, 5];
const invitePolicies: readonly number[] = [1, 2, 3, 4, 6];

// A server newer than Zulip 7.0 may hold a policy the page does not offer;
// the page then shows the 7.0 default rather than refusing to open.
const messagePolicy = (value: unknown, fallback: MessagePolicy): MessagePolicy =>
  typeof value === 'number' && messagePolicies.includes(value)
    ? (value as MessagePolicy)
    : fallback;

const invitePolicy = (value: unknown): InvitePolicy =>
  typeof value === 'number' && invitePolicies.includes(value)
    ? (value as InvitePolicy)
    : Policy.members;

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
  const defaults = new Set(
    ((s['realm_default_streams'] as StateStream[] | undefined) ?? []).map(
      (stream) => stream.stream_id,
    ),
  );
  const notifications = s['realm_notifications_stream_id'];
  return {
    name: typeof s['realm_name'] === 'string' ? s['realm_name'] : '',
    description: typeof s['realm_description'] === 'string' ? s['realm_description'] : '',
    allowMessageEditing: s['realm_allow_message_editing'] !== false,
    editLimitSeconds: limit(s['realm_message_content_edit_limit_seconds']),
    editTopicPolicy: messagePolicy(s['realm_edit_topic_policy'], Policy.everyone),
    moveWithinStreamLimitSeconds: limit(s['realm_move_messages_within_stream_limit_seconds']),
    allowEditHistory: s['realm_allow_edit_history'] !== false,
    deleteOwnPolicy: messagePolicy(s['realm_delete_own_message_policy'], Policy.admins),
    deleteLimitSeconds: limit(s['realm_message_content_delete_limit_seconds']),
    invitePolicy: invitePolicy(s['realm_invite_to_realm_policy']),
    notificationsStreamId:
      typeof notifications === 'number' && notifications > 0 ? notifications : null,
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
} as const satisfies Record<keyof OrganizationChange, keyof RealmChanges>;

export function realmChangesOf(patch: OrganizationChange): RealmChanges {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const param = realmParams[field as keyof OrganizationChange];
    // Zulip turns the notifications stream off with -1, where the page says null.
    changes[param] = param === 'notifications_stream_id' && value === null ? -1 : value;
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
      throw new Error('Only administrators change the organization’s settings.');
    }
    await this.deps.api().updateRealm(realmChangesOf(patch));
  }

  /** Uploads `image` (base64) as the organization's icon, or, given null, removes the uploaded one. */
  async setIcon(image: string | null): Promise<void> {
    if (!this.settings().canEdit) {
      throw new Error('Only administrators change the organization’s icon.');
    }
    if (image === null) await this.deps.api().deleteRealmIcon();
    else await this.deps.api().uploadRealmIcon(Buffer.from(image, 'base64'));
  }

  async setDefaultStream(streamId: number, isDefault: boolean): Promise<void> {
    const stream = this.settings().streams.find((known) => known.streamId === streamId);
    if (!stream) throw new Error('Only public streams can be default streams.');
    await this.deps.api().setDefaultStream(streamId, isDefault);
  }
}
