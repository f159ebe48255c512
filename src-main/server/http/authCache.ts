import type { UserRow } from '../store/users';

/**
 * The user behind each Authorization header already accepted, so that a
 * client's next poll is one lookup: no base64 decoding, no key buffers, no
 * SQL. Zulip likewise finds a user by the key's value in its cache. Only a
 * header that passed the key check is ever stored, and each user keeps one
 * (the newest), so a client cannot grow the cache by respelling its header.
 */
export class AuthCache {
  readonly #usersByHeader = new Map<string, UserRow>();
  readonly #headerByUser = new Map<number, string>();

  userFor(header: string): UserRow | undefined {
    return this.#usersByHeader.get(header);
  }

  remember(header: string, user: UserRow): void {
    this.forget(user.id);
    this.#usersByHeader.set(header, user);
    this.#headerByUser.set(user.id, header);
  }

  /** For every change to a user's row: the next request reads it again. */
  forget(userId: number): void {
    const header = this.#headerByUser.get(userId);
    if (header === undefined) return;
    this.#usersByHeader.delete(header);
    this.#headerByUser.delete(userId);
  }
}
