import { z } from 'zod';

// Zulip answers a request it stopped partway, out of time, with "result":
// "partially_completed" (Zulip 6, feature levels 153 and 154) or, from
// Zulip 8 (feature level 211), `complete: false`; its web app asks again.
export const partialSchema = z.looseObject({
  result: z.string(),
  complete: z.boolean().optional(),
});
const isPartial = (answer: z.infer<typeof partialSchema>): boolean =>
  answer.result === 'partially_completed' || answer.complete === false;
// The most parts one request the server works through in parts is asked for.
export const partialRounds = 50;

export async function untilComplete(
  request: () => Promise<z.infer<typeof partialSchema>>,
): Promise<void> {
  for (let round = 0; round < partialRounds; round++) {
    if (!isPartial(await request())) return;
  }
}
