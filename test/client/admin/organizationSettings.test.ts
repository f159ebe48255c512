import { describe, expect, it } from 'vitest';
import {
  organizationSettingsOf,
  realmChangesOf,
} from '../../../src-main/client/admin/organizationSettings';
import type { InitialState } from '../../../src-main/wire/registerState';

const system = (id: number, name: string) => ({
  id,
  name,
  description: '',
  members: [],
  direct_subgroup_ids: [],
  is_system_group: true,
});

// A Zulip 11 organization: its policies are group settings naming system groups.
const modern = {
  zulip_feature_level: 440,
  is_admin: true,
  realm_user_groups: [
    system(1, 'role:owners'),
    system(2, 'role:administrators'),
    system(3, 'role:moderators'),
    system(5, 'role:members'),
    system(6, 'role:everyone'),
    system(8, 'role:nobody'),
    { ...system(10, 'gardeners'), is_system_group: false },
  ],
  realm_can_move_messages_between_topics_group: 3,
  realm_can_delete_own_message_group: 6,
  realm_can_invite_users_group: 2,
  realm_message_edit_history_visibility_policy: 'none',
  realm_new_stream_announcements_stream_id: 20,
  realm_default_streams: [20],
  streams: [{ stream_id: 20, name: 'general', invite_only: false }],
} as unknown as InitialState;

describe('the organization settings page on a modern Zulip server', () => {
  it('shows each group setting as the role policy its system group stands for', () => {
    expect(organizationSettingsOf(modern)).toMatchObject({
      editTopicPolicy: 4,
      deleteOwnPolicy: 5,
      invitePolicy: 2,
      allowEditHistory: false,
      notificationsStreamId: 20,
      streams: [{ streamId: 20, name: 'general', isDefault: true }],
    });
  });

  it('sends a role policy as its system group, and renamed settings by their new names', () => {
    expect(
      realmChangesOf(
        {
          editTopicPolicy: 1,
          deleteOwnPolicy: 2,
          invitePolicy: 6,
          allowEditHistory: true,
          notificationsStreamId: null,
          name: 'Garden club',
        },
        modern,
      ),
    ).toEqual({
      can_move_messages_between_topics_group: { new: 5 },
      can_delete_own_message_group: { new: 2 },
      can_invite_users_group: { new: 8 },
      message_edit_history_visibility_policy: 'all',
      new_stream_announcements_stream_id: -1,
      name: 'Garden club',
    });
  });

  it('still speaks the role policies to a Zulip 7.0 server', () => {
    expect(
      realmChangesOf(
        { editTopicPolicy: 1, allowEditHistory: false, notificationsStreamId: 3 },
        {
          zulip_feature_level: 185,
        },
      ),
    ).toEqual({ edit_topic_policy: 1, allow_edit_history: false, notifications_stream_id: 3 });
  });

  it('shows a group its policies cannot name as that group, not as a policy', () => {
    const custom = {
      ...modern,
      realm_users: [{ user_id: 4, full_name: 'Alice' }],
      realm_can_move_messages_between_topics_group: 10,
      realm_can_delete_own_message_group: { direct_members: [4], direct_subgroups: [3] },
      realm_can_invite_users_group: 1,
    } as unknown as InitialState;
    expect(organizationSettingsOf(custom)).toMatchObject({
      editTopicPolicy: null,
      deleteOwnPolicy: null,
      // Zulip 7.0's invitation policies have no "owners only".
      invitePolicy: null,
      custom: {
        editTopicPolicy: 'gardeners',
        deleteOwnPolicy: 'Alice, Moderators',
        invitePolicy: 'Owners',
      },
    });
    expect(organizationSettingsOf(modern).custom).toEqual({});
  });
});
