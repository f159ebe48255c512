import { describe, expect, it } from 'vitest';
import { snapshotPermissions } from '../../../src-main/client/rules/snapshotPermissions';
import type { InitialState } from '../../../src-main/wire/registerState';

const groups = [
  { id: 2, name: 'role:administrators', members: [1], direct_subgroup_ids: [] },
  { id: 5, name: 'role:members', members: [4], direct_subgroup_ids: [2] },
  { id: 8, name: 'role:nobody', members: [], direct_subgroup_ids: [] },
];

describe('what the window offers beyond message actions', () => {
  it('follows a modern server’s group settings', () => {
    const state = {
      zulip_feature_level: 440,
      user_id: 4,
      realm_user_groups: groups,
      realm_can_create_public_channel_group: 5,
      realm_can_create_private_channel_group: 2,
      realm_can_invite_users_group: 8,
      realm_create_multiuse_invite_group: 5,
      realm_can_add_custom_emoji_group: 2,
      realm_direct_message_permission_group: 5,
      realm_can_create_bots_group: 2,
      realm_can_create_write_only_bots_group: 5,
    } as unknown as InitialState;
    expect(snapshotPermissions(state)).toEqual({
      createPublicChannel: true,
      createPrivateChannel: false,
      inviteByEmail: false,
      createInviteLink: true,
      addCustomEmoji: false,
      sendDirectMessage: true,
      createBots: false,
      createIncomingWebhookBots: true,
      // A modern server gives outgoing webhook bots to can_create_bots_group alone.
      createOutgoingWebhookBots: false,
      administerChannels: [],
      deleteTopics: false,
      // Linkifiers are for administrators on every server, alice is a member.
      manageLinkifiers: false,
    });
  });

  it.each([
    [{ is_owner: true }, true],
    [{ is_admin: true }, true],
    [{ is_moderator: true }, false],
    [{}, false],
  ])('offers deleting a topic to administrators and owners alone (%o)', (role, deleteTopics) => {
    for (const level of [185, 440]) {
      const state = { zulip_feature_level: level, user_id: 4, ...role } as InitialState;
      expect(snapshotPermissions(state).deleteTopics).toBe(deleteTopics);
    }
  });

  it('offers incoming webhook bots to those who may create any bot', () => {
    const state = {
      zulip_feature_level: 440,
      user_id: 4,
      realm_user_groups: groups,
      realm_can_create_bots_group: 5,
      realm_can_create_write_only_bots_group: 8,
    } as unknown as InitialState;
    expect(snapshotPermissions(state)).toMatchObject({
      createBots: true,
      createIncomingWebhookBots: true,
    });
  });

  it.each([
    [1, true, true],
    [2, false, true],
    [3, false, false],
  ])(
    'follows a Zulip 7.0 bot_creation_policy of %i for a member, outgoing webhooks with incoming ones',
    (policy, createBots, createIncomingWebhookBots) => {
      const member = { zulip_feature_level: 185, user_id: 4, realm_bot_creation_policy: policy };
      expect(snapshotPermissions(member)).toMatchObject({
        createBots,
        createIncomingWebhookBots,
        createOutgoingWebhookBots: createIncomingWebhookBots,
      });
    },
  );

  it('follows a Zulip 7.0 server’s role policies', () => {
    const guest = {
      zulip_feature_level: 185,
      user_id: 6,
      is_guest: true,
      realm_create_public_stream_policy: 1,
      realm_private_message_policy: 1,
    };
    expect(snapshotPermissions(guest)).toMatchObject({
      createPublicChannel: false,
      createInviteLink: false,
      sendDirectMessage: true,
      createBots: false,
      createIncomingWebhookBots: false,
    });
  });
});
