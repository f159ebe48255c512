// The part of every candidate's page that is not the library: the first
// view's 300 messages with their values, formatted one after the other as a
// window's first paint asks for them, then the mark the bench times to.

/** A value as the bench ships it to the page; a date travels as its time. */
export type JsonValue = string | number | { date: number };
export type JsonValues = Readonly<Record<string, JsonValue>>;

export interface FirstViewEntry {
  key: string;
  values?: JsonValues;
  /** The message's `<tag>`s, each given a function that puts its text back between the tags. */
  tags: string[];
}

export type TagFunction = (chunks: unknown[]) => string;
export type Values = Record<string, string | number | Date | TagFunction>;
/** A candidate's way of saying `key` with `values`, as the window's `t` would. */
export type Format = (key: string, values: Values | undefined) => string;

/** What a page leaves for the bench to read once it has formatted its first view. */
export interface PageResult {
  /** Messages that came back as text other than their key. */
  formatted: number;
  outputs: string[];
  /** Navigation start to the `formatted` mark. */
  loadToFormatted: number;
  /** The same `format`, for the feature messages the bench formats after the timing. */
  formatEach(entries: readonly FirstViewEntry[], wrapTags: boolean): string[];
}

declare global {
  var i18nBench: PageResult | undefined;
  var i18nKeep: unknown;
}

function valuesOf(entry: FirstViewEntry, tag: (name: string) => TagFunction): Values | undefined {
  if (!entry.values && entry.tags.length === 0) return undefined;
  const values: Values = {};
  for (const [name, value] of Object.entries(entry.values ?? {})) {
    values[name] = typeof value === 'object' ? new Date(value.date) : value;
  }
  for (const name of entry.tags) values[name] = tag(name);
  return values;
}

const asMarkup = (name: string) => (chunks: unknown[]) => `<${name}>${chunks.join('')}</${name}>`;
const inBrackets = () => (chunks: unknown[]) => `[${chunks.join('')}]`;

/**
 * Formats the first view with `format` and marks the moment it is done.
 * `keep` is what the library holds (its caches, its instance): it stays
 * reachable, as in a window, so the heap measured after counts it.
 */
export function showFirstView(
  format: Format,
  firstView: readonly FirstViewEntry[],
  keep: unknown,
): void {
  const outputs: string[] = [];
  let formatted = 0;
  for (const entry of firstView) {
    const text = format(entry.key, valuesOf(entry, asMarkup));
    if (typeof text === 'string' && text !== '' && text !== entry.key) formatted++;
    outputs.push(text);
  }
  const mark = performance.mark('formatted');
  globalThis.i18nKeep = keep;
  globalThis.i18nBench = {
    formatted,
    outputs,
    loadToFormatted: mark.startTime,
    formatEach: (entries, wrapTags) =>
      entries.map((entry) => {
        try {
          return String(format(entry.key, valuesOf(entry, wrapTags ? inBrackets : asMarkup) ?? {}));
        } catch (error) {
          return `threw ${String(error)}`;
        }
      }),
  };
}
