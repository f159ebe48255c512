import type { CallArgs, Invitation, PeoplePage, Person, Role } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { RoleNumber } from '../../permissions/rolePolicies';
import { readerMay } from '../../permissions/readerPermissions';
import type { User } from '../../wire';
import type { Api } from '../api';
import { mt } from '../../i18n/mainText';
import { roleOf } from '../rules/accountRole';

export interface PeopleAdminDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<
    Api,
    | 'changeUserRole'
    | 'deactivateUser'
    | 'reactivateUser'
    | 'getInvites'
    | 'createMultiuseInvite'
    | 'revokeMultiuseInvite'
    | 'revokeEmailInvite'
  >;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
}

const roleNumbers: Record<Role, number> = {
  owner: RoleNumber.owner,
  administrator: RoleNumber.admin,
  moderator: RoleNumber.moderator,
  member: RoleNumber.member,
  guest: RoleNumber.guest,
};

const roleNamed = (value: number | undefined): Role =>
  (Object.entries(roleNumbers).find(([, number]) => number === value)?.[0] as Role | undefined) ??
  'member';

// Older servers leave `role` out of a user; their is_admin and is_guest still say enough.
const roleOfUser = (user: User): Role =>
  user.role !== undefined
    ? roleNamed(user.role)
    : user.is_admin
      ? 'administrator'
      : user.is_guest
        ? 'guest'
        : 'member';

/**
 * The people page: everyone in the organization with their role, from the
 * register state that realm_user events keep current, and an administrator's
 * changes to them and to invitation links, made on the server only.
 */
export class PeopleAdmin {
  constructor(private readonly deps: PeopleAdminDeps) {}

  page(): PeoplePage {
    const state = this.deps.state();
    const me = state?.user_id;
    const humans = (users: User[] | undefined, active: boolean): Person[] =>
      (users ?? [])
        .filter((user) => !user.is_bot)
        .map((user) => ({
          userId: user.user_id,
          fullName: user.full_name,
          email: user.email,
          role: roleOfUser(user),
          active,
          isSelf: user.user_id === me,
        }));
    const reader = roleOf(state);
    const manage = reader === 'owner' || reader === 'administrator';
    return {
      people: [
        ...humans(state?.realm_users, true),
        ...humans(state?.realm_non_active_users, false),
      ].sort((a, b) => Number(b.active) - Number(a.active) || a.fullName.localeCompare(b.fullName)),
      canManage: manage,
      canManageOwners: reader === 'owner',
      canInvite: readerMay(state).createInviteLink,
      streams: (state?.streams ?? [])
        .map((stream) => ({ streamId: stream.stream_id, name: stream.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  async changeRole(userId: number, role: Role): Promise<void> {
    const person = this.#person(userId);
    if (role === 'owner' || person.role === 'owner') {
      if (!this.page().canManageOwners) throw new Error(mt('main.people.ownersOnly'));
    }
    await this.deps.api().changeUserRole(userId, roleNumbers[role]);
  }

  async deactivate(userId: number): Promise<void> {
    if (this.#person(userId).isSelf) throw new Error(mt('main.people.notYourself'));
    await this.deps.api().deactivateUser(userId);
  }

  async reactivate(userId: number): Promise<void> {
    this.#person(userId);
    await this.deps.api().reactivateUser(userId);
  }

  async invitations(): Promise<Invitation[]> {
    const names = new Map(this.page().people.map((person) => [person.userId, person.fullName]));
    const invites = await this.deps.api().getInvites();
    // An email invitation is listed where the server gives its link to pass
    // on (a Hearth host, which sends no email); Zulip mails it instead.
    return invites
      .flatMap((invite) => {
        const link = invite.is_multiuse ? invite.link_url : invite.hearth_link_url;
        if (link === undefined) return [];
        return [
          {
            id: invite.id,
            role: roleNamed(invite.invited_as),
            expires: invite.expiry_date,
            invitedBy: names.get(invite.invited_by_user_id) ?? 'Someone',
            link,
            email: invite.is_multiuse ? null : (invite.email ?? null),
          },
        ];
      })
      .sort((a, b) => b.id - a.id);
  }

  async createInvitation(invitation: CallArgs<'createInvitation'>): Promise<string> {
    return this.deps.api().createMultiuseInvite({
      expiresInMinutes: invitation.expiresInMinutes,
      inviteAs: roleNumbers[invitation.role],
      streamIds: invitation.streamIds,
    });
  }

  async revokeInvitation(id: number, byEmail: boolean): Promise<void> {
    const api = this.deps.api();
    await (byEmail ? api.revokeEmailInvite(id) : api.revokeMultiuseInvite(id));
  }

  #person(userId: number): Person {
    const person = this.page().people.find((known) => known.userId === userId);
    if (!person) throw new Error(mt('main.people.noSuchPerson'));
    return person;
  }
}
