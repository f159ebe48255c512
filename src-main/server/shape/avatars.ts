import { createHash } from 'node:crypto';

// Hearth has no uploaded avatars yet, so every user has Zulip's default
// gravatar-derived avatar; with client_gravatar the client computes it itself.
export function avatarUrl(email: string, clientGravatar: boolean): string | null {
  if (clientGravatar) return null;
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=1`;
}
