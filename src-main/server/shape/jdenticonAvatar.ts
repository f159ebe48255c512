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

// Drawing takes 10–20 ms of the host's thread, and Zulip draws each picture
// once: the host keeps the pictures it drew lately. jdenticon loads on the
// first one, as most organizations never ask for it.
const drawnLately = new Map<string, Buffer>();
const keptPictures = 256;

export async function jdenticonPng(
  realmUuid: string,
  userId: number,
  size: number,
): Promise<Buffer> {
  const key = jdenticonKey(realmUuid, userId);
  const drawn = drawnLately.get(`${size}:${key}`);
  if (drawn) return drawn;
  const { toPng } = await import('jdenticon');
  const picture = toPng(key, size, zulipOptions);
  if (drawnLately.size >= keptPictures) {
    const oldest = drawnLately.keys().next().value;
    if (oldest !== undefined) drawnLately.delete(oldest);
  }
  drawnLately.set(`${size}:${key}`, picture);
  return picture;
}
