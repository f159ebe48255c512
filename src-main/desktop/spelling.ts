import { app, type Session } from 'electron';
import type { HearthApp } from '../client/app/hearthApp';
import type { SpellingPort } from '../client/ports/spellingPort';
import { spellingLanguagesToUse } from '../client/preferences/spellingLanguages';
import { followPreference } from './followPreference';

// The spell-checker's languages, chosen in Settings › Desktop. macOS checks
// spelling with the system's own checker, which takes its languages from the
// system and ignores Electron's setSpellCheckerLanguages: there, nothing is
// offered and nothing is set.

/** What the window's session offers; undefined on macOS. */
export function electronSpelling(
  session: Session,
  platform: NodeJS.Platform = process.platform,
): SpellingPort | undefined {
  if (platform === 'darwin') return undefined;
  return {
    available: () => session.availableSpellCheckerLanguages,
    preferred: () => app.getPreferredSystemLanguages(),
  };
}

/**
 * Sets the session's languages from the preference now and whenever it
 * changes; stops when the returned function is called.
 */
export function followSpellingChoice(
  hearth: Pick<HearthApp, 'appState' | 'on'>,
  session: Session,
  platform: NodeJS.Platform = process.platform,
): () => void {
  const spelling = electronSpelling(session, platform);
  if (!spelling) return () => undefined;
  return followPreference(
    hearth,
    (state) => state.preferences.spellcheckLanguages,
    (chosen) => {
      const languages = spellingLanguagesToUse(chosen, spelling);
      if (languages.length > 0) session.setSpellCheckerLanguages(languages);
    },
  );
}
