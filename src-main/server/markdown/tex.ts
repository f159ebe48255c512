import { createRequire } from 'node:module';
import type Katex from 'katex';

// KaTeX is loaded with the first formula: it holds some 6 MB of a host's
// memory, which one whose people never write math need not spend.
let loadedKatex: typeof Katex | undefined;
const katex = (): typeof Katex =>
  (loadedKatex ??= createRequire(import.meta.url)('katex') as typeof Katex);

// KaTeX 0.18 prefixed these internal classes (`base` became `katex-base`);
// Zulip 7.0 renders with KaTeX 0.16, and Zulip clients parse and style the
// unprefixed names.
const prefixedClasses: ReadonlySet<string> = new Set([
  'accent',
  'base',
  'fix',
  'hdashline',
  'hline',
  'inner',
  'newline',
  'overlay',
  'overline',
  'root',
  'rule',
  'sizing',
  'smash',
  'sout',
  'stretchy',
  'strut',
  'tag',
  'thinbox',
  'underline',
  'vbox',
]);

function unprefixed(className: string): string {
  const name = className.slice('katex-'.length);
  return className.startsWith('katex-') && prefixedClasses.has(name) ? name : className;
}

// KaTeX escapes every quote in text, so `class="…"` only ever opens a class attribute.
function withZulipClassNames(html: string): string {
  return html.replace(
    / class="([^"]*)"/g,
    (_, classes: string) => ` class="${classes.split(' ').map(unprefixed).join(' ')}"`,
  );
}

/**
 * KaTeX's HTML and MathML for a formula, as Zulip's `render_tex` produces
 * with the KaTeX command line (default options), or null when KaTeX cannot
 * render it: Zulip then shows the source instead.
 */
export function renderTex(tex: string, displayMode: boolean): string | null {
  try {
    // `strict: 'ignore'` renders exactly as the command line's default 'warn', without logging.
    const html = katex().renderToString(tex, { displayMode, throwOnError: true, strict: 'ignore' });
    return withZulipClassNames(html);
  } catch {
    return null;
  }
}
