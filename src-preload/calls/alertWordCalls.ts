import { z } from 'zod';

// The bridge's part for the user's alert words (Zulip's /users/me/alert_words):
// a message holding one of them notifies like a mention. Each change answers
// with the whole list as the server keeps it; the page follows the server's
// alert_words events through the snapshot.

// Zulip's AlertWord.MAX_ALERT_WORD_LENGTH; the server trims it too.
const alertWord = z.string().trim().min(1).max(100);

export const alertWordListSchema = z.object({ words: z.array(z.string()) });
export type AlertWordList = z.infer<typeof alertWordListSchema>;

export const alertWordBridgeCalls = {
  listAlertWords: { args: z.object({}), result: alertWordListSchema },
  addAlertWord: { args: z.object({ word: alertWord }), result: alertWordListSchema },
  removeAlertWord: { args: z.object({ word: alertWord }), result: alertWordListSchema },
} as const;
