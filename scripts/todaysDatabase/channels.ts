import type { TestUser } from '../../test/helpers/org';
import type { People } from './people';
import type { Seeding } from './seeding';

/** The channels by name, as their IDs. */
export interface Channels {
  general: number;
  design: number;
  engineering: number;
  leadership: number;
  announcements: number;
  watercooler: number;
  oldProjects: number;
}

// Zulip's stream_post_policy values.
const PostPolicy = { everyone: 1, admins: 2, fullMembers: 3, moderators: 4 } as const;

interface NewChannel {
  creator: TestUser;
  name: string;
  description: string;
  members: TestUser[];
  inviteOnly?: boolean;
  historyPublic?: boolean;
  postPolicy?: number;
}

async function create(seeding: Seeding, channel: NewChannel): Promise<number> {
  await seeding.call(
    channel.creator,
    `#${channel.name} is created`,
    'POST',
    '/users/me/subscriptions',
    {
      subscriptions: [{ name: channel.name, description: channel.description }],
      principals: channel.members.map((member) => member.id),
      invite_only: channel.inviteOnly ?? false,
      ...(channel.historyPublic === undefined
        ? {}
        : { history_public_to_subscribers: channel.historyPublic }),
      stream_post_policy: channel.postPolicy ?? PostPolicy.everyone,
    },
  );
  return idOf(seeding, channel.creator, channel.name);
}

async function idOf(seeding: Seeding, user: TestUser, name: string): Promise<number> {
  return (await seeding.call(user, `#${name}'s ID`, 'GET', '/get_stream_id', { stream: name }))
    .stream_id as number;
}

/**
 * Channels of every kind Hearth keeps: public, private with and without
 * shared history, each post policy, one renamed. Web-public channels and
 * message retention are not kept by today's host (every channel answers
 * is_web_public false and message_retention_days null), so none has them.
 */
export async function seedChannels(seeding: Seeding, people: People): Promise<Channels> {
  const { olive, adam, mona, alice, bob, gus } = people;
  const general = await idOf(seeding, olive, 'general');
  const design = await create(seeding, {
    creator: alice,
    name: 'design',
    description: 'Pixels and **type**',
    members: [alice, bob, adam, gus],
  });
  const engineering = await create(seeding, {
    creator: adam,
    name: 'engineering',
    description: 'Wicks, valves and _pipes_',
    members: [adam, alice, bob],
    inviteOnly: true,
    historyPublic: true,
    postPolicy: PostPolicy.fullMembers,
  });
  const leadership = await create(seeding, {
    creator: olive,
    name: 'leadership',
    description: 'For leads only',
    members: [olive, adam, mona],
    inviteOnly: true,
    historyPublic: false,
    postPolicy: PostPolicy.moderators,
  });
  const announcements = await create(seeding, {
    creator: olive,
    name: 'announcements',
    description: 'News from the owners',
    members: [olive, adam, mona, alice, bob, gus],
    postPolicy: PostPolicy.admins,
  });
  const random = await create(seeding, {
    creator: bob,
    name: 'random',
    description: 'Anything',
    members: [bob, alice, mona],
  });
  await seeding.call(adam, '#random becomes #watercooler', 'PATCH', `/streams/${random}`, {
    new_name: 'watercooler',
    description: 'Coffee, tea and *gossip*',
  });
  const oldProjects = await create(seeding, {
    creator: adam,
    name: 'old-projects',
    description: 'Soon archived',
    members: [adam, alice, mona],
  });
  await seeding.call(olive, '#design joins the defaults', 'POST', '/default_streams', {
    stream_id: design,
  });
  return {
    general,
    design,
    engineering,
    leadership,
    announcements,
    watercooler: random,
    oldProjects,
  };
}

/**
 * Alice sets every property a subscription has away from its default; Mona
 * leaves #watercooler, which keeps her subscription as an inactive one.
 */
export async function seedSubscriptionProperties(
  seeding: Seeding,
  { alice, mona }: People,
  channels: Channels,
): Promise<void> {
  const set = (stream_id: number, property: string, value: unknown) => ({
    stream_id,
    property,
    value,
  });
  await seeding.call(
    alice,
    'alice tunes her subscriptions',
    'POST',
    '/users/me/subscriptions/properties',
    {
      subscription_data: [
        set(channels.design, 'color', '#c2726f'),
        set(channels.design, 'pin_to_top', true),
        set(channels.design, 'desktop_notifications', true),
        set(channels.design, 'audible_notifications', false),
        set(channels.design, 'push_notifications', true),
        set(channels.design, 'email_notifications', false),
        set(channels.design, 'wildcard_mentions_notify', false),
        set(channels.watercooler, 'is_muted', true),
        set(channels.engineering, 'color', '#1e90ff'),
      ],
    },
  );
  await seeding.call(mona, 'mona leaves #watercooler', 'DELETE', '/users/me/subscriptions', {
    subscriptions: ['watercooler'],
  });
}

/** An administrator archives #old-projects, with its messages and a message scheduled for it. */
export async function archiveOldProjects(
  seeding: Seeding,
  { adam }: People,
  channels: Channels,
): Promise<void> {
  await seeding.call(
    adam,
    '#old-projects is archived',
    'DELETE',
    `/streams/${channels.oldProjects}`,
  );
}
