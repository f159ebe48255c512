import { IntlMessageFormat } from 'intl-messageformat';
import type { JsonValue, JsonValues } from './page';
import type { Pick } from './seededRandom';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

// intl-messageformat's element types (@formatjs/icu-messageformat-parser TYPE).
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

const stringPools: Record<string, readonly string[]> = {
  name: ['Aaron', 'Bea Ortiz', 'Chidi', 'Dana Kowalski', 'Émile', 'Farah'],
  channel: ['general', 'design', 'release-planning', 'help', 'random'],
  topic: ['weekly sync', 'bug triage', 'lunch', 'v2 launch', 'onboarding'],
  email: ['aaron@example.com', 'bea@hearth.test'],
  file: ['report.pdf', 'screenshot 2026-11-25.png', 'notes.txt'],
  host: ['chat.example.com', 'hearth.local:9443'],
  version: ['0.2.0', '1.4.3'],
  reason: ['the file is too large', 'the host refused it'],
  language: ['Deutsch', '日本語', 'Français'],
  emoji: [':tada:', ':thumbs_up:'],
  organization: ['Acme', 'Hearth Friends'],
  path: ['~/Downloads/export.zip'],
  where: ['the sidebar', 'your inbox', 'this window'],
  advice: ['Try again later.', 'Nothing was lost.'],
  detail: ['offline', 'read-only'],
  device: ['the laptop', 'Pixel 9'],
};
const numberPool = [0, 1, 2, 3, 5, 12, 21, 101, 1234];

/** Values for every argument of `source`, chosen from its names and types; tags are named apart. */
export function valuesFor(source: string, pick: Pick): { values?: JsonValues; tags: string[] } {
  const values: Record<string, JsonValue> = {};
  const tags: string[] = [];
  const walk = (elements: readonly Element[]): void => {
    for (const element of elements) {
      const name = (element as { value?: unknown }).value;
      if (typeof name === 'string') {
        switch (element.type as number) {
          case ARGUMENT:
            values[name] ??= pick(stringPools[name] ?? ['Hearth']);
            break;
          case NUMBER:
            values[name] ??= name === 'fraction' ? pick([0.05, 0.42, 0.875]) : pick(numberPool);
            break;
          case DATE:
          case TIME:
            values[name] ??= { date: Date.UTC(2026, 10, pick([1, 12, 25]), pick([8, 15]), 45) };
            break;
          case PLURAL:
            values[name] ??= pick(numberPool);
            break;
          case SELECT:
            if ('options' in element) {
              const options = Object.keys(element.options);
              const named = options.filter((option) => option !== 'other');
              values[name] ??= pick(named.length > 0 ? named : options);
            }
            break;
          case TAG:
            if (!tags.includes(name)) tags.push(name);
            break;
        }
      }
      if ('options' in element && element.options) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if ('children' in element && Array.isArray(element.children)) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(source, 'en').getAst());
  return Object.keys(values).length > 0 ? { values, tags } : { tags };
}
