import { z } from 'zod';
import { MAX_STATUS_TEXT_LENGTH } from '../../src-main/wire/userStatus';

// The bridge's part for the reader's status (Zulip's POST /users/me/status):
// a text and an emoji shown beside their name, and being away. Statuses
// reach the window in the snapshot, each person's beside their name, as the
// server's user_status events keep them.

/** A status's emoji as drawn: a Unicode character, or an organization's picture. */
export const statusEmojiSchema = z.object({
  name: z.string(),
  code: z.string(),
  type: z.string(),
  /** A Unicode emoji's character; null for the organization's own. */
  glyph: z.string().nullable(),
  /** An organization's emoji's picture, to ask emojiImage for; null otherwise. */
  imageUrl: z.string().nullable(),
});
export type StatusEmoji = z.infer<typeof statusEmojiSchema>;

/** Someone's status: a text (empty when only an emoji is set) and an emoji, or none. */
export const personStatusSchema = z.object({
  text: z.string(),
  emoji: statusEmojiSchema.nullable(),
});
export type PersonStatus = z.infer<typeof personStatusSchema>;

// The server trims the text and counts characters, not UTF-16 units.
const statusText = z
  .string()
  .trim()
  .refine((text) => [...text].length <= MAX_STATUS_TEXT_LENGTH, {
    message: `at most ${MAX_STATUS_TEXT_LENGTH} characters`,
  });

const chosenEmoji = z.object({
  name: z.string().min(1).max(100),
  code: z.string().min(1).max(100),
  type: z.enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']),
});

export const statusBridgeCalls = {
  /**
   * Sets the reader's status text and emoji, both at once as Zulip's web app
   * does: an empty text and a null emoji clear the status. Refused offline;
   * the server's event then changes the snapshot.
   */
  setStatus: {
    args: z.object({ text: statusText, emoji: chosenEmoji.nullable() }),
    result: z.object({}),
  },
  /** Zulip's deprecated `away`: others see the reader as unavailable, and presence stops. */
  setAway: { args: z.object({ away: z.boolean() }), result: z.object({}) },
} as const;
