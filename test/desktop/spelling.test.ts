import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { removeProfile, startTestHearth, type TestHearth } from '../helpers/hearth';

// Electron cannot run here: this fake stands in for the window's session,
// keeping the languages the adapter sets, and for the system's languages.
const electron = vi.hoisted(() => {
  const session = {
    availableSpellCheckerLanguages: ['de-DE', 'en-GB', 'en-US', 'fr'],
    set: [] as string[][],
    setSpellCheckerLanguages(languages: string[]) {
      session.set.push(languages);
    },
  };
  return { session, app: { getPreferredSystemLanguages: () => ['en-GB', 'fr-CA'] } };
});
vi.mock('electron', () => ({ app: electron.app }));

const { electronSpelling, followSpellingChoice } = await import('../../src-main/desktop/spelling');
type Session = Parameters<typeof followSpellingChoice>[1];
const session = electron.session as unknown as Session;

describe('the spell-checker’s languages in Electron', () => {
  let hearth: TestHearth;
  beforeAll(async () => {
    hearth = await startTestHearth({ secrets: createMemorySecretStore() });
  });
  afterAll(async () => {
    await hearth?.stop();
    if (hearth) await removeProfile(hearth.profileDir);
  });

  it('offers the session’s dictionaries and the system’s languages, except on macOS', () => {
    const offered = electronSpelling(session, 'linux');
    expect(offered?.available()).toEqual(['de-DE', 'en-GB', 'en-US', 'fr']);
    expect(offered?.preferred()).toEqual(['en-GB', 'fr-CA']);
    expect(electronSpelling(session, 'darwin')).toBeUndefined();
  });

  it('checks in the person’s languages at start, then in those chosen as soon as they change', async () => {
    electron.session.set.length = 0;
    const stop = followSpellingChoice(hearth.app, session, 'linux');
    expect(electron.session.set).toEqual([['en-GB', 'fr']]);

    await hearth.app.setPreferences({ spellcheckLanguages: ['de-DE'] });
    await hearth.app.setPreferences({ startAtLogin: true });
    await hearth.app.setPreferences({ spellcheckLanguages: null });
    stop();
    await hearth.app.setPreferences({ spellcheckLanguages: ['en-US'] });

    expect(electron.session.set).toEqual([['en-GB', 'fr'], ['de-DE'], ['en-GB', 'fr']]);
  });

  it('leaves the languages to macOS', async () => {
    electron.session.set.length = 0;
    const stop = followSpellingChoice(hearth.app, session, 'darwin');
    await hearth.app.setPreferences({ spellcheckLanguages: ['fr'] });
    stop();
    expect(electron.session.set).toEqual([]);
  });
});
