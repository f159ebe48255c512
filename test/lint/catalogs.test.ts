import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { mainAreas, windowAreas } from '../../src-main/i18n/catalogs';
import { windowLanguages } from '../../src-main/i18n/languages';

// Issue 38, points 2 and 6: every language says everything English says,
// with the same placeholders, and a message left in English counts as missing.

const locales = new URL('../../locales', import.meta.url).pathname;
const areas = [...windowAreas, ...mainAreas];

/**
 * Words every language writes as English does: names, units and protocol
 * words, never a sentence.
 */
const sameInEveryLanguage = new Set<string>([
  // The product and the API it speaks are names.
  'Hearth',
  'Zulip',
  // A DNS provider the host changes a public name's records through.
  'Cloudflare',
  // RFC 2606's example host name, the Hosting page's placeholder for a name the host answers to.
  'chat.example.com',
]);

/** Words one language shares with English, each checked to be that language's own word. */
const sameInLanguage: Readonly<Record<string, readonly string[]>> = {
  de: ['Name', 'Bots', 'Hosting', 'Administrator', 'Moderator', 'Offline', 'Desktop'],
  fr: ['Description', 'Bots', 'Actions', 'Conversation', 'Participants', 'Mentions'],
  es: ['Bots'],
  'pt-BR': ['Bots', 'Desktop'],
  ru: [],
  ja: [],
  'zh-Hans': [],
  ar: [],
};

async function catalog(code: string, area: string): Promise<Record<string, string>> {
  return JSON.parse(await readFile(join(locales, code, `${area}.json`), 'utf8')) as Record<
    string,
    string
  >;
}

/** The argument and tag names a message uses, sorted: what a translation must keep. */
function placeholders(message: string, code: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>): void => {
    for (const element of elements) {
      if ('value' in element && element.type !== 0) names.add(String(element.value));
      if ('children' in element && Array.isArray(element.children)) walk(element.children);
      if ('options' in element && element.options) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(new IntlMessageFormat(message, code).getAst());
  return [...names].sort();
}

describe('the message catalogs', () => {
  it('have a folder for each language the window offers, and nothing else', async () => {
    const folders = (await readdir(locales)).sort();
    expect(folders).toEqual(windowLanguages.map((language) => language.code).sort());
  });

  it.each(areas)('name every key of %s after its area', async (area) => {
    const english = await catalog('en', area);
    expect(Object.keys(english).filter((key) => !key.startsWith(`${area}.`))).toEqual([]);
  });

  it.each(windowLanguages.filter((language) => language.code !== 'en').map((l) => l.code))(
    'in %s have every English key, with its placeholders, translated',
    async (code) => {
      const problems: string[] = [];
      for (const area of areas) {
        const english = await catalog('en', area);
        const translated = await catalog(code, area);
        for (const [key, source] of Object.entries(english)) {
          const message = translated[key];
          if (message === undefined) problems.push(`${key}: missing`);
          else if (
            message === source &&
            !sameInEveryLanguage.has(source.trim()) &&
            !sameInLanguage[code]?.includes(source.trim())
          )
            problems.push(`${key}: still English`);
          else if (placeholders(message, code).join() !== placeholders(source, 'en').join())
            problems.push(
              `${key}: placeholders ${placeholders(message, code).join()} ≠ ${placeholders(source, 'en').join()}`,
            );
        }
        for (const key of Object.keys(translated)) {
          if (!(key in english)) problems.push(`${key}: not in English`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('allow only words some language does share with English', async () => {
    const english: Record<string, string> = {};
    for (const area of areas) Object.assign(english, await catalog('en', area));
    const shared = new Map<string, Set<string>>();
    for (const { code } of windowLanguages) {
      const words = new Set<string>();
      for (const area of areas) {
        const translated = await catalog(code, area);
        for (const [key, source] of Object.entries(english)) {
          if (code !== 'en' && translated[key] === source) words.add(source.trim());
        }
      }
      shared.set(code, words);
    }
    const everywhere = new Set([...shared.values()].flatMap((words) => [...words]));
    expect([...sameInEveryLanguage].filter((word) => !everywhere.has(word))).toEqual([]);
    for (const [code, words] of Object.entries(sameInLanguage)) {
      expect({ code, unused: words.filter((word) => !shared.get(code)?.has(word)) }).toEqual({
        code,
        unused: [],
      });
    }
  });
});
