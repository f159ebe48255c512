import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src-main/server/http/endpoint';
import { endpoints } from '../../src-main/server/http/routes';
import { startOrg, type ApiResponse, type Org, type TestUser } from '../helpers/org';

// Every parameter of every endpoint, given values no client should send:
// none may produce a 500, every answer is Zulip's error JSON, and a value that
// cannot be decoded is refused with 400 naming the parameter.

interface Fixture {
  org: Org;
  alice: TestUser;
  designId: number;
  messageId: number;
  queueId: () => Promise<string>;
}

type ValidCall = (f: Fixture) => Promise<Record<string, string>> | Record<string, string>;

let serial = 0;
const fresh = (prefix: string) => `${prefix}${Date.now()}x${++serial}`;

const sweptProfileField = async ({ org }: Fixture): Promise<number> =>
  (await org.api(org.owner)('POST', '/realm/profile_fields', { name: fresh('f'), field_type: 1 }))
    .json.id as number;

// A user of its own for each swept call that deactivates or changes one.
const sweptUser = async ({ org }: Fixture): Promise<number> =>
  (
    await org.api(org.owner)('POST', '/users', {
      email: `${fresh('swept')}@hearth.test`,
      password: 'long enough password',
      full_name: 'Swept Person',
    })
  ).json.user_id as number;

// An outgoing-webhook bot, whose URL PATCH /bots may change too; a public
// address, which the host takes without looking anything up.
const sweptBotUrl = JSON.stringify('http://93.184.216.34/swept');
const sweptBot = async ({ org }: Fixture): Promise<number> =>
  (
    await org.api(org.owner)('POST', '/bots', {
      full_name: fresh('Bot '),
      short_name: fresh('b'),
      bot_type: 3,
      payload_url: sweptBotUrl,
    })
  ).json.user_id as number;

const sweptGroup = async ({ org }: Fixture): Promise<number> =>
  (
    await org.api(org.owner)('POST', '/user_groups/create', {
      name: fresh('group'),
      description: '',
      members: [],
    })
  ).json.group_id as number;

// An email invitation of its own for each swept call that revokes or resends one.
const sweptEmailInvite = async ({ org }: Fixture): Promise<number> => {
  const email = `${fresh('emailed')}@example.com`;
  await org.api(org.owner)('POST', '/invites', { invitee_emails: email, stream_ids: [] });
  const { invites } = (await org.api(org.owner)('GET', '/invites')).json as {
    invites: { id: number; email?: string }[];
  };
  return invites.find((invite) => invite.email === email)?.id ?? 1;
};

const sweptDraft = { type: '', to: [], topic: '', content: 'swept draft' };
const sweptDraftId = async ({ org }: Fixture): Promise<number> =>
  (await org.api(org.owner)('POST', '/drafts', { drafts: [sweptDraft] })).json.ids[0] as number;

const sweptSnippetId = async ({ org }: Fixture): Promise<number> =>
  (await org.api(org.owner)('POST', '/saved_snippets', { title: fresh('s'), content: 'swept' }))
    .json.saved_snippet_id as number;

const sweptViewFragment = async ({ org }: Fixture): Promise<string> => {
  const fragment = fresh('narrow/is/swept');
  await org.api(org.owner)('POST', '/navigation_views', {
    fragment,
    is_pinned: true,
    name: fresh('View '),
  });
  return fragment;
};

const sweptFolderId = async ({ org }: Fixture): Promise<number> =>
  (
    await org.api(org.owner)('POST', '/channel_folders/create', {
      name: fresh('Folder '),
      description: '',
    })
  ).json.channel_folder_id as number;
const everyFolderId = async ({ org }: Fixture): Promise<number[]> =>
  (
    (await org.api(org.owner)('GET', '/channel_folders', { include_archived: true })).json
      .channel_folders as { id: number }[]
  ).map((folder) => folder.id);

const sweptLinkifier = {
  pattern: '#(?P<id>[0-9]+)',
  url_template: 'https://sweep.example.com/{id}',
};
const sweptLinkifierId = async ({ org }: Fixture): Promise<number> =>
  (await org.api(org.owner)('POST', '/realm/filters', sweptLinkifier)).json.id as number;
const sweptPlayground = () => ({
  name: fresh('Playground '),
  pygments_language: 'Python',
  url_template: 'https://sweep.example.com/?code={code}',
});
const sweptPlaygroundId = async ({ org }: Fixture): Promise<number> =>
  (await org.api(org.owner)('POST', '/realm/playgrounds', sweptPlayground())).json.id as number;

// A day ahead, to the owner alone: swept values are refused or scheduled,
// never sent mid-sweep, whatever other sweeps did to the channels.
const sweptScheduled = ({ org }: Fixture) => ({
  type: 'direct',
  to: JSON.stringify([org.owner.id]),
  content: 'for later',
  scheduled_delivery_timestamp: String(Math.floor(Date.now() / 1000) + 86_400),
});
const sweptScheduledId = async (f: Fixture): Promise<number> =>
  (await f.org.api(f.org.owner)('POST', '/scheduled_messages', sweptScheduled(f))).json
    .scheduled_message_id as number;

// A reminder a day ahead, as the scheduled messages are.
const sweptReminder = ({ messageId }: Fixture) => ({
  message_id: String(messageId),
  scheduled_delivery_timestamp: String(Math.floor(Date.now() / 1000) + 86_400),
  note: 'swept note',
});

// A stream of its own for each swept call that archives one.
const sweptStream = async ({ org }: Fixture): Promise<number> => {
  const name = fresh('archive');
  await org.subscribe(org.owner, name);
  return (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json
    .stream_id as number;
};

// A request each endpoint accepts; the sweep spoils one parameter at a time.
// An endpoint missing here fails the suite, so a new endpoint joins the sweep.
const validCalls: Record<string, ValidCall> = {
  'GET /server_settings': () => ({}),
  'POST /fetch_api_key': ({ alice }) => ({ username: alice.email, password: 'wrong' }),
  'POST /dev_fetch_api_key': ({ alice }) => ({ username: alice.email }),
  'GET /users/me': () => ({}),
  'GET /users': ({ alice }) => ({
    client_gravatar: 'false',
    include_custom_profile_fields: 'true',
    user_ids: JSON.stringify([alice.id]),
  }),
  'POST /users': () => ({
    email: `${fresh('u')}@hearth.test`,
    password: 'long enough password',
    full_name: 'Swept User',
  }),
  'GET /users/me/subscriptions': () => ({ include_subscribers: 'true' }),
  'GET /users/:user_id': ({ alice }) => ({
    user_id: String(alice.id),
    client_gravatar: 'false',
    include_custom_profile_fields: 'true',
  }),
  'PATCH /users/:user_id': async (f) => ({
    user_id: String(await sweptUser(f)),
    full_name: 'Renamed Person',
    role: '300',
  }),
  'DELETE /users/:user_id': async (f) => ({ user_id: String(await sweptUser(f)) }),
  'POST /users/:user_id/reactivate': async (f) => ({ user_id: String(await sweptUser(f)) }),
  'GET /users/:user_id/status': ({ alice }) => ({ user_id: String(alice.id) }),
  'POST /invites/multiuse': async (f) => ({
    invite_expires_in_minutes: '60',
    invite_as: '400',
    stream_ids: JSON.stringify([f.designId]),
    include_realm_default_subscriptions: 'true',
    group_ids: JSON.stringify([await sweptGroup(f)]),
  }),
  'GET /invites': () => ({}),
  'POST /invites': async (f) => ({
    invitee_emails: `${fresh('invitee')}@example.com`,
    invite_expires_in_minutes: '60',
    invite_as: '400',
    stream_ids: JSON.stringify([f.designId]),
    include_realm_default_subscriptions: 'true',
    group_ids: JSON.stringify([await sweptGroup(f)]),
    notify_referrer_on_join: 'false',
    welcome_message_custom_text: 'Welcome!',
  }),
  'DELETE /invites/:invite_id': async (f) => ({ invite_id: String(await sweptEmailInvite(f)) }),
  'POST /invites/:invite_id/resend': async (f) => ({
    invite_id: String(await sweptEmailInvite(f)),
  }),
  // The owner's key changes here, which is why the endpoint is listed last.
  'POST /users/me/api_key/regenerate': () => ({}),
  'DELETE /invites/multiuse/:invite_id': async ({ org }) => ({
    invite_id: String(
      ((await org.api(org.owner)('GET', '/invites')).json.invites as { id: number }[])[0]?.id ?? 1,
    ),
  }),
  'POST /hearth/join': async ({ org }) => ({
    key:
      /\/join\/([a-z0-9]+)\/$/.exec(
        (await org.api(org.owner)('POST', '/invites/multiuse', {})).json.invite_link as string,
      )?.[1] ?? '',
    email: `${fresh('joiner')}@hearth.test`,
    full_name: 'Swept Joiner',
    password: 'a fine password',
  }),
  'POST /bots': () => ({
    full_name: fresh('Swept Bot '),
    short_name: fresh('swept'),
    bot_type: '3',
    default_sending_stream: 'design',
    default_events_register_stream: 'design',
    default_all_public_streams: 'false',
    payload_url: sweptBotUrl,
    interface_type: '2',
  }),
  'GET /bots': () => ({}),
  'PATCH /bots/:bot_id': async (f) => ({
    bot_id: String(await sweptBot(f)),
    full_name: fresh('Renamed Bot '),
    short_name: fresh('readdressed'),
    bot_owner_id: String(f.org.owner.id),
    default_sending_stream: '',
    default_events_register_stream: 'design',
    default_all_public_streams: 'true',
    service_payload_url: sweptBotUrl,
    service_interface: '1',
  }),
  'POST /bots/:bot_id/api_key/regenerate': async (f) => ({ bot_id: String(await sweptBot(f)) }),
  'DELETE /bots/:bot_id': async (f) => ({ bot_id: String(await sweptBot(f)) }),
  'GET /bots/:bot_id/api_key': async (f) => ({ bot_id: String(await sweptBot(f)) }),
  'GET /bot_storage': () => ({ keys: JSON.stringify(['swept']) }),
  'PUT /bot_storage': () => ({ storage: JSON.stringify({ swept: 'value' }) }),
  'DELETE /bot_storage': () => ({ keys: JSON.stringify(['swept']) }),
  'GET /users/:user_id/subscriptions/:stream_id': async (f) => ({
    user_id: String(await sweptBot(f)),
    stream_id: String(f.designId),
  }),
  'GET /users/:user_id/channels': async (f) => ({ user_id: String(await sweptBot(f)) }),
  'PATCH /users/me/profile_data': async (f) => ({
    data: JSON.stringify([{ id: await sweptProfileField(f), value: 'swept' }]),
  }),
  'DELETE /users/me/profile_data': async (f) => ({
    data: JSON.stringify([await sweptProfileField(f)]),
  }),
  'GET /realm/profile_fields': () => ({}),
  'POST /realm/profile_fields': () => ({
    name: fresh('f'),
    hint: 'h',
    field_type: '3',
    field_data: '{"a":{"text":"A","order":"1"}}',
    display_in_profile_summary: 'false',
    required: 'true',
    editable_by_user: 'false',
    use_for_user_matching: 'false',
  }),
  'PATCH /realm/profile_fields': async ({ org }) => ({
    order: JSON.stringify(
      (
        (await org.api(org.owner)('GET', '/realm/profile_fields')).json.custom_fields as {
          id: number;
        }[]
      ).map((field) => field.id),
    ),
  }),
  'PATCH /realm/profile_fields/:field_id': async (f) => ({
    field_id: String(await sweptProfileField(f)),
    name: fresh('f'),
    hint: 'h',
    field_data: '{}',
    display_in_profile_summary: 'false',
    required: 'false',
    editable_by_user: 'true',
    use_for_user_matching: 'true',
  }),
  'DELETE /realm/profile_fields/:field_id': async (f) => ({
    field_id: String(await sweptProfileField(f)),
  }),
  'POST /users/me/subscriptions': () => ({
    subscriptions: JSON.stringify([{ name: fresh('s'), description: 'd' }]),
    principals: '[]',
    invite_only: 'false',
    history_public_to_subscribers: 'true',
    is_announcement_only: 'false',
    authorization_errors_fatal: 'true',
    announce: 'false',
  }),
  'DELETE /users/me/subscriptions': () => ({ subscriptions: '["design"]', principals: '[]' }),
  'POST /users/me/subscriptions/properties': ({ designId }) => ({
    subscription_data: JSON.stringify([
      { stream_id: designId, property: 'pin_to_top', value: true },
    ]),
  }),
  'PATCH /users/me/subscriptions/muted_topics': ({ designId }) => ({
    stream: 'design',
    stream_id: String(designId),
    topic: fresh('t'),
    op: 'add',
  }),
  'POST /user_topics': ({ designId }) => ({
    stream_id: String(designId),
    topic: fresh('t'),
    visibility_policy: '1',
  }),
  'GET /streams': () => ({
    include_public: 'true',
    include_web_public: 'false',
    include_subscribed: 'true',
    include_all_active: 'true',
    include_default: 'true',
    include_owner_subscribed: 'false',
    include_can_access_content: 'true',
  }),
  'GET /streams/:stream_id': ({ designId }) => ({ stream_id: String(designId) }),
  'GET /streams/:stream_id/members': ({ designId }) => ({ stream_id: String(designId) }),
  'GET /streams/:stream_id/email_address': ({ designId, org }) => ({
    stream_id: String(designId),
    sender_id: String(org.owner.id),
  }),
  'POST /channels/create': ({ alice }) => ({
    name: fresh('created'),
    description: 'swept channel',
    subscribers: JSON.stringify([alice.id]),
    invite_only: 'false',
  }),
  'GET /get_stream_id': () => ({ stream: 'design' }),
  'POST /default_streams': ({ designId }) => ({ stream_id: String(designId) }),
  'DELETE /default_streams': ({ designId }) => ({ stream_id: String(designId) }),
  // The sweep sends forms without a file; the icon's own tests send files.
  'POST /realm/test_welcome_bot_custom_message': () => ({
    welcome_message_custom_text: 'A swept welcome',
  }),
  'POST /realm/icon': () => ({}),
  'DELETE /realm/icon': () => ({}),
  // Below the 14 days' minimum, so that the sweep never closes the organization
  // it goes on sweeping; realmDeactivation.test.ts deactivates one.
  'POST /realm/deactivate': () => ({ deletion_delay_days: '1' }),
  // As for the icon, an emoji's own tests send files; the sweep's forms carry none.
  'GET /realm/emoji': () => ({}),
  'POST /realm/emoji/:emoji_name': () => ({ emoji_name: 'swept' }),
  'DELETE /realm/emoji/:emoji_name': () => ({ emoji_name: 'swept' }),
  'PATCH /realm': ({ designId }) => ({
    name: 'Sweep office',
    description: 'swept',
    allow_message_editing: 'true',
    message_content_edit_limit_seconds: '600',
    edit_topic_policy: '5',
    move_messages_within_stream_limit_seconds: '"unlimited"',
    allow_edit_history: 'true',
    message_edit_history_visibility_policy: 'all',
    add_custom_emoji_policy: '1',
    create_public_stream_policy: '1',
    create_private_stream_policy: '1',
    create_web_public_stream_policy: '7',
    delete_own_message_policy: '2',
    message_content_delete_limit_seconds: '600',
    invite_to_realm_policy: '1',
    enable_read_receipts: 'true',
    require_unique_names: 'false',
    enable_guest_user_indicator: 'false',
    enable_guest_user_dm_warning: 'false',
    zulip_update_announcements_stream_id: String(designId),
    new_stream_announcements_stream_id: String(designId),
    signup_announcements_stream_id: String(designId),
    moderation_request_channel_id: '-1',
    send_channel_events_messages: 'true',
    welcome_message_custom_text: 'Welcome to the swept organization',
    media_preview_size: '150',
    gif_rating_policy: '3',
    jitsi_server_url: '"https://jitsi.example.com"',
    video_chat_provider: '1',
    bot_creation_policy: '2',
    can_create_groups: '{"new": 5}',
  }),
  'GET /users/me/:stream_id/topics': ({ designId }) => ({ stream_id: String(designId) }),
  'POST /streams/:stream_id/delete_topic': async ({ org, designId }) => {
    // By ID: sweeping PATCH /streams may have renamed the stream by the time this runs.
    await org.api(org.owner)('POST', '/messages', {
      type: 'stream',
      to: designId,
      topic: 'doomed topic',
      content: 'delete my topic',
    });
    return { stream_id: String(designId), topic_name: 'doomed topic' };
  },
  'PATCH /settings/notifications': () => ({
    enable_stream_desktop_notifications: 'true',
    notification_sound: 'ding',
    desktop_icon_count_display: '1',
  }),
  'PATCH /settings': ({ alice }) => ({
    full_name: alice.fullName,
    enable_sounds: 'false',
    notification_sound: 'chime',
    desktop_icon_count_display: '2',
    email_notifications_batching_period_seconds: '300',
    twenty_four_hour_time: 'true',
    color_scheme: '2',
    web_home_view: 'all_messages',
    emojiset: 'text',
    web_font_size_px: '14',
    web_channel_default_view: '4',
    web_animate_image_previews: 'always',
    receives_typing_notifications: 'false',
  }),
  'POST /users/me/presence': () => ({
    status: 'active',
    ping_only: 'false',
    new_user_input: 'true',
    slim_presence: 'false',
  }),
  'GET /realm/presence': () => ({ slim_presence: 'true' }),
  'GET /users/:user_id_or_email/presence': ({ alice }) => ({ user_id_or_email: alice.email }),
  'POST /users/me/status': () => ({
    away: 'false',
    status_text: 'Sweeping',
    emoji_name: 'broom',
    emoji_code: '1f9f9',
    reaction_type: 'unicode_emoji',
  }),
  'POST /users/:user_id/status': ({ alice }) => ({
    user_id: String(alice.id),
    status_text: 'Sweeping',
    emoji_name: 'broom',
    emoji_code: '1f9f9',
    reaction_type: 'unicode_emoji',
  }),
  'POST /typing': ({ alice }) => ({
    type: 'direct',
    op: 'start',
    to: JSON.stringify([alice.id]),
    topic: 'sweep',
  }),
  'POST /messages/:message_id/typing': ({ messageId }) => ({
    message_id: String(messageId),
    op: 'start',
  }),
  'POST /messages/:message_id/report': ({ messageId }) => ({
    message_id: String(messageId),
    report_type: 'spam',
    description: 'swept',
  }),
  'POST /messages': () => ({
    type: 'stream',
    to: 'design',
    topic: 'sweep',
    content: 'hello',
    queue_id: '1:1',
    local_id: '1.01',
  }),
  'GET /messages': () => ({
    anchor: 'newest',
    use_first_unread_anchor: 'false',
    include_anchor: 'true',
    num_before: '5',
    num_after: '0',
    narrow: '[{"operator":"stream","operand":"design"}]',
    apply_markdown: 'true',
    client_gravatar: 'false',
  }),
  'GET /messages/:message_id': ({ messageId }) => ({
    message_id: String(messageId),
    apply_markdown: 'true',
  }),
  'GET /messages/:message_id/history': ({ messageId }) => ({ message_id: String(messageId) }),
  'GET /messages/:message_id/read_receipts': ({ messageId }) => ({
    message_id: String(messageId),
  }),
  'PATCH /messages/:message_id': ({ messageId }) => ({
    message_id: String(messageId),
    content: 'edited',
    topic: 'sweep',
    propagate_mode: 'change_one',
    send_notification_to_old_thread: 'false',
    send_notification_to_new_thread: 'false',
  }),
  'DELETE /messages/:message_id': async ({ org, alice }) => {
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'doomed',
      content: 'delete me',
    });
    return { message_id: String(sent.json.id) };
  },
  'POST /messages/:message_id/reactions': ({ messageId }) => ({
    message_id: String(messageId),
    emoji_name: 'octopus',
    emoji_code: '1f419',
    reaction_type: 'unicode_emoji',
  }),
  'DELETE /messages/:message_id/reactions': ({ messageId }) => ({
    message_id: String(messageId),
    emoji_name: 'octopus',
    emoji_code: '1f419',
    reaction_type: 'unicode_emoji',
  }),
  'POST /submessage': ({ messageId }) => ({
    message_id: String(messageId),
    msg_type: 'widget',
    content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }),
  }),
  'POST /messages/render': () => ({ content: '**swept** @**Alice** in #**design**' }),
  'POST /messages/flags': ({ messageId }) => ({
    messages: JSON.stringify([messageId]),
    op: 'add',
    flag: 'starred',
  }),
  'POST /messages/flags/narrow': ({ messageId }) => ({
    anchor: String(messageId),
    include_anchor: 'true',
    num_before: '1',
    num_after: '1',
    narrow: '[{"operator":"channel","operand":"design"}]',
    op: 'add',
    flag: 'read',
  }),
  'POST /mark_all_as_read': () => ({}),
  'POST /mark_stream_as_read': ({ designId }) => ({ stream_id: String(designId) }),
  'POST /mark_topic_as_read': ({ designId }) => ({
    stream_id: String(designId),
    topic_name: 'sweep',
  }),
  'POST /register': () => ({
    apply_markdown: 'true',
    client_gravatar: 'false',
    event_types: '["message"]',
    fetch_event_types: '["message"]',
    all_public_streams: 'false',
    include_subscribers: 'false',
    narrow: '[]',
    client_capabilities: '{"notification_settings_null":true}',
    slim_presence: 'false',
  }),
  'GET /events': async ({ queueId }) => ({
    queue_id: await queueId(),
    last_event_id: '-1',
    dont_block: 'true',
  }),
  'DELETE /events': async ({ queueId }) => ({ queue_id: await queueId() }),
  // Without a file: the file itself is swept in test/server/uploads.test.ts.
  'POST /user_uploads': () => ({}),
  'GET /attachments': () => ({}),
  'GET /users/me/alert_words': () => ({}),
  'GET /user_groups': () => ({}),
  'PATCH /streams/:stream_id': ({ designId }) => ({
    stream_id: String(designId),
    description: 'Swept',
  }),
  'DELETE /streams/:stream_id': async (f) => ({ stream_id: String(await sweptStream(f)) }),
  'POST /user_groups/create': () => ({ name: fresh('g'), description: '', members: '[]' }),
  'PATCH /user_groups/:user_group_id': async (f) => ({
    user_group_id: String(await sweptGroup(f)),
    description: 'swept',
  }),
  'POST /user_groups/:user_group_id/deactivate': async (f) => ({
    user_group_id: String(await sweptGroup(f)),
  }),
  'POST /user_groups/:user_group_id/members': async (f) => ({
    user_group_id: String(await sweptGroup(f)),
    add: `[${f.alice.id}]`,
  }),
  'GET /user_groups/:user_group_id/members': async (f) => ({
    user_group_id: String(await sweptGroup(f)),
  }),
  'GET /user_groups/:user_group_id/members/:user_id': async (f) => ({
    user_group_id: String(await sweptGroup(f)),
    user_id: String(f.alice.id),
    direct_member_only: 'true',
  }),
  'GET /user_groups/:user_group_id/subgroups': async (f) => ({
    user_group_id: String(await sweptGroup(f)),
    direct_subgroup_only: 'false',
  }),
  'POST /user_groups/:user_group_id/subgroups': async (f) => ({
    user_group_id: String(await sweptGroup(f)),
    add: '[2]',
  }),
  'POST /users/me/alert_words': () => ({ alert_words: '["sweep"]' }),
  'DELETE /users/me/alert_words': () => ({ alert_words: '["sweep"]' }),
  'POST /users/me/muted_users/:muted_user_id': async (f) => ({
    muted_user_id: String(await sweptUser(f)),
  }),
  'DELETE /users/me/muted_users/:muted_user_id': async (f) => {
    const id = await sweptUser(f);
    await f.org.api(f.org.owner)('POST', `/users/me/muted_users/${id}`);
    return { muted_user_id: String(id) };
  },
  'DELETE /attachments/:attachment_id': () => ({ attachment_id: '1' }),
  'GET /drafts': () => ({}),
  'POST /drafts': () => ({ drafts: JSON.stringify([sweptDraft]) }),
  'PATCH /drafts/:draft_id': async (f) => ({
    draft_id: String(await sweptDraftId(f)),
    draft: JSON.stringify(sweptDraft),
  }),
  'DELETE /drafts/:draft_id': async (f) => ({ draft_id: String(await sweptDraftId(f)) }),
  'POST /users/me/onboarding_steps': () => ({ onboarding_step: 'intro_resolve_topic' }),
  'GET /export/realm/consents': () => ({}),
  'POST /export/realm': () => ({ export_type: 'public' }),
  'GET /export/realm': () => ({}),
  'DELETE /export/realm/:export_id': () => ({ export_id: '9999' }),
  'GET /saved_snippets': () => ({}),
  'POST /saved_snippets': () => ({ title: fresh('snippet '), content: 'swept snippet' }),
  'PATCH /saved_snippets/:saved_snippet_id': async (f) => ({
    saved_snippet_id: String(await sweptSnippetId(f)),
    title: fresh('snippet '),
    content: 'swept again',
  }),
  'DELETE /saved_snippets/:saved_snippet_id': async (f) => ({
    saved_snippet_id: String(await sweptSnippetId(f)),
  }),
  'POST /register_client_device': () => ({}),
  'POST /remove_client_device': async (f) => ({
    device_id: String(
      (await f.org.api(f.org.owner)('POST', '/register_client_device')).json.device_id,
    ),
  }),
  'POST /mobile_push/register': () => ({
    device_id: '1',
    push_key_id: '2408',
    push_key: 'MTaUDJDMWypQ1WufZ1NRTHSSvgYtXh1qVNSjN3aBiEFt',
    token_kind: 'fcm',
    token_id: 'hGsEWGmyyfI=',
    bouncer_public_key: 'bouncer-public-key',
    encrypted_push_registration: 'encrypted-push-registration-data',
  }),
  'POST /mobile_push/e2ee/test_notification': () => ({ device_id: '1' }),
  'POST /mobile_push/test_notification': () => ({ token: 'swept-token' }),
  'POST /users/me/apns_device_token': () => ({
    token: 'YWJjZGVmZ2hpamtsbW5vcA==',
    appid: 'org.zulip.Zulip',
  }),
  'DELETE /users/me/apns_device_token': () => ({ token: 'YWJjZGVmZ2hpamtsbW5vcA==' }),
  'POST /users/me/android_gcm_reg_id': () => ({ token: 'swept-token' }),
  'DELETE /users/me/android_gcm_reg_id': () => ({ token: 'swept-token' }),
  'GET /navigation_views': () => ({}),
  'POST /navigation_views': () => ({
    fragment: fresh('narrow/is/'),
    is_pinned: 'true',
    name: fresh('View '),
  }),
  'PATCH /navigation_views/*': async (f) => ({
    '*': await sweptViewFragment(f),
    is_pinned: 'false',
  }),
  'DELETE /navigation_views/*': async (f) => ({ '*': await sweptViewFragment(f) }),
  'POST /calls/zoom/create': () => ({ is_video_call: 'false' }),
  'POST /calls/webex/create': () => ({}),
  'POST /calls/constructorgroups/create': () => ({}),
  'POST /calls/nextcloud_talk/create': () => ({ room_name: 'Swept call' }),
  'GET /calls/bigbluebutton/create': () => ({ meeting_name: 'Swept call', voice_only: 'true' }),
  'GET /channel_folders': () => ({ include_archived: 'true' }),
  'POST /channel_folders/create': () => ({ name: fresh('Folder '), description: 'swept folder' }),
  'PATCH /channel_folders': async (f) => ({ order: JSON.stringify(await everyFolderId(f)) }),
  'PATCH /channel_folders/:channel_folder_id': async (f) => ({
    channel_folder_id: String(await sweptFolderId(f)),
    name: fresh('Folder '),
    description: 'swept again',
    is_archived: 'false',
  }),
  'GET /scheduled_messages': () => ({}),
  'POST /scheduled_messages': sweptScheduled,
  'PATCH /scheduled_messages/:scheduled_message_id': async (f) => ({
    ...sweptScheduled(f),
    scheduled_message_id: String(await sweptScheduledId(f)),
    topic: 'ignored for a direct message',
    content: 'edited for later',
  }),
  'DELETE /scheduled_messages/:scheduled_message_id': async (f) => ({
    scheduled_message_id: String(await sweptScheduledId(f)),
  }),
  'GET /reminders': () => ({}),
  'POST /reminders': sweptReminder,
  'DELETE /reminders/:reminder_id': async (f) => ({
    reminder_id: String(
      (await f.org.api(f.org.owner)('POST', '/reminders', sweptReminder(f))).json.reminder_id,
    ),
  }),
  'GET /realm/linkifiers': () => ({}),
  'POST /realm/filters': () => sweptLinkifier,
  'PATCH /realm/filters/:filter_id': async (f) => ({
    filter_id: String(await sweptLinkifierId(f)),
    ...sweptLinkifier,
  }),
  'DELETE /realm/filters/:filter_id': async (f) => ({
    filter_id: String(await sweptLinkifierId(f)),
  }),
  'PATCH /realm/linkifiers': async (f) => ({
    ordered_linkifier_ids: JSON.stringify(
      (
        (await f.org.api(f.org.owner)('GET', '/realm/linkifiers')).json.linkifiers as {
          id: number;
        }[]
      ).map((linkifier) => linkifier.id),
    ),
  }),
  'POST /realm/playgrounds': sweptPlayground,
  'DELETE /realm/playgrounds/:playground_id': async (f) => ({
    playground_id: String(await sweptPlaygroundId(f)),
  }),
};

const key = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
// A path ending in `*` takes the rest of the URL as its `*` parameter.
const pathParams = (path: string) => [
  ...[...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string),
  ...(path.endsWith('/*') ? ['*'] : []),
];

// Values a decoder must cope with: wrong JSON types, nonsense, huge and
// empty values. A value the parameter's schema rejects must be named in a 400.
const jsonCandidates = [
  '"text"',
  '{}',
  '[]',
  '1.5',
  '-7',
  '0',
  'true',
  '[{"x":1}]',
  '[[1,2],[3]]',
  '99999999999999999999',
];
const textCandidates = ['', ' ', 'ünïcödé ✓', '%00', '../../etc/passwd', '-1'];
const invalidJson = ['{"unterminated', 'undefined', "['single']", '01'];

function expectErrorJson(response: ApiResponse, what: string): void {
  expect(response.status, what).toBeLessThan(500);
  expect(typeof response.json, what).toBe('object');
  expect(['success', 'error'], what).toContain(response.json.result);
  expect(typeof response.json.msg, what).toBe('string');
  if (response.json.result === 'error') {
    expect(response.status, what).toBeGreaterThanOrEqual(400);
    expect(typeof response.json.code, what).toBe('string');
  }
}

function expectNamed(response: ApiResponse, name: string, what: string): void {
  expect(response.status, what).toBe(400);
  expect(response.json, what).toMatchObject({ result: 'error', var_name: name });
  expect(response.json.msg, what).toContain(name);
}

describe('every endpoint against malformed input', () => {
  let fixture: Fixture;

  beforeAll(async () => {
    const org = await startOrg({ queueTimeouts: { heartbeatMs: 200 } });
    const alice = await org.user('alice');
    await org.subscribe(alice, 'design');
    await org.subscribe(org.owner, 'design');
    const sent = await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'design',
      topic: 'sweep',
      content: 'the swept message',
    });
    const designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json
      .stream_id as number;
    const queueId = async () =>
      (await org.api(org.owner)('POST', '/register', { event_types: ['message'] })).json
        .queue_id as string;
    fixture = { org, alice, designId, messageId: sent.json.id as number, queueId };
  });
  afterAll(() => fixture.org.close());

  it('knows a valid request for every endpoint', () => {
    const missing = endpoints.map(key).filter((name) => !(name in validCalls));
    expect(missing).toEqual([]);
  });

  const call = async (
    endpoint: Endpoint,
    params: Record<string, string | undefined>,
  ): Promise<ApiResponse> => {
    let path = endpoint.path;
    const body: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined) continue;
      if (path.includes(`:${name}`)) path = path.replace(`:${name}`, encodeURIComponent(value));
      else if (name === '*') path = `${path.slice(0, -1)}${encodeURIComponent(value)}`;
      else body[name] = value;
    }
    return fixture.org.api(fixture.org.owner)(endpoint.method, path, body);
  };

  for (const endpoint of endpoints) {
    describe(key(endpoint), () => {
      const valid = async () => validCalls[key(endpoint)]?.(fixture) ?? {};
      const inPath = new Set(pathParams(endpoint.path));

      it('answers its valid request without a server error', async () => {
        expectErrorJson(await call(endpoint, await valid()), 'valid request');
      });

      for (const [name, param] of Object.entries(endpoint.params)) {
        if (param.presence === 'required' && !inPath.has(name)) {
          it(`names ${name} when it is missing`, async () => {
            const response = await call(endpoint, { ...(await valid()), [name]: undefined });
            expect(response.status).toBe(400);
            expect(response.json).toMatchObject({
              result: 'error',
              code: 'REQUEST_VARIABLE_MISSING',
              var_name: name,
            });
          });
        }

        it(`refuses a NUL byte in ${name}, naming it`, async () => {
          const spoiled = param.encoding === 'json' ? '"a\\u0000b"' : 'a\0b';
          expectNamed(await call(endpoint, { ...(await valid()), [name]: spoiled }), name, 'NUL');
        });

        it(`survives an oversized ${name}`, async () => {
          const size = endpoint.method === 'GET' || inPath.has(name) ? 2_000 : 200_000;
          const huge =
            param.encoding === 'json'
              ? JSON.stringify(Array.from({ length: size / 8 }, (_, i) => i))
              : 'x'.repeat(size);
          expectErrorJson(await call(endpoint, { ...(await valid()), [name]: huge }), 'oversized');
        });

        if (param.encoding === 'json') {
          it(`names ${name} when it is not valid JSON`, async () => {
            for (const value of invalidJson) {
              const response = await call(endpoint, { ...(await valid()), [name]: value });
              expectNamed(response, name, value);
            }
          });

          it(`names ${name} when its JSON has the wrong type, and never fails on it`, async () => {
            for (const value of jsonCandidates) {
              const response = await call(endpoint, { ...(await valid()), [name]: value });
              expectErrorJson(response, `${name}=${value}`);
              if (!param.schema.safeParse(JSON.parse(value)).success) {
                expectNamed(response, name, `${name}=${value}`);
              }
            }
          });
        } else {
          it(`never fails on odd text in ${name}`, async () => {
            for (const value of textCandidates) {
              const response = await call(endpoint, { ...(await valid()), [name]: value });
              expectErrorJson(response, `${name}=${JSON.stringify(value)}`);
              if (!param.schema.safeParse(value).success) {
                expectNamed(response, name, `${name}=${JSON.stringify(value)}`);
              }
            }
          });
        }
      }
    });
  }
});
