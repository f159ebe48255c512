import { z } from 'zod';
import { BotCreationPolicy } from '../../actions/botAccess';
import { groupSettingChange } from '../../actions/groupSettingChange';
import { Policy } from '../../../permissions/rolePolicies';
import { realmGroupSettingColumns } from '../../store/realm';
import { deleteRealmIcon, MAX_ICON_FILE_SIZE_MIB, uploadRealmIcon } from '../../actions/realmIcon';
import { updateRealm } from '../../actions/updateRealm';
import { testWelcomeBotCustomMessage } from '../../actions/welcomeBot';
import { errors } from '../../errors';
import { userEndpoint } from '../endpoint';
import { groupSettingParams } from '../groupSettingParams';
import { realmTopicsPolicies } from '../../actions/topicsPolicy';
import { topicsPolicyParam } from '../topicsPolicyParam';
import { optional, required } from '../params';
import { intIn } from '../possibleValues';

// Zulip 7.0's Realm.MAX_REALM_NAME_LENGTH and MAX_REALM_DESCRIPTION_LENGTH.
const MAX_REALM_NAME_LENGTH = 40;
const MAX_REALM_DESCRIPTION_LENGTH = 1000;

const flag = () => optional('json', z.boolean());

const oneOf = (values: readonly number[]) =>
  optional(
    'json',
    z
      .number()
      .int()
      .refine((value) => values.includes(value), {
        message: `must be one of ${values.join(', ')}`,
      }),
  );

// Zulip's parse_message_time_limit_setting: a positive number of seconds, or
// "unlimited", which is stored and announced as null.
const timeLimit = () =>
  optional(
    'json',
    z.union([z.literal('unlimited').transform(() => null), z.number().int().positive()]),
  );

const messagePolicies = [
  Policy.members,
  Policy.admins,
  Policy.fullMembers,
  Policy.moderators,
  Policy.everyone,
];

// Zulip 7.0's COMMON_POLICY_TYPES and CREATE_WEB_PUBLIC_STREAM_POLICY_TYPES.
const commonPolicies = [Policy.members, Policy.admins, Policy.fullMembers, Policy.moderators];
const webPublicPolicies = [Policy.admins, Policy.moderators, Policy.nobody, Policy.owners];

const invitePolicies = [
  Policy.members,
  Policy.admins,
  Policy.fullMembers,
  Policy.moderators,
  Policy.nobody,
];

/**
 * PATCH /realm, for the organization settings Hearth lets administrators
 * change: Zulip 7.0's, and the group settings that replaced its role policies.
 */
export const updateRealmEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/realm',
  params: {
    name: optional('text', z.string().max(MAX_REALM_NAME_LENGTH)),
    description: optional('text', z.string().max(MAX_REALM_DESCRIPTION_LENGTH)),
    allow_message_editing: flag(),
    message_content_edit_limit_seconds: timeLimit(),
    edit_topic_policy: oneOf(messagePolicies),
    move_messages_within_stream_limit_seconds: timeLimit(),
    // Zulip 7.0's, replaced by the visibility policy at feature level 358.
    allow_edit_history: flag(),
    // Checked by updateRealm, which words a refusal as Zulip's parse_enum_from_string_value.
    message_edit_history_visibility_policy: optional('text', z.string()),
    delete_own_message_policy: oneOf(messagePolicies),
    message_content_delete_limit_seconds: timeLimit(),
    invite_to_realm_policy: oneOf(invitePolicies),
    // Zulip's MOVE_MESSAGES_BETWEEN_STREAMS_POLICY_TYPES are its invitation policies.
    move_messages_between_streams_policy: oneOf(invitePolicies),
    move_messages_between_streams_limit_seconds: timeLimit(),
    // Zulip 7.0's role policies that feature levels 264, 266 and 307 replaced.
    add_custom_emoji_policy: oneOf(commonPolicies),
    create_public_stream_policy: oneOf(commonPolicies),
    create_private_stream_policy: oneOf(commonPolicies),
    create_web_public_stream_policy: oneOf(webPublicPolicies),
    enable_read_receipts: flag(),
    // Zulip 8.0 to 10.0's organization settings (feature levels 216, 242, 246 and 348).
    enable_guest_user_indicator: flag(),
    enable_guest_user_dm_warning: flag(),
    require_unique_names: flag(),
    zulip_update_announcements_stream_id: optional('json', z.number().int()),
    require_e2ee_push_notifications: flag(),
    // Zulip 9 to 12's organization settings (feature levels 212, 241, 331, 434, 453 and 469).
    new_stream_announcements_stream_id: optional('json', z.number().int()),
    signup_announcements_stream_id: optional('json', z.number().int()),
    moderation_request_channel_id: optional('json', z.number().int()),
    send_channel_events_messages: flag(),
    // Zulip 11 (feature level 416); its length is checked by updateRealm.
    welcome_message_custom_text: optional('text', z.string()),
    media_preview_size: optional('json', intIn([100, 150, 200])),
    gif_rating_policy: optional('json', z.number().int()),
    jitsi_server_url: optional('json', z.string()),
    video_chat_provider: optional('json', z.number().int()),
    bot_creation_policy: oneOf(Object.values(BotCreationPolicy)),
    default_language: optional('text', z.string()),
    topics_policy: topicsPolicyParam(realmTopicsPolicies),
    // Zulip 12's (feature level 456); checked by updateRealm.
    default_avatar_source: optional('text', z.string()),
    ...groupSettingParams(realmGroupSettingColumns, groupSettingChange),
  },
  handle: ({ services, params, user }) => {
    // A Zulip web client keeps a blank name from being saved; Hearth's host
    // refuses it too, since every client shows the organization by its name.
    if (params.name !== undefined && params.name.trim() === '') {
      throw errors.invalidArgument('name', 'must not be empty');
    }
    const name = params.name?.trim();
    return updateRealm(services, user, { ...params, name });
  },
});

/** Zulip 11's POST /realm/test_welcome_bot_custom_message (feature level 416). */
export const testWelcomeBotCustomMessageEndpoint = userEndpoint({
  method: 'POST',
  path: '/realm/test_welcome_bot_custom_message',
  params: { welcome_message_custom_text: required('text', z.string()) },
  handle: ({ services, params, user }) => ({
    message_id: testWelcomeBotCustomMessage(services, user, params.welcome_message_custom_text),
  }),
});

/** Zulip 7.0's POST /realm/icon: one image file, for administrators. */
export const uploadRealmIconEndpoint = userEndpoint({
  method: 'POST',
  path: '/realm/icon',
  params: {},
  maxFileBytes: MAX_ICON_FILE_SIZE_MIB * 1024 * 1024,
  handle: ({ services, user, files }) => {
    const [file] = files;
    if (!file || files.length !== 1) throw errors.badRequest('You must upload exactly one icon.');
    return { icon_url: uploadRealmIcon(services, user, file.data) };
  },
});

export const deleteRealmIconEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/realm/icon',
  params: {},
  handle: ({ services, user }) => ({ icon_url: deleteRealmIcon(services, user) }),
});
