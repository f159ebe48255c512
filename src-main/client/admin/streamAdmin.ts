import type {
  StreamAdminChange,
  StreamAdminSettings,
  StreamPostPolicy,
} from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { channelsById } from '../../registerReads/channelsById';
import { groupIdNamed, isGroupSettingValue } from '../../permissions/groupSettings';
import { featureLevelOf } from '../../permissions/rolePolicies';
import { channelSettingSince, readerMay } from '../../permissions/readerPermissions';
import type { Api, StreamChanges } from '../api';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import { groupSettingWords } from '../rules/groupSettingWords';
import { channelFoldersOf, folderIdOf } from '../views/channelFolders';

export interface StreamAdminDeps {
  cache: Pick<Cache, 'subscription'>;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'updateStream' | 'archiveStream' | 'createChannelFolder'>;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
}

const postPolicies: readonly number[] = [1, 2, 3, 4];

// Zulip 11 (feature level 389): channel folders, which administrators make.
const channelFoldersSince = 389;

// Servers before Zulip 3.0 say only is_announcement_only: administrators alone post.
const postPolicyOf = (policy: number | undefined, announcementOnly: boolean | undefined) =>
  (policy !== undefined && postPolicies.includes(policy)
    ? policy
    : announcementOnly === true
      ? 2
      : 1) as StreamPostPolicy;

// Each posting policy as the system group that means the same, for servers
// that keep who may post as can_send_message_group.
const postGroups: Record<StreamPostPolicy, string> = {
  1: 'role:everyone',
  2: 'role:administrators',
  3: 'role:fullmembers',
  4: 'role:moderators',
};

/** Whether the server keeps who may post in the channel as a group setting. */
function sendGroupOf(state: InitialState | null, streamId: number) {
  if (!state || featureLevelOf(state) < channelSettingSince('can_send_message_group')) return null;
  const value = channelsById(state).get(streamId)?.['can_send_message_group'];
  return isGroupSettingValue(value) ? value : null;
}

/**
 * PATCH /streams/{stream_id}'s parameters for what the form changed, in the
 * words of the server at hand: who may post goes as its system group where
 * the server keeps can_send_message_group, with the value the form was
 * opened on, so that a change someone made meanwhile is not overwritten.
 */
export function streamChangesOf(
  patch: StreamAdminChange,
  state: InitialState | null,
  streamId: number,
): StreamChanges {
  const changes: StreamChanges = {};
  if (patch.name !== undefined) changes.new_name = patch.name;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.isPrivate !== undefined) changes.is_private = patch.isPrivate;
  if (patch.historyPublic !== undefined)
    changes.history_public_to_subscribers = patch.historyPublic;
  if (patch.postPolicy !== undefined) {
    const current = sendGroupOf(state, streamId);
    if (current === null) {
      changes.stream_post_policy = patch.postPolicy;
    } else {
      const group = groupIdNamed(state?.realm_user_groups ?? [], postGroups[patch.postPolicy]);
      if (group === null) throw new Error(mt('main.groups.unsaid'));
      changes.can_send_message_group = { new: group, old: current };
    }
  }
  if (patch.folderId !== undefined) changes.folder_id = patch.folderId;
  return changes;
}

/**
 * A stream's own settings for whoever administers it: read from the cache
 * and the register state, which the server's stream update events keep
 * current, and changed on the server only, which judges who may
 * (organization administrators, and from Zulip 10 the channel's
 * can_administer_channel_group).
 */
export class StreamAdmin {
  constructor(private readonly deps: StreamAdminDeps) {}

  settings(streamId: number): StreamAdminSettings {
    const stream = this.deps.cache.subscription(streamId);
    if (!stream) throw new Error(mt('main.channels.notSubscribed'));
    const state = this.deps.state();
    const settings: StreamAdminSettings = {
      streamId,
      name: stream.name,
      description: stream.description,
      isPrivate: stream.invite_only,
      // Zulip's default where a server leaves it out: history is public.
      historyPublic: stream.history_public_to_subscribers ?? true,
      postPolicy: postPolicyOf(stream.stream_post_policy, stream.is_announcement_only),
      folderId: folderIdOf(state, state ? channelsById(state).get(streamId) : undefined),
    };
    // Zulip 10's archived channels keep their members (feature level 315).
    if (state && featureLevelOf(state) >= 315) settings.archiveKeepsMembers = true;
    // Zulip 11's channel folders: offered where the organization made some.
    const folders = channelFoldersOf(state);
    if (folders.length > 0) settings.folders = folders;
    if (state?.is_admin === true && featureLevelOf(state) >= channelFoldersSince) {
      settings.mayCreateFolder = true;
    }
    const sendGroup = sendGroupOf(state, streamId);
    if (sendGroup !== null) {
      const groups = state?.realm_user_groups ?? [];
      const policy = postPolicies.find(
        (each) => groupIdNamed(groups, postGroups[each as StreamPostPolicy]) === sendGroup,
      );
      settings.postPolicy = (policy ?? null) as StreamPostPolicy | null;
      if (policy === undefined) settings.postCustom = groupSettingWords(state, sendGroup);
    }
    // Zulip asks a change of privacy the setting for creating a channel of the other kind.
    const may = readerMay(state);
    if (state && !(stream.invite_only ? may.createPublicChannel : may.createPrivateChannel)) {
      settings.privacyLocked = true;
    }
    return settings;
  }

  /**
   * A new folder is made first, as Zulip's web app makes one from a channel's
   * settings: should the change then fail, the folder stays, for another try.
   */
  async change(streamId: number, patch: StreamAdminChange): Promise<void> {
    const { newFolderName, ...rest } = patch;
    const api = this.deps.api();
    const filed =
      newFolderName === undefined
        ? rest
        : { ...rest, folderId: await api.createChannelFolder(newFolderName, '') };
    await api.updateStream(streamId, streamChangesOf(filed, this.deps.state(), streamId));
  }

  async archive(streamId: number): Promise<void> {
    await this.deps.api().archiveStream(streamId);
  }
}
