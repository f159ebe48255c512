import { createHash } from 'node:crypto';

/** How a phone names its token to the server without giving it: the first 8 bytes of its SHA-256, Base64. */
export const tokenIdOf = (token: string): string =>
  createHash('sha256').update(token).digest().subarray(0, 8).toString('base64');
