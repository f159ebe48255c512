import type {
  CallArgs,
  ChatBridge,
  Invitation,
  PeoplePage,
  Role,
} from '../../../src-preload/bridge';
import { ServerPage } from './serverPage.svelte';

export type InvitationDraft = CallArgs<'createInvitation'>;

/** The Users page: the people, and the open invitation links for those who may see them. */
export type UsersPage = PeoplePage & { invitations: Invitation[] };

// Everyone in the organization with their role, and, for administrators,
// invitation links. The list shows what the server's realm_user events say.
export class PeopleStore extends ServerPage<UsersPage> {
  /** The link just created, shown until the next one. */
  created = $state<string | null>(null);

  constructor(private readonly bridge: ChatBridge) {
    super(async () => {
      const page = await bridge.listPeople({});
      const invitations = page.canInvite ? (await bridge.listInvitations({})).invitations : [];
      return { ...page, invitations };
    });
  }

  override clear(): void {
    super.clear();
    this.created = null;
  }

  changeRole(userId: number, role: Role): Promise<boolean> {
    return this.send(() => this.bridge.changeRole({ userId, role }));
  }

  deactivate(userId: number): Promise<boolean> {
    return this.send(() => this.bridge.deactivateUser({ userId }));
  }

  reactivate(userId: number): Promise<boolean> {
    return this.send(() => this.bridge.reactivateUser({ userId }));
  }

  invite(draft: InvitationDraft): Promise<boolean> {
    return this.send(async () => {
      this.created = (await this.bridge.createInvitation(draft)).link;
    });
  }

  revoke({ id, email }: Invitation): Promise<boolean> {
    return this.send(() => this.bridge.revokeInvitation({ id, email }));
  }
}
