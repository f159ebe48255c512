import type { TestUser } from '../../test/helpers/org';
import type { Seeding } from './seeding';

// Zulip's role numbers.
export const Role = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

/** The organization's people: one of each role, one who left, one who joined by invitation later. */
export interface People {
  olive: TestUser;
  adam: TestUser;
  mona: TestUser;
  alice: TestUser;
  bob: TestUser;
  gus: TestUser;
  dora: TestUser;
}

/** Creates everyone but the owner (the organization's first person) and gives each a role. */
export async function seedPeople(seeding: Seeding): Promise<People> {
  const { org } = seeding;
  const olive = org.owner;
  const people: People = {
    olive,
    adam: await org.user('adam'),
    mona: await org.user('mona'),
    alice: await org.user('alice'),
    bob: await org.user('bob'),
    gus: await org.user('gus'),
    dora: await org.user('dora'),
  };
  const roles: [TestUser, number][] = [
    [people.adam, Role.admin],
    [people.mona, Role.moderator],
    [people.gus, Role.guest],
  ];
  for (const [person, role] of roles) {
    await seeding.call(olive, `${person.email} gets role ${role}`, 'PATCH', `/users/${person.id}`, {
      role,
    });
  }
  return people;
}

/** Dora leaves: an administrator deactivates her, as Zulip keeps a former member's messages. */
export async function deactivateDora(seeding: Seeding, { adam, dora }: People): Promise<void> {
  await seeding.call(adam, 'dora is deactivated', 'DELETE', `/users/${dora.id}`);
}

/** Invitation links: one Nina joins by, one still open, one revoked; resolves to Nina. */
export async function seedInvitations(
  seeding: Seeding,
  { olive }: People,
  designId: number,
  password: string,
): Promise<TestUser> {
  const invite = async (what: string, params: Record<string, unknown>) =>
    (await seeding.call(olive, what, 'POST', '/invites/multiuse', params)).invite_link as string;
  const forever = await invite('a link that never expires', {
    invite_expires_in_minutes: null,
    invite_as: Role.member,
    stream_ids: [designId],
  });
  await invite('a moderators link for a century', {
    invite_expires_in_minutes: 100 * 365 * 24 * 60,
    invite_as: Role.moderator,
    stream_ids: [],
  });
  await invite('a guests link, soon revoked', { invite_as: Role.guest, stream_ids: [designId] });
  const open = await seeding.call(olive, 'the open links', 'GET', '/invites');
  const guests = (open.invites as { id: number; invited_as: number }[]).find(
    (row) => row.invited_as === Role.guest,
  );
  if (!guests) throw new Error('the guests link is missing');
  await seeding.call(
    olive,
    'the guests link is revoked',
    'DELETE',
    `/invites/multiuse/${guests.id}`,
  );

  const key = /\/join\/([a-z0-9]+)\/$/.exec(forever)?.[1];
  if (!key) throw new Error(`no key in ${forever}`);
  const email = 'nina@hearth.test';
  const joined = await seeding.call(null, 'nina joins', 'POST', '/hearth/join', {
    key,
    email,
    full_name: 'Nina',
    password,
  });
  return { id: joined.user_id, email, fullName: 'Nina', apiKey: joined.api_key };
}
