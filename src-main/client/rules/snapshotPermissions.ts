import type { Snapshot } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { channelPermissionsOf, readerMay } from '../../permissions/readerPermissions';

/** What the window may offer beyond message actions, from the one place permissions are decided. */
export function snapshotPermissions(state: InitialState | null): Snapshot['may'] {
  const may = readerMay(state);
  const mayIn = channelPermissionsOf(state);
  return {
    createPublicChannel: may.createPublicChannel,
    createPrivateChannel: may.createPrivateChannel,
    inviteByEmail: may.invite,
    createInviteLink: may.createInviteLink,
    addCustomEmoji: may.addCustomEmoji,
    sendDirectMessage: may.sendDirectMessage,
    createBots: may.createBots,
    // Zulip's can_create_write_only_bots_group adds to those who may create any bot.
    createIncomingWebhookBots: may.createBots || may.createWriteOnlyBots,
    createOutgoingWebhookBots: may.createOutgoingWebhookBots,
    administerChannels: (state?.subscriptions ?? [])
      .map((subscription) => subscription.stream_id)
      .filter((streamId) => mayIn(streamId).administer),
    deleteTopics: may.deleteTopics,
    manageLinkifiers: may.manageLinkifiers,
  };
}
