import { scrypt } from 'node:crypto';
import { scryptMemory, type ScryptCost } from './storedHash';

/** Derives a key from a password; the host's one way to run scrypt, which tests and benches may watch. */
export type Scrypt = (
  password: string,
  salt: Buffer,
  cost: ScryptCost,
  keyLength: number,
) => Promise<Buffer>;

/**
 * Node's scrypt, on libuv's thread pool rather than the event loop. Node
 * refuses anything above 32 MiB unless told otherwise; the limit given is
 * exactly what this cost takes, so nothing larger is ever allocated.
 */
export const nodeScrypt: Scrypt = (password, salt, cost, keyLength) =>
  new Promise((resolve, reject) => {
    const options = { N: 2 ** cost.ln, r: cost.r, p: cost.p, maxmem: scryptMemory(cost) };
    scrypt(password, salt, keyLength, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
