import type { ChannelMessageRules, MessageRules } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { featureLevelOf, RoleNumber, roleNumberOf } from '../../permissions/rolePolicies';
import { channelsById } from '../../registerReads/channelsById';
import { channelPermissionsOf, readerMay } from '../../permissions/readerPermissions';

const seconds = (value: unknown): number | null =>
  typeof value === 'number' && value > 0 ? value : null;

// Zulip 10 (feature level 367) gave resolving its own setting, and no time limit.
const resolveWithoutLimitSince = 367;

/**
 * What the organization lets this reader do to messages, from the one place
 * permissions are decided (permissions/readerPermissions), with the time limits
 * the server holds them to. Before any state, nothing is offered that the
 * server could refuse.
 */
export function messageRulesOf(state: InitialState | null): MessageRules {
  const may = readerMay(state);
  const role = state ? roleNumberOf(state) : RoleNumber.guest;
  // Moderators and above move messages whatever their age.
  const moveLimit = (key: string) =>
    role <= RoleNumber.moderator ? null : seconds(state?.[`realm_${key}`]);
  const editTopicLimit = moveLimit('move_messages_within_stream_limit_seconds');
  const channels: Record<string, ChannelMessageRules> = {};
  const mayIn = channelPermissionsOf(state);
  // The reader's channels, and the archived ones whose history they may open.
  const subscribed = new Set((state?.subscriptions ?? []).map(({ stream_id }) => stream_id));
  const ruled = (state ? [...channelsById(state).values()] : []).filter(
    (channel) => subscribed.has(channel.stream_id) || channel['is_archived'] === true,
  );
  for (const channel of ruled) {
    const inChannel = mayIn(channel.stream_id);
    channels[String(channel.stream_id)] = {
      archived: channel['is_archived'] === true,
      editTopic: inChannel.editTopic,
      moveBetweenStreams: inChannel.moveOut,
      resolveTopic: inChannel.resolveTopic,
      deleteAny: inChannel.deleteAny,
      deleteOwn: inChannel.deleteOwn,
    };
  }
  return {
    editContent: may.editContent,
    editContentLimit: seconds(state?.['realm_message_content_edit_limit_seconds']),
    editTopic: may.editTopic,
    editTopicLimit,
    moveBetweenStreams: may.moveBetweenChannels,
    moveBetweenStreamsLimit: moveLimit('move_messages_between_streams_limit_seconds'),
    resolveTopic: may.resolveTopic,
    resolveTopicLimit:
      state && featureLevelOf(state) >= resolveWithoutLimitSince ? null : editTopicLimit,
    deleteAny: may.deleteAny,
    deleteOwn: may.deleteOwn,
    deleteOwnLimit: seconds(state?.['realm_message_content_delete_limit_seconds']),
    editHistory: may.editHistory !== 'none',
    channels,
  };
}
