import { toPng } from 'jdenticon';

// Zulip 12 (feature level 466) draws a Jdenticon avatar once, as a PNG, with
// jdenticon's command line (patched to take lightness ranges), from the key
// `{realm_uuid}:{user_id}`, which it documents beside `realm_uuid` so that a
// client may draw the same picture itself: the host draws it with the same
// library and options, so both pictures are one.
const zulipOptions = {
  padding: 0,
  lightness: { color: [0.3, 0.7], grayscale: [0.3, 0.7] },
};

/** Zulip's DEFAULT_AVATAR_SIZE and MEDIUM_AVATAR_SIZE, in pixels. */
export const jdenticonSize = { default: 100, medium: 500 } as const;

export function jdenticonKey(realmUuid: string, userId: number): string {
  return `${realmUuid}:${userId}`;
}

export function jdenticonPng(realmUuid: string, userId: number, size: number): Buffer {
  return toPng(jdenticonKey(realmUuid, userId), size, zulipOptions);
}
