import { describe, expect, it } from 'vitest';
import { PeopleAdmin } from '../../../src-main/client/admin/peopleAdmin';
import type { InitialState } from '../../../src-main/wire/registerState';
import type { User } from '../../../src-main/wire';

const user = (id: number, name: string, role: number, extra: Partial<User> = {}): User => ({
  user_id: id,
  email: `${name.toLowerCase()}@example.test`,
  full_name: name,
  is_admin: role <= 200,
  is_bot: false,
  is_active: true,
  is_guest: role === 600,
  role,
  avatar_url: null,
  timezone: '',
  date_joined: '2026-01-01T00:00:00+00:00',
  ...extra,
});

/** People admin on a state, recording the requests it makes instead of sending them. */
function adminOn(state: InitialState): { admin: PeopleAdmin; requests: unknown[][] } {
  const requests: unknown[][] = [];
  const record =
    (name: string) =>
    async (...args: unknown[]): Promise<never> => {
      requests.push([name, ...args]);
      return undefined as never;
    };
  const admin = new PeopleAdmin({
    api: () => ({
      changeUserRole: record('changeUserRole'),
      deactivateUser: record('deactivateUser'),
      reactivateUser: record('reactivateUser'),
      getInvites: async () => [
        {
          id: 3,
          invited_by_user_id: 1,
          invited: 1,
          expiry_date: null,
          invited_as: 600,
          is_multiuse: true,
          link_url: 'https://chat.example.test/join/abc/',
        },
        {
          id: 4,
          invited_by_user_id: 1,
          invited: 1,
          expiry_date: 2,
          invited_as: 400,
          is_multiuse: false,
          email: 'someone@example.test',
        },
        {
          id: 5,
          invited_by_user_id: 1,
          invited: 1,
          expiry_date: 3,
          invited_as: 400,
          is_multiuse: false,
          email: 'newcomer@example.test',
          hearth_link_url: 'https://chat.example.test/join/def/',
        },
      ],
      createMultiuseInvite: async (invite) => {
        requests.push(['createMultiuseInvite', invite]);
        return 'https://chat.example.test/join/new/';
      },
      revokeMultiuseInvite: record('revokeMultiuseInvite'),
      revokeEmailInvite: record('revokeEmailInvite'),
    }),
    state: () => state,
  });
  return { admin, requests };
}

const org = (me: User): InitialState => ({
  user_id: me.user_id,
  is_admin: me.is_admin,
  is_owner: me.role === 100,
  is_guest: me.is_guest,
  realm_users: [
    user(1, 'Olive', 100),
    user(2, 'Adam', 200),
    user(3, 'Mia', 400),
    user(9, 'Build bot', 400, { is_bot: true }),
  ],
  realm_non_active_users: [user(4, 'Gone', 400, { is_active: false })],
  streams: [],
});

describe('the people page', () => {
  it('lists humans, active first, with their roles, and what an administrator may do', () => {
    const admin = user(2, 'Adam', 200);
    const page = adminOn(org(admin)).admin.page();
    expect(page.people.map((person) => [person.fullName, person.role, person.active])).toEqual([
      ['Adam', 'administrator', true],
      ['Mia', 'member', true],
      ['Olive', 'owner', true],
      ['Gone', 'member', false],
    ]);
    expect(page).toMatchObject({ canManage: true, canManageOwners: false, canInvite: true });
    expect(page.people.find((person) => person.isSelf)?.fullName).toBe('Adam');
  });

  it('offers a member nothing to change', () => {
    const page = adminOn(org(user(3, 'Mia', 400))).admin.page();
    expect(page).toMatchObject({ canManage: false, canManageOwners: false, canInvite: false });
  });

  it("sends Zulip's role numbers, and leaves owners to owners", async () => {
    const { admin, requests } = adminOn(org(user(2, 'Adam', 200)));
    await admin.changeRole(3, 'moderator');
    await expect(admin.changeRole(3, 'owner')).rejects.toThrow('Only owners');
    await expect(admin.changeRole(1, 'member')).rejects.toThrow('Only owners');
    await admin.deactivate(3);
    await admin.reactivate(4);
    await expect(admin.deactivate(2)).rejects.toThrow('your own account');
    await expect(admin.deactivate(77)).rejects.toThrow('no such person');
    expect(requests).toEqual([
      ['changeUserRole', 3, 300],
      ['deactivateUser', 3],
      ['reactivateUser', 4],
    ]);
  });

  it('lists reusable links, and the email invitations a Hearth host gives a link to, and creates a link with the role number and expiry', async () => {
    const { admin, requests } = adminOn(org(user(1, 'Olive', 100)));
    expect(await admin.invitations()).toEqual([
      {
        id: 5,
        role: 'member',
        expires: 3,
        invitedBy: 'Olive',
        link: 'https://chat.example.test/join/def/',
        email: 'newcomer@example.test',
      },
      {
        id: 3,
        role: 'guest',
        expires: null,
        invitedBy: 'Olive',
        link: 'https://chat.example.test/join/abc/',
        email: null,
      },
    ]);
    const link = await admin.createInvitation({
      role: 'guest',
      expiresInMinutes: null,
      streamIds: [5],
    });
    expect(link).toBe('https://chat.example.test/join/new/');
    await admin.revokeInvitation(5, true);
    await admin.revokeInvitation(3, false);
    expect(requests).toEqual([
      ['createMultiuseInvite', { expiresInMinutes: null, inviteAs: 600, streamIds: [5] }],
      ['revokeEmailInvite', 5],
      ['revokeMultiuseInvite', 3],
    ]);
  });
});
