import type {
  CallArgs,
  ChatBridge,
  Invitation,
  PeoplePage,
  Role,
} from '../../../src-preload/bridge';
import { errorText } from './errors';
import { changeOnServer } from './serverChange';

export type InvitationDraft = CallArgs<'createInvitation'>;

// The Users page: everyone in the organization with their role, and, for
// administrators, invitation links. Changes go to the server; the list shows
// what the server's realm_user events then say.
export class PeopleStore {
  page = $state<PeoplePage | null>(null);
  invitations = $state<Invitation[]>([]);
  /** The link just created, shown until the next one. */
  created = $state<string | null>(null);
  error = $state<string | null>(null);
  #loads = 0;

  constructor(private readonly bridge: ChatBridge) {}

  async load(): Promise<void> {
    const load = ++this.#loads;
    try {
      const page = await this.bridge.listPeople({});
      const invitations = page.canInvite ? (await this.bridge.listInvitations({})).invitations : [];
      if (load !== this.#loads) return;
      this.page = page;
      this.invitations = invitations;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  clear(): void {
    this.#loads += 1;
    this.page = null;
    this.invitations = [];
    this.created = null;
    this.error = null;
  }

  changeRole(userId: number, role: Role): Promise<boolean> {
    return changeOnServer(this, () => this.bridge.changeRole({ userId, role }));
  }

  deactivate(userId: number): Promise<boolean> {
    return changeOnServer(this, () => this.bridge.deactivateUser({ userId }));
  }

  reactivate(userId: number): Promise<boolean> {
    return changeOnServer(this, () => this.bridge.reactivateUser({ userId }));
  }

  async invite(draft: InvitationDraft): Promise<boolean> {
    return changeOnServer(this, async () => {
      this.created = (await this.bridge.createInvitation(draft)).link;
    });
  }

  revoke(id: number): Promise<boolean> {
    return changeOnServer(this, () => this.bridge.revokeInvitation({ id }));
  }
}
