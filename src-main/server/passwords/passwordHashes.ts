import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Semaphore } from './semaphore';
import { nodeScrypt, type Scrypt } from './scrypt';
import {
  formatHash,
  owaspCost,
  parseHash,
  remainderOf,
  weakerThan,
  type ScryptCost,
  type StoredHash,
} from './storedHash';

export interface PasswordHashing {
  /** The cost of every new hash; a login with a weaker one raises it to this. */
  cost: ScryptCost;
  /**
   * Hashes running at once; the rest wait in order. At OWASP's cost each
   * takes 128 MiB and a thread of libuv's pool of four, so a burst of
   * logins bounds the host's memory and leaves threads for file reads.
   */
  concurrency: number;
  scrypt: Scrypt;
}

export const defaultPasswordHashing: PasswordHashing = {
  cost: owaspCost,
  // A hash keeps a core busy for most of a second: one core is left to the
  // event loop, or a burst of logins starves every other request (on two
  // cores, two at once stalled it 57 ms, one at a time 11 to 33 ms).
  concurrency: Math.max(1, Math.min(2, availableParallelism() - 1)),
  scrypt: nodeScrypt,
};

const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** What a password check found: a right password's hash may be weaker than new ones are made. */
export type Verdict = { right: false } | { right: true; outdated: boolean };

/** Password hashes, made and checked off the event loop, a few at a time. */
export class Passwords {
  private readonly slots: Semaphore;
  // What a login without a stored hash is checked against, so that it does
  // the same work as one with a wrong password: as Django's ModelBackend,
  // which hashes for an unknown user too.
  private readonly dummy: StoredHash;

  constructor(private readonly settings: PasswordHashing) {
    this.slots = new Semaphore(settings.concurrency);
    this.dummy = {
      cost: settings.cost,
      salt: randomBytes(SALT_BYTES),
      hash: Buffer.alloc(KEY_BYTES),
    };
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const { cost, scrypt } = this.settings;
    const hash = await this.slots.run(() => scrypt(password, salt, cost, KEY_BYTES));
    return formatHash({ cost, salt, hash });
  }

  /**
   * Checks `password` against `stored`: null (no such user, no password) or a
   * hash this host cannot read is checked against a dummy at the current
   * cost, and is never right. A hash weaker than the current cost is
   * followed, in the same slot, by the work that remains to the current
   * cost, so that no refusal tells an account with an old hash apart.
   */
  async check(password: string, stored: string | null): Promise<Verdict> {
    const parsed = parseHash(stored);
    const { salt, cost, hash } = parsed ?? this.dummy;
    const { scrypt } = this.settings;
    const remainder = remainderOf(cost, this.settings.cost);
    const derived = await this.slots.run(async () => {
      const key = await scrypt(password, salt, cost, hash.length);
      if (remainder) await scrypt(password, salt, remainder, KEY_BYTES);
      return key;
    });
    if (!timingSafeEqual(derived, hash) || parsed === null) return { right: false };
    return { right: true, outdated: weakerThan(parsed.cost, this.settings.cost) };
  }
}
