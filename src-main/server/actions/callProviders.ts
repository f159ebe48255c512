import { createHmac, randomBytes, randomInt } from 'node:crypto';
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
 * Zulip 12's OAuth call providers on a server without their credentials:
 * creating a Zoom call (POST /calls/zoom/create, whose is_video_call came at
 * feature level 206, whichever Zoom integration is named, 353) or a Webex
 * call (POST /calls/webex/create, level 493) is refused.
 */
export function refuseOAuthCall(provider: 'Zoom' | 'Webex'): never {
  throw errors.badRequest(`${provider} credentials have not been configured`);
}

/** Zulip's ConstructorGroupsService without its settings (feature level 460). */
export function refuseConstructorGroupsCall(): never {
  throw errors.badRequest('Failed to create Constructor Groups call');
}

/** Zulip's create_nextcloud_talk_url without a Nextcloud server (feature level 465). */
export function refuseNextcloudTalkCall(): never {
  throw errors.badRequest('Nextcloud Talk is not configured');
}

/** What Zulip's join_bigbluebutton says first on a server without BigBlueButton. */
export const BIG_BLUE_BUTTON_NOT_CONFIGURED = 'BigBlueButton is not configured.';

// The key the host signs BigBlueButton meetings with, as Zulip's Signer signs
// them with its secret: a link is only ever read back by the server that made
// it, and this one refuses every join, so a key of the process will do.
const meetingKey = randomBytes(32);
const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * Zulip's get_bigbluebutton_url: a signed meeting (voice-only, feature level
 * 337, keeps cameras off; its creator moderates) and the link to join it,
 * which the server answers, here with BIG_BLUE_BUTTON_NOT_CONFIGURED.
 */
export function bigBlueButtonJoinUrl(
  meetingName: string,
  voiceOnly: boolean,
  creatorId: number,
): string {
  const meeting = {
    meeting_id: `zulip-${randomInt(100_000_000_000, 999_999_999_999)}`,
    name: meetingName,
    lock_settings_disable_cam: voiceOnly,
    moderator: creatorId,
  };
  const payload = base64url(JSON.stringify(meeting));
  const signature = base64url(createHmac('sha256', meetingKey).update(payload).digest());
  return `/calls/bigbluebutton/join?bigbluebutton=${encodeURIComponent(`${payload}:${signature}`)}`;
}
