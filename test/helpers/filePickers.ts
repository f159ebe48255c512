import type { FilePickers } from '../../src-main/client/ports/filePickers';
import type { SpellingPort } from '../../src-main/client/ports/spellingPort';

/**
 * The person before the desktop's save and folder dialogs, as a test plays
 * them: each dialog shown is kept, with where it opened, and answered with
 * the next of `answers` (a path, or null for Cancel; Cancel when none is left).
 */
export interface FakePickers extends FilePickers {
  shown: { dialog: 'saveAs' | 'folder'; at: string }[];
  answers: (string | null)[];
}

export function fakePickers(): FakePickers {
  const pickers: FakePickers = {
    shown: [],
    answers: [],
    saveAs: async (suggested) => {
      pickers.shown.push({ dialog: 'saveAs', at: suggested });
      return pickers.answers.shift() ?? null;
    },
    folder: async (startAt) => {
      pickers.shown.push({ dialog: 'folder', at: startAt });
      return pickers.answers.shift() ?? null;
    },
  };
  return pickers;
}

/** A spell-checker with a few dictionaries, on a system set to American English. */
export const testSpelling: SpellingPort = {
  available: () => ['de-DE', 'en-GB', 'en-US', 'es', 'fr', 'pt-BR'],
  preferred: () => ['en-US'],
};
