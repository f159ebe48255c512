import type { Channels } from './channels';
import type { People } from './people';
import type { Seeding } from './seeding';

/** Bob's alert words, set before the messages that hold them are sent. */
export async function seedAlertWords(seeding: Seeding, { bob }: People): Promise<void> {
  await seeding.call(bob, 'bob picks alert words', 'POST', '/users/me/alert_words', {
    alert_words: ['deadline', 'Orange'],
  });
}

/**
 * Every user setting today's host stores, each away from Zulip 7.0's
 * default, for Alice; a few for Bob; Alice's name and time zone too.
 */
export async function seedUserSettings(seeding: Seeding, { alice, bob }: People): Promise<void> {
  await seeding.call(alice, 'alice changes every setting', 'PATCH', '/settings', {
    full_name: 'Alice Lamp',
    timezone: 'Europe/Paris',
    enable_stream_desktop_notifications: true,
    enable_stream_email_notifications: true,
    enable_stream_push_notifications: true,
    enable_stream_audible_notifications: true,
    notification_sound: 'chime',
    enable_desktop_notifications: false,
    enable_sounds: false,
    enable_offline_email_notifications: false,
    enable_offline_push_notifications: false,
    enable_online_push_notifications: false,
    enable_digest_emails: false,
    enable_login_emails: false,
    message_content_in_email_notifications: false,
    pm_content_in_desktop_notifications: false,
    wildcard_mentions_notify: false,
    desktop_icon_count_display: 2,
    realm_name_in_notifications: true,
    enable_marketing_emails: false,
    presence_enabled: false,
    email_notifications_batching_period_seconds: 3600,
    twenty_four_hour_time: true,
    dense_mode: false,
    web_mark_read_on_scroll_policy: 2,
    starred_message_counts: false,
    fluid_layout_width: true,
    high_contrast_mode: true,
    color_scheme: 2,
    translate_emoticons: true,
    display_emoji_reaction_users: false,
    default_language: 'fr',
    default_view: 'all_messages',
    escape_navigates_to_default_view: false,
    left_side_userlist: true,
    emojiset: 'twitter',
    demote_inactive_streams: 2,
    user_list_style: 3,
    enable_drafts_synchronization: false,
    enter_sends: true,
    send_private_typing_notifications: false,
    send_stream_typing_notifications: false,
    send_read_receipts: false,
    email_address_visibility: 5,
  });
  await seeding.call(bob, 'bob changes a few settings', 'PATCH', '/settings', {
    twenty_four_hour_time: true,
    emojiset: 'google-blob',
  });
}

/** Statuses (a Unicode emoji, a custom one, away), presence, and mutes of people and topics. */
export async function seedPresenceAndMutes(
  seeding: Seeding,
  { alice, bob, mona, adam, gus, dora }: People,
  channels: Channels,
): Promise<void> {
  await seeding.call(alice, 'alice sets a status', 'POST', '/users/me/status', {
    status_text: 'Lighting lamps',
    emoji_name: 'fire',
  });
  await seeding.call(bob, 'bob sets a status', 'POST', '/users/me/status', {
    status_text: 'Polishing',
    emoji_name: 'shipit',
  });
  await seeding.call(mona, 'mona goes away', 'POST', '/users/me/status', { away: true });
  for (const [user, status] of [
    [alice, 'active'],
    [bob, 'idle'],
    [adam, 'active'],
  ] as const) {
    await seeding.call(user, `${user.email} is ${status}`, 'POST', '/users/me/presence', {
      status,
    });
  }
  await seeding.call(alice, 'alice mutes gus', 'POST', `/users/me/muted_users/${gus.id}`);
  await seeding.call(bob, 'bob mutes dora', 'POST', `/users/me/muted_users/${dora.id}`);
  const topic = (user: typeof alice, stream_id: number, name: string, visibility_policy: number) =>
    seeding.call(user, `${user.email} sets ${name}'s visibility`, 'POST', '/user_topics', {
      stream_id,
      topic: name,
      visibility_policy,
    });
  await topic(alice, channels.design, 'typography', 1);
  await topic(alice, channels.watercooler, 'coffee', 2);
  await topic(bob, channels.design, '✔ launch', 1);
}

/** Bob's drafts: to a channel's topic, to a person, and to nobody yet. */
export async function seedDrafts(
  seeding: Seeding,
  { alice, bob }: People,
  channels: Channels,
): Promise<void> {
  const timestamp = seeding.now;
  await seeding.call(bob, 'bob keeps drafts', 'POST', '/drafts', {
    drafts: [
      {
        type: 'stream',
        to: [channels.design],
        topic: 'colours',
        content: 'I think crimson',
        timestamp,
      },
      { type: 'private', to: [alice.id], topic: '', content: 'About lunch…', timestamp },
      { type: '', to: [], topic: '', content: 'Untitled thought', timestamp: timestamp + 1 },
    ],
  });
}
