// The host draws every avatar itself, so an organization with no internet still
// shows faces. Zulip answers a server-stored avatar with a relative URL that
// clients resolve against the realm, and such an avatar is never left for the
// client to compute, whatever `client_gravatar` says. As Zulip's, the URL
// names the avatar's version, so that a new picture is fetched anew while an
// unchanged one may be kept.
export function avatarUrl(user: { id: number; avatar_version: number }): string {
  return `/avatar/${user.id}?version=${user.avatar_version}`;
}

/**
 * Zulip's avatar_url_medium: a Jdenticon is drawn anew at Zulip's medium
 * size; the host's other pictures are SVG, the same at any size.
 */
export function avatarMediumUrl(user: {
  id: number;
  avatar_version: number;
  avatar_source: string;
}): string {
  return user.avatar_source === 'J'
    ? `/avatar/${user.id}/medium?version=${user.avatar_version}`
    : avatarUrl(user);
}

/** Whether renaming `user` to `after` changes the avatar the host draws: a Jdenticon pattern has no name in it. */
export function avatarChangesWithName(
  user: { full_name: string; avatar_source: string },
  after: string,
): boolean {
  return user.avatar_source !== 'J' && initials(user.full_name) !== initials(after);
}

export const realmIconPath = '/realm_icon.svg';
export const uploadedRealmIconPath = '/user_avatars/realm/icon';

/**
 * Zulip's realm_icon_url, relative to the organization as Zulip's is: an
 * uploaded icon under its version, so that a new one is fetched anew, or the
 * one the host draws from the name, in place of Zulip's gravatar.
 */
export function realmIconUrl(source: 'U' | 'G', version: number): string {
  return source === 'U' ? `${uploadedRealmIconPath}?version=${version}` : realmIconPath;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((word) => [...(word ?? '')][0]?.toUpperCase() ?? '').join('') || '?';
}

/** A square SVG with the user's initials on a colour that stays theirs. */
export function avatarSvg(userId: number, fullName: string): string {
  const hue = (userId * 137) % 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">` +
    `<rect width="100" height="100" fill="hsl(${hue} 45% 42%)"/>` +
    `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="sans-serif" ` +
    `font-size="42" fill="#fff">${escapeXml(initials(fullName))}</text></svg>`
  );
}
