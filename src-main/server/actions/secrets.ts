import { randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Zulip API keys are 32 alphanumeric characters; clients sometimes check the shape.
export function newApiKey(): string {
  return Array.from({ length: 32 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function checkPassword(password: string, stored: string | null): boolean {
  const [scheme, salt, hash] = stored?.split('$') ?? [];
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}
