import { IntlMessageFormat } from 'intl-messageformat';
import type { Messages } from './catalogs';

export type MessageValues = Readonly<Record<string, string | number | Date | boolean>>;

/** A piece of a message with markup: plain text, or the text inside `<tag>…</tag>`. */
export type RichPart = string | { readonly tag: string; readonly text: string };

/**
 * Formats one language's messages (ICU MessageFormat: plurals, selects,
 * numbers, dates). Each message is parsed the first time it is shown, not
 * when the catalog loads, so a language costs at start only what the first
 * view says.
 */
export class MessageFormatter {
  // A message with nothing to put in is kept as its text: most of a view's
  // words are, and a feed says several for every message.
  readonly #compiled = new Map<string, IntlMessageFormat | string>();

  constructor(
    readonly code: string,
    readonly messages: Messages,
  ) {}

  /** `key`'s message with `values` put in; the key itself where the catalog lacks it. */
  format(key: string, values?: MessageValues): string {
    const message = this.#message(key);
    if (message === null) return key;
    if (typeof message === 'string') return message;
    const result: unknown = message.format(values);
    return typeof result === 'string' ? result : String(result);
  }

  /**
   * `key`'s message in parts, so a view can put a link or emphasis around
   * the words a translation marks with `<tag>…</tag>`, in whatever order the
   * language puts them.
   */
  rich(key: string, values?: MessageValues): RichPart[] {
    const message = this.#message(key);
    if (message === null) return [key];
    if (typeof message === 'string') return [message];
    const tags: Record<string, (chunks: unknown[]) => RichPart> = {};
    for (const tag of tagNames(message.getAst())) {
      tags[tag] = (chunks) => ({ tag, text: chunks.join('') });
    }
    const result: unknown = message.format<RichPart>({ ...values, ...tags });
    const parts = Array.isArray(result) ? (result as RichPart[]) : [result as RichPart];
    return mergeText(parts);
  }

  #message(key: string): IntlMessageFormat | string | null {
    const cached = this.#compiled.get(key);
    if (cached !== undefined) return cached;
    const source = this.messages[key];
    if (source === undefined) return null;
    const compiled = this.compile(source);
    const [only, ...rest] = compiled.getAst();
    const plain = rest.length === 0 && only?.type === 0 ? only.value : compiled;
    this.#compiled.set(key, plain);
    return plain;
  }

  protected compile(source: string): IntlMessageFormat {
    return new IntlMessageFormat(source, this.code);
  }
}

function tagNames(elements: ReturnType<IntlMessageFormat['getAst']>): Set<string> {
  const names = new Set<string>();
  const walk = (list: typeof elements): void => {
    for (const element of list) {
      if ('children' in element && Array.isArray(element.children)) {
        names.add(element.value);
        walk(element.children);
      }
      if ('options' in element && element.options) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(elements);
  return names;
}

// The formatter hands back text beside a value as separate strings.
function mergeText(parts: readonly RichPart[]): RichPart[] {
  const merged: RichPart[] = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (typeof part === 'string' && typeof last === 'string')
      merged[merged.length - 1] = last + part;
    else merged.push(part);
  }
  return merged;
}
