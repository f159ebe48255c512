import { describe, expect, it } from 'vitest';
import {
  spellingLanguagesToUse,
  systemSpellingLanguages,
} from '../../../src-main/client/preferences/spellingLanguages';

// Issue 57, point 2: the spell-checker checks in the languages the person
// chose among those the system offers; until they choose, in their own.

const offered = ['de-DE', 'en-GB', 'en-US', 'fr', 'pt-BR'];
const spelling = (preferred: string[]) => ({
  available: () => offered,
  preferred: () => preferred,
});

describe('the spell-checker’s languages', () => {
  it('checks in the person’s system languages it has dictionaries for, by region or else by language', () => {
    expect(systemSpellingLanguages(['en-GB', 'fr-CA', 'ja'], offered)).toEqual(['en-GB', 'fr']);
    expect(systemSpellingLanguages(['ja'], offered)).toEqual([]);
  });

  it('checks in the languages chosen, in the person’s order', () => {
    expect(spellingLanguagesToUse(['fr', 'de-DE'], spelling(['en-US']))).toEqual(['fr', 'de-DE']);
  });

  it('leaves out a chosen language this computer has no dictionary for', () => {
    expect(spellingLanguagesToUse(['nl', 'fr'], spelling(['en-US']))).toEqual(['fr']);
  });

  it('goes back to the system’s languages when none chosen is offered here', () => {
    expect(spellingLanguagesToUse(['nl'], spelling(['pt-BR']))).toEqual(['pt-BR']);
    expect(spellingLanguagesToUse(null, spelling(['de-AT', 'en-US']))).toEqual(['en-US']);
  });
});
