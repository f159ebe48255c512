import type { SpellingPort } from '../ports/spellingPort';

/**
 * The spell-checker's languages when the person has not chosen: each of the
 * system's languages it has a dictionary for, as the region's (`en-GB`) or
 * else the language's (`en`).
 */
export function systemSpellingLanguages(
  preferred: readonly string[],
  available: readonly string[],
): string[] {
  const offered = new Set(available);
  const wanted = preferred.flatMap((tag) => {
    const language = tag.split('-')[0] ?? tag;
    return [tag, language].filter((candidate) => offered.has(candidate));
  });
  return [...new Set(wanted)];
}

/**
 * The languages to check in: those chosen that this computer still offers
 * (a profile moved to another computer may name others), else the system's.
 */
export function spellingLanguagesToUse(
  chosen: readonly string[] | null,
  spelling: SpellingPort,
): string[] {
  const available = spelling.available();
  const offered = new Set(available);
  const kept = (chosen ?? []).filter((language) => offered.has(language));
  return kept.length > 0 ? kept : systemSpellingLanguages(spelling.preferred(), available);
}
