import { afterEach, describe, expect, it } from 'vitest';
import {
  mainLanguage,
  mt,
  onMainLanguageChange,
  setMainLanguage,
} from '../../src-main/i18n/mainText';

// What main says follows the window's language, and is English until told.

describe("main's own words", () => {
  afterEach(() => setMainLanguage('en'));

  it('are English before the window has chosen', () => {
    expect(mainLanguage()).toBe('en');
    expect(mt('main.tray.show')).toBe('Show Hearth');
  });

  it("speak the window's language once told, and tell the menus to be built again", async () => {
    const changes: string[] = [];
    const stop = onMainLanguageChange(() => changes.push(mainLanguage()));
    await setMainLanguage('de');
    stop();
    expect(mt('main.tray.show')).toBe('Hearth anzeigen');
    expect(mt('main.notification.groupTitle', { sender: 'Ana', others: 2 })).toBe(
      'Ana (an dich und 2 weitere Personen)',
    );
    expect(changes).toEqual(['de']);
  });

  it('read a code the window does not speak, or no code at all, as English', async () => {
    await setMainLanguage('fr');
    await setMainLanguage('../../package');
    expect(mainLanguage()).toBe('en');
    expect(mt('main.app.quit')).toBe('Quit Hearth');
  });

  it('keep the language asked for last when an earlier one loads later', async () => {
    const russian = setMainLanguage('ru');
    await setMainLanguage('ja');
    await russian;
    expect(mainLanguage()).toBe('ja');
    expect(mt('main.menu.file')).toBe('ファイル');
  });
});
