import { describe, expect, it } from 'vitest';
import { chooseLanguage, matchLanguage } from '../../src-main/i18n/languages';

describe('the language the window speaks', () => {
  it("reads Zulip's codes and the system's tags alike", () => {
    expect(matchLanguage('de')?.code).toBe('de');
    expect(matchLanguage('de-AT')?.code).toBe('de');
    expect(matchLanguage('pt_BR')?.code).toBe('pt-BR');
    expect(matchLanguage('pt-br')?.code).toBe('pt-BR');
    expect(matchLanguage('pt')?.code).toBe('pt-BR');
    expect(matchLanguage('zh-hans')?.code).toBe('zh-Hans');
    expect(matchLanguage('zh-CN')?.code).toBe('zh-Hans');
    expect(matchLanguage('ar-EG')?.code).toBe('ar');
    expect(matchLanguage('en-XA')?.code).toBe('en-XA');
  });

  it('finds none for a language it does not speak, Traditional Chinese included', () => {
    expect(matchLanguage('it')).toBeNull();
    expect(matchLanguage('zh-TW')).toBeNull();
    expect(matchLanguage('zh_Hant')).toBeNull();
    expect(matchLanguage('')).toBeNull();
    expect(matchLanguage(null)).toBeNull();
  });

  it("takes the account's setting first, then the system's languages, then English", () => {
    expect(chooseLanguage(['ja', 'de-DE']).code).toBe('ja');
    expect(chooseLanguage(['it', 'fr-CA', 'de']).code).toBe('fr');
    expect(chooseLanguage([null, 'ru-RU']).code).toBe('ru');
    expect(chooseLanguage(['it', 'nl']).code).toBe('en');
    expect(chooseLanguage([]).code).toBe('en');
  });

  it('writes Arabic right to left, and the others left to right', () => {
    expect(matchLanguage('ar')?.dir).toBe('rtl');
    expect(matchLanguage('he')).toBeNull();
    expect(matchLanguage('ja')?.dir).toBe('ltr');
  });
});
