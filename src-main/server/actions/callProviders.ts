import { errors } from '../errors';
import { isValidUrl } from './urlValidation';

/**
 * Zulip's Realm.get_enabled_video_chat_providers on a server that configures
 * none of the providers needing credentials: Zoom (3, and 5 server to server,
 * feature level 353), BigBlueButton (4), Constructor Groups (6, level 460),
 * Nextcloud Talk (7, level 465) and Webex (level 493) are left out, as Zulip
 * leaves out each one its server was not given the settings of. Jitsi Meet
 * needs none: a client makes its links itself.
 */
export const availableVideoChatProviders = {
  disabled: { name: 'None', id: 0 },
  jitsi_meet: { name: 'Jitsi Meet', id: 1 },
} as const;

const availableIds: ReadonlySet<number> = new Set(
  Object.values(availableVideoChatProviders).map((provider) => provider.id),
);

/** Zulip's update_realm check of video_chat_provider, against the providers this server offers. */
export function checkVideoChatProvider(id: number): void {
  if (!availableIds.has(id)) throw errors.badRequest(`Invalid video_chat_provider ${id}`);
}

/** Zulip's JITSI_SERVER_URL default, the server's own Jitsi server (feature level 212). */
export const SERVER_JITSI_SERVER_URL = 'https://meet.jit.si';

// Zulip's JITSI_SERVER_URL_MAX_LENGTH.
const JITSI_SERVER_URL_MAX_LENGTH = 200;

/**
 * Zulip's check_jitsi_url: "default" (the server's, stored as null) or a URL
 * Django's URLValidator takes, of at most 200 characters.
 */
export function parseJitsiServerUrl(value: string): string | null {
  if (value === 'default') return null;
  if (value.length > JITSI_SERVER_URL_MAX_LENGTH || !isValidUrl(value)) {
    throw errors.badRequest('jitsi_server_url is not an allowed_type');
  }
  return value;
}

/**
 * Zulip's get_zoom_session on a server without Zoom credentials: creating a
 * Zoom call (POST /calls/zoom/create, whose is_video_call came at feature
 * level 206) is refused, whichever Zoom integration the organization names.
 */
export function refuseZoomCall(): never {
  throw errors.badRequest('Zoom credentials have not been configured');
}
