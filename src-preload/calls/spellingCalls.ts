import { z } from 'zod';

// The bridge's part for the spell-checker's languages, which Settings ›
// Desktop chooses among (the choice itself is the spellcheckLanguages
// preference, changed as the others are).

export const spellingOffersSchema = z.object({
  /**
   * False where the system chooses the languages itself (macOS, a browser):
   * the window then has nothing to offer.
   */
  choosable: z.boolean(),
  /** The languages the spell-checker has dictionaries for, as BCP 47 tags. */
  available: z.array(z.string()),
  /** What it checks in while the person has chosen none: their system's languages. */
  systemLanguages: z.array(z.string()),
});
export type SpellingOffers = z.infer<typeof spellingOffersSchema>;

export const spellingBridgeCalls = {
  spellingOffers: { args: z.object({}), result: spellingOffersSchema },
} as const;
