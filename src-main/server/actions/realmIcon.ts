import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { realmIconUrl } from '../shape/avatars';
import { getRealm, setRealmIcon } from '../store/realm';
import { activeUserIds, type UserRow } from '../store/users';
import { sniffImageType } from './imageType';
import { requireAdministrator } from './groupPermission';

// Zulip's MAX_ICON_FILE_SIZE_MIB, which register reports as max_icon_file_size_mib.
export const MAX_ICON_FILE_SIZE_MIB = 5;

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
  requireAdministrator(user);
  // Zulip re-encodes icons as PNG; Hearth keeps the file as it came.
  const type = sniffImageType(data)?.type;
  if (!type) throw errors.badRequest('Could not decode image; did you upload an image file?');
  services.sql.transaction(() => setRealmIcon(services.sql, { content_type: type, data }));
  return announceIcon(services);
}

/** Zulip's delete_icon_backend: back to the icon the host draws from the name. */
export function deleteRealmIcon(services: Services, user: UserRow): string {
  requireAdministrator(user);
  services.sql.transaction(() => setRealmIcon(services.sql, null));
  return announceIcon(services);
}
