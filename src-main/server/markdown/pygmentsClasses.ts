// Zulip highlights code with Pygments, and Zulip clients style Pygments' short
// token classes (`k`, `nf`, `s`…); highlight.js names scopes differently, so
// each scope is translated to the Pygments token it stands for.
type TokenClass = string | ((text: string) => string);

function numberClass(text: string): string {
  if (/^0x/i.test(text)) return 'mh';
  if (/^0b/i.test(text)) return 'mb';
  if (/^0o/i.test(text)) return 'mo';
  if (/^[-+]?\d[\d_]*[lu]*$/i.test(text)) return 'mi';
  if (/^[-+]?[\d_]*\.?[\d_]*(?:e[+-]?\d+)?[fd]?$/i.test(text) && /[.e]/i.test(text)) return 'mf';
  return 'm';
}

// Pygments tells `# line` comments (c1) from `/* block */` ones (cm).
function commentClass(text: string): string {
  return text.includes('\n') || /^(?:\/\*|<!--|\{-|\(\*)/.test(text) ? 'cm' : 'c1';
}

// highlight.js calls shebangs, decorators and preprocessor lines all `meta`.
function metaClass(text: string): string {
  if (text.startsWith('#!')) return 'ch';
  if (text.startsWith('@')) return 'nd';
  return 'cp';
}

// Pygments' diff lexer marks whole header lines as removed, added or heading.
function diffHeaderClass(text: string): string {
  if (text.startsWith('-')) return 'gd';
  if (text.startsWith('+')) return 'gi';
  return 'gh';
}

const classesByScope: Readonly<Record<string, TokenClass>> = {
  addition: 'gi',
  attr: 'na',
  attribute: 'na',
  built_in: 'nb',
  bullet: 'k',
  'char.escape': 'se',
  code: 'sb',
  comment: commentClass,
  deletion: 'gd',
  emphasis: 'ge',
  formula: 's',
  keyword: 'k',
  link: 'nl',
  literal: 'kc',
  meta: metaClass,
  'meta.prompt': 'gp',
  name: 'nt',
  number: numberClass,
  operator: 'o',
  property: 'py',
  punctuation: 'p',
  quote: 'ge',
  regexp: 'sr',
  section: 'gh',
  'selector-attr': 'na',
  'selector-class': 'nc',
  'selector-id': 'nn',
  'selector-pseudo': 'nd',
  'selector-tag': 'nt',
  string: 's',
  strong: 'gs',
  subst: 'si',
  symbol: 'ss',
  tag: 'nt',
  'template-tag': 'cp',
  'template-variable': 'nv',
  title: 'nf',
  'title.class': 'nc',
  type: 'kt',
  variable: 'nv',
  'variable.constant': 'no',
  'variable.language': 'bp',
};

// Where one highlight.js grammar serves languages Pygments lexes differently.
const classesByLanguage: Readonly<Record<string, Readonly<Record<string, TokenClass>>>> = {
  Diff: { comment: diffHeaderClass, meta: 'gu' },
  HTML: { symbol: 'ni', tag: 'p' },
  XML: { symbol: 'ni' },
};

// Inside a preprocessor line Pygments colours the directive and its file name
// as one (`#include` is cp, `<stdio.h>` cpf).
const classesInsideMeta: Readonly<Record<string, string>> = { keyword: 'cp', string: 'cpf' };

export interface ScopeContext {
  /** The code block's language, as `codeLanguage` names it. */
  language: string;
  /** The comment or preprocessor line that encloses the scope. */
  within?: 'comment' | 'meta';
}

/**
 * The Pygments class for text in a highlight.js scope (`title.function`), or
 * undefined when its text keeps the enclosing class: the scope only groups
 * others (`params`) or lies inside a comment.
 */
export function pygmentsClass(
  scope: string,
  text: string,
  context: ScopeContext,
): string | undefined {
  // Pygments has no tokens inside a comment: a `TODO` is part of it.
  if (context.within === 'comment') return undefined;
  if (context.within === 'meta' && classesInsideMeta[scope]) return classesInsideMeta[scope];
  const overrides = classesByLanguage[context.language];
  for (let name = scope; name; name = name.slice(0, Math.max(0, name.lastIndexOf('.')))) {
    const tokenClass = overrides?.[name] ?? classesByScope[name];
    if (tokenClass !== undefined) {
      return typeof tokenClass === 'string' ? tokenClass : tokenClass(text);
    }
  }
  return undefined;
}
