import type { MutedPerson } from '../../../src-preload/calls/mutedUserCalls';
import type { InitialState } from '../../wire/registerState';
import { mt } from '../../i18n/mainText';
import type { User } from '../../wire';
import type { Api } from '../api';

export interface MutedUsersDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'muteUser' | 'unmuteUser'>;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
  /** Everyone the account knows of, deactivated people too. */
  people: () => readonly User[];
}

/** Whom the reader muted, by ID, ascending; nobody where the server keeps no such list. */
export function mutedUserIds(state: InitialState | null): number[] {
  return (state?.muted_users ?? []).map((mute) => mute.id).sort((a, b) => a - b);
}

/**
 * The people the reader muted: read from the register state, which
 * muted_users events keep current (a change made on another device shows
 * too, and the cache keeps it for offline reading), changed on the server only.
 */
export class MutedUsers {
  constructor(private readonly deps: MutedUsersDeps) {}

  /** As Zulip's settings list them: the most recently muted first. */
  list(): MutedPerson[] {
    const known = new Map(this.deps.people().map((user) => [user.user_id, user]));
    // The server lists them in the order they were muted.
    return [...(this.deps.state()?.muted_users ?? [])].reverse().map((mute) => ({
      userId: mute.id,
      fullName: known.get(mute.id)?.full_name ?? mt('main.names.unknownUser'),
      email: known.get(mute.id)?.email ?? '',
      mutedAt: mute.timestamp,
    }));
  }

  mute(userId: number): Promise<void> {
    return this.deps.api().muteUser(userId);
  }

  unmute(userId: number): Promise<void> {
    return this.deps.api().unmuteUser(userId);
  }
}
