import { app, type Session } from 'electron';
import type { HearthApp } from '../client/app/hearthApp';
import type { SpellingPort } from '../client/ports/spellingPort';
import { spellingLanguagesToUse } from '../client/preferences/spellingLanguages';

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
  let applied = '';
  const apply = (chosen: readonly string[] | null) => {
    const languages = spellingLanguagesToUse(chosen, spelling);
    // The app state comes often; the dictionaries are only touched when the choice moves.
    const key = languages.join(',');
    if (key === applied || languages.length === 0) return;
    applied = key;
    session.setSpellCheckerLanguages(languages);
  };
  apply(hearth.appState().preferences.spellcheckLanguages);
  return hearth.on('appState', (state) => apply(state.preferences.spellcheckLanguages));
}
