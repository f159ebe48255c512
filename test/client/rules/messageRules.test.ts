import { describe, expect, it } from 'vitest';
import { messageRulesOf } from '../../../src-main/client/rules/messageRules';
import type { InitialState } from '../../../src-main/wire/registerState';

// A Zulip 7.0 organization's register state, as it is for a new organization.
const realm = {
  realm_allow_message_editing: true,
  realm_message_content_edit_limit_seconds: 600,
  realm_edit_topic_policy: 5,
  realm_move_messages_within_stream_limit_seconds: 259_200,
  realm_delete_own_message_policy: 2,
  realm_message_content_delete_limit_seconds: null,
  realm_allow_edit_history: true,
  realm_move_messages_between_streams_policy: 2,
  realm_move_messages_between_streams_limit_seconds: 604_800,
};

describe('what the organization lets the reader do to messages', () => {
  it('gives a member ten minutes of edits, topics for three days, and no deletion', () => {
    expect(messageRulesOf({ ...realm, is_admin: false })).toEqual({
      editContent: true,
      editContentLimit: 600,
      editTopic: true,
      editTopicLimit: 259_200,
      moveBetweenStreams: false,
      moveBetweenStreamsLimit: 604_800,
      deleteAny: false,
      deleteOwn: false,
      resolveTopic: true,
      resolveTopicLimit: 259_200,
      deleteOwnLimit: null,
      editHistory: true,
      channels: {},
    });
  });

  it('lets whom move_messages_between_streams_policy names move to another stream', () => {
    expect(messageRulesOf({ ...realm, is_admin: true })).toMatchObject({
      moveBetweenStreams: true,
      moveBetweenStreamsLimit: null,
    });
    const members = { ...realm, realm_move_messages_between_streams_policy: 1 };
    expect(messageRulesOf(members)).toMatchObject({
      moveBetweenStreams: true,
      moveBetweenStreamsLimit: 604_800,
    });
    expect(messageRulesOf({ ...members, is_guest: true }).moveBetweenStreams).toBe(false);
  });

  it('frees moderators of the topic limit and lets administrators delete anything', () => {
    expect(messageRulesOf({ ...realm, is_moderator: true })).toMatchObject({
      editTopicLimit: null,
      deleteAny: false,
    });
    expect(messageRulesOf({ ...realm, is_admin: true })).toMatchObject({
      editTopicLimit: null,
      deleteAny: true,
      deleteOwn: true,
    });
  });

  it('follows the policies: moderators only for topics, members for their own deletions', () => {
    const strict = {
      ...realm,
      realm_edit_topic_policy: 4,
      realm_delete_own_message_policy: 1,
      realm_message_content_delete_limit_seconds: 3600,
    };
    expect(messageRulesOf(strict)).toMatchObject({
      editTopic: false,
      deleteOwn: true,
      deleteOwnLimit: 3600,
    });
    expect(messageRulesOf({ ...strict, is_guest: true })).toMatchObject({ deleteOwn: false });
    expect(messageRulesOf({ ...strict, is_moderator: true })).toMatchObject({ editTopic: true });
  });

  it('offers nothing the server could refuse before the server has said anything', () => {
    const none = messageRulesOf(null);
    expect([none.editContent, none.editTopic, none.deleteAny, none.deleteOwn]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('what a modern Zulip server lets the reader do to messages', () => {
  // Zulip 11 (feature level 440): group settings, and channels with their own.
  const members = 5;
  const nobody = 8;
  const modern = {
    zulip_feature_level: 440,
    user_id: 4,
    realm_user_groups: [
      { id: members, name: 'role:members', members: [4], direct_subgroup_ids: [] },
      { id: nobody, name: 'role:nobody', members: [], direct_subgroup_ids: [] },
    ],
    realm_allow_message_editing: true,
    realm_move_messages_within_stream_limit_seconds: 259_200,
    realm_can_move_messages_between_channels_group: nobody,
    realm_can_move_messages_between_topics_group: members,
    realm_can_resolve_topics_group: members,
    realm_can_delete_own_message_group: nobody,
    realm_message_edit_history_visibility_policy: 'none',
    subscriptions: [
      { stream_id: 20, name: 'garden', can_move_messages_out_of_channel_group: members },
      { stream_id: 21, name: 'kitchen' },
    ],
  } as unknown as InitialState;

  it('offers a move out of the one channel that allows it, and resolving with no time limit', () => {
    const rules = messageRulesOf(modern);
    expect(rules).toMatchObject({
      moveBetweenStreams: false,
      editTopic: true,
      editTopicLimit: 259_200,
      resolveTopic: true,
      resolveTopicLimit: null,
      deleteOwn: false,
      editHistory: false,
    });
    expect(rules.channels['20']).toMatchObject({ moveBetweenStreams: true, editTopic: true });
    expect(rules.channels['21']).toMatchObject({ moveBetweenStreams: false, editTopic: true });
  });

  it('marks an archived channel, subscribed or not, whose messages take no change at all', () => {
    const archiving = {
      ...modern,
      subscriptions: [
        { stream_id: 20, name: 'garden', is_archived: true },
        { stream_id: 21, name: 'kitchen' },
      ],
      never_subscribed: [{ stream_id: 22, name: 'attic', is_archived: true }],
      unsubscribed: [{ stream_id: 23, name: 'cellar' }],
      is_admin: true,
    } as unknown as InitialState;
    const rules = messageRulesOf(archiving);
    const nothing = {
      archived: true,
      editTopic: false,
      moveBetweenStreams: false,
      resolveTopic: false,
      deleteAny: false,
      deleteOwn: false,
    };
    expect(rules.channels['20']).toEqual(nothing);
    expect(rules.channels['22']).toEqual(nothing);
    expect(rules.channels['21']).toMatchObject({
      archived: false,
      editTopic: true,
      deleteAny: true,
    });
    expect(rules.channels['23']).toBeUndefined();
  });
});
