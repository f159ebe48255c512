import { solidPng } from '../../test/helpers/uploads';
import type { Channels } from './channels';
import type { People } from './people';
import type { Seeding } from './seeding';

/** The pictures the organization holds besides uploads; the test downloads them again. */
export const organizationImages = {
  icon: solidPng(24, [200, 90, 40]),
  shipit: solidPng(16, [60, 140, 220]),
  retired: solidPng(16, [90, 90, 90]),
};

/** The organization's custom emoji (one retired), linkifiers and code playground. */
export async function seedRealmExtras(seeding: Seeding, { olive, alice }: People): Promise<void> {
  for (const name of ['shipit', 'retired'] as const) {
    await seeding.postImage(alice, `alice adds :${name}:`, `/realm/emoji/${name}`, {
      name: 'file',
      data: organizationImages[name],
    });
  }
  await seeding.call(alice, 'alice retires :retired:', 'DELETE', '/realm/emoji/retired');
  const linkifiers = [
    ['#(?P<id>[0-9]+)', 'https://tracker.example.com/issues/{id}'],
    ['LAMP-(?P<id>[0-9]+)', 'https://lamps.example.com/browse/LAMP-{id}'],
  ] as const;
  for (const [pattern, url_template] of linkifiers) {
    await seeding.call(olive, `the linkifier ${pattern}`, 'POST', '/realm/filters', {
      pattern,
      url_template,
    });
  }
  await seeding.call(olive, 'a code playground', 'POST', '/realm/playgrounds', {
    name: 'Rust playground',
    pygments_language: 'Rust',
    url_prefix: 'https://play.rust-lang.org/?code=',
  });
}

/**
 * A custom profile field of each of Zulip 7.0's eight types (and a custom
 * external account), reordered once, with Alice's values for all of them
 * and Bob's for two.
 */
export async function seedProfileFields(
  seeding: Seeding,
  { olive, alice, bob, mona }: People,
): Promise<void> {
  const field = async (what: string, params: Record<string, unknown>) =>
    (await seeding.call(olive, what, 'POST', '/realm/profile_fields', params)).id as number;
  const desk = await field('Desk', {
    name: 'Desk',
    hint: 'Where to find you',
    field_type: 1,
    display_in_profile_summary: true,
  });
  const biography = await field('Biography', { name: 'Biography', field_type: 2 });
  const lamp = await field('Favourite lamp', {
    name: 'Favourite lamp',
    field_type: 3,
    field_data: { oil: { text: 'Oil lamp', order: '1' }, gas: { text: 'Gas lamp', order: '2' } },
  });
  const birthday = await field('Birthday', { name: 'Birthday', field_type: 4 });
  const website = await field('Website', { name: 'Website', hint: 'Your own page', field_type: 5 });
  const mentor = await field('Mentor', { name: 'Mentor', field_type: 6 });
  const github = await field('GitHub', { field_type: 7, field_data: { subtype: 'github' } });
  const pronouns = await field('Pronouns', {
    name: 'Pronouns',
    field_type: 8,
    display_in_profile_summary: true,
  });
  const social = await field('Social', {
    name: 'Social',
    field_type: 7,
    field_data: { subtype: 'custom', url_pattern: 'https://social.example.com/@%(username)s' },
  });
  await seeding.call(olive, 'pronouns go first', 'PATCH', '/realm/profile_fields', {
    order: [pronouns, desk, biography, lamp, birthday, website, mentor, github, social],
  });
  await seeding.call(alice, 'alice fills in her profile', 'PATCH', '/users/me/profile_data', {
    data: [
      { id: desk, value: 'B-12' },
      { id: biography, value: 'Keeps the **lamps** lit' },
      { id: lamp, value: 'gas' },
      { id: birthday, value: '1990-04-01' },
      { id: website, value: 'https://alice.example.com/' },
      { id: mentor, value: [mona.id] },
      { id: github, value: 'alice-lights' },
      { id: pronouns, value: 'she/her' },
      { id: social, value: 'alice' },
    ],
  });
  await seeding.call(bob, 'bob fills in two fields', 'PATCH', '/users/me/profile_data', {
    data: [
      { id: desk, value: 'C-3' },
      { id: pronouns, value: 'he/him' },
    ],
  });
}

/** Two groups people made, one inside the other, and a role's system group inside one. */
export async function seedUserGroups(
  seeding: Seeding,
  { alice, bob, adam, mona }: People,
): Promise<void> {
  const designers = (
    await seeding.call(alice, 'the designers group', 'POST', '/user_groups/create', {
      name: 'designers',
      description: 'People who pick colours',
      members: [alice.id, bob.id],
    })
  ).group_id as number;
  const leads = (
    await seeding.call(adam, 'the leads group', 'POST', '/user_groups/create', {
      name: 'leads',
      description: 'Leads of the lamplighters',
      members: [adam.id],
    })
  ).group_id as number;
  await seeding.call(adam, 'mona joins the leads', 'POST', `/user_groups/${leads}/members`, {
    add: [mona.id],
  });
  // 3 is Zulip's @role:moderators system group.
  await seeding.call(adam, 'the leads take in groups', 'POST', `/user_groups/${leads}/subgroups`, {
    add: [designers, 3],
  });
}

// Zulip's word for no time limit, JSON-encoded as the parameter is.
const unlimited = JSON.stringify('unlimited');

/**
 * Every setting of the organization that today's host stores, each away
 * from the default a new organization starts with, and an uploaded icon.
 * Last, since they stop the editing, moving and bot-making done before.
 */
export async function seedRealmSettings(
  seeding: Seeding,
  { olive }: People,
  channels: Channels,
): Promise<void> {
  await seeding.postImage(olive, 'the icon is uploaded', '/realm/icon', {
    name: 'file',
    data: organizationImages.icon,
  });
  await seeding.call(olive, 'every organization setting changes', 'PATCH', '/realm', {
    name: 'Lamplighters Co-op',
    description: 'Where the **lamps** are lit',
    allow_message_editing: false,
    message_content_edit_limit_seconds: 1800,
    edit_topic_policy: 4,
    move_messages_within_stream_limit_seconds: unlimited,
    allow_edit_history: false,
    delete_own_message_policy: 1,
    message_content_delete_limit_seconds: unlimited,
    invite_to_realm_policy: 2,
    move_messages_between_streams_policy: 4,
    move_messages_between_streams_limit_seconds: 86_400,
    notifications_stream_id: channels.announcements,
    enable_read_receipts: false,
    bot_creation_policy: 2,
    default_language: 'de',
  });
}
