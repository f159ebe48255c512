import type { ReadReceipts, ReadReceiptSettings } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { mt } from '../../i18n/mainText';
import type { User } from '../../wire';
import type { Api } from '../api';
import type { Cache } from '../cache/accountCache';
import { ApiError, NetworkError } from '../api/errors';

export interface ReadReceiptsDeps {
  cache: Pick<Cache, 'readReceipts' | 'saveReadReceipts' | 'users'>;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'getReadReceipts' | 'updateSettings'>;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
  online: () => boolean;
  now?: () => number;
}

// Zulip 7.0's words when the organization turned them off, which a server
// says before the realm event that would have told this client reaches it.
const offInOrganization = 'Read receipts are disabled in this organization.';

/** The organization's enable_read_receipts and the reader's send_read_receipts, as the state says. */
export function readReceiptSettingsOf(state: InitialState | null): ReadReceiptSettings {
  return {
    organization: state?.['realm_enable_read_receipts'] === true,
    // Zulip's default: a reader is listed unless they said otherwise.
    mine: state?.user_settings?.['send_read_receipts'] !== false,
  };
}

/**
 * "Read receipts" in the message menu: who has read a message, from the
 * server, and kept with the message in the cache so that the last answer
 * shows offline, dated. The reader changes only whether they are listed.
 */
export class AccountReadReceipts {
  constructor(private readonly deps: ReadReceiptsDeps) {}

  async of(messageId: number): Promise<ReadReceipts> {
    if (!readReceiptSettingsOf(this.deps.state()).organization) return { status: 'off' };
    if (this.deps.online()) {
      try {
        const userIds = await this.deps.api().getReadReceipts(messageId);
        const fetchedAt = (this.deps.now ?? Date.now)();
        this.deps.cache.saveReadReceipts(messageId, { userIds, fetchedAt });
        return { status: 'shown', readers: this.#named(userIds), asOf: null };
      } catch (error) {
        if (error instanceof ApiError && error.message === offInOrganization) {
          return { status: 'off' };
        }
        if (!(error instanceof NetworkError)) throw error;
      }
    }
    const saved = this.deps.cache.readReceipts(messageId);
    if (!saved) {
      throw new Error(mt('main.offline.readReceipts'));
    }
    return { status: 'shown', readers: this.#named(saved.userIds), asOf: saved.fetchedAt };
  }

  async setMine(enabled: boolean): Promise<void> {
    await this.deps.api().updateSettings({ send_read_receipts: enabled });
  }

  // By name, as Zulip's list; someone the reader cannot see stays "Unknown user".
  #named(userIds: readonly number[]): { userId: number; fullName: string }[] {
    const names = new Map(
      this.deps.cache.users().map((user: User) => [user.user_id, user.full_name]),
    );
    return userIds
      .map((userId) => ({ userId, fullName: names.get(userId) ?? mt('main.names.unknownUser') }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName));
  }
}
