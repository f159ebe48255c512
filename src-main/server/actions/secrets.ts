import { randomInt } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Zulip API keys are 32 alphanumeric characters; clients sometimes check the shape.
export function newApiKey(): string {
  return Array.from({ length: 32 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
