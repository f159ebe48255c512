import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { realmIconUrl } from '../shape/avatars';
import { getRealm, setRealmIcon } from '../store/realm';
import { activeUserIds, Role, type UserRow } from '../store/users';

// Zulip's MAX_ICON_FILE_SIZE_MIB, which register reports as max_icon_file_size_mib.
export const MAX_ICON_FILE_SIZE_MIB = 5;

// The image formats a window shows from a data: URL and a browser from the
// host, told apart by their first bytes. Zulip re-encodes icons as PNG; Hearth
// keeps the file as it came, and never an SVG, whose scripts could run.
const imageTypes: readonly { type: string; matches: (data: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    matches: (data) => data.subarray(0, 8).toString('hex') === '89504e470d0a1a0a',
  },
  { type: 'image/jpeg', matches: (data) => data.subarray(0, 3).toString('hex') === 'ffd8ff' },
  {
    type: 'image/gif',
    matches: (data) => /^GIF8[79]a/.test(data.subarray(0, 6).toString('latin1')),
  },
  {
    type: 'image/webp',
    matches: (data) =>
      data.subarray(0, 4).toString('latin1') === 'RIFF' &&
      data.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

function checkAdmin(user: UserRow): void {
  if (user.role > Role.admin) {
    throw errors.unauthorizedPrincipal('Must be an organization administrator');
  }
}

function announceIcon(services: Services): string {
  const realm = getRealm(services.sql);
  const iconUrl = realmIconUrl(realm?.icon_source ?? 'G', realm?.icon_version ?? 1);
  services.queues.notify(
    plainNotice('realm', {
      op: 'update_dict',
      property: 'icon',
      data: { icon_url: iconUrl, icon_source: realm?.icon_source ?? 'G' },
    }),
    activeUserIds(services.sql),
  );
  return iconUrl;
}

/** Zulip's upload_icon: the organization's icon becomes `data`; returns its new URL. */
export function uploadRealmIcon(services: Services, user: UserRow, data: Buffer): string {
  checkAdmin(user);
  const type = imageTypes.find((candidate) => candidate.matches(data))?.type;
  if (!type) throw errors.badRequest('Could not decode image; did you upload an image file?');
  services.sql.transaction(() => setRealmIcon(services.sql, { content_type: type, data }));
  return announceIcon(services);
}

/** Zulip's delete_icon_backend: back to the icon the host draws from the name. */
export function deleteRealmIcon(services: Services, user: UserRow): string {
  checkAdmin(user);
  services.sql.transaction(() => setRealmIcon(services.sql, null));
  return announceIcon(services);
}
