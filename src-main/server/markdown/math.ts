import type { MarkdownIt } from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { escapeAttribute, escapeText } from './escape';
import { renderTex } from './tex';

// Zulip's inline TeX: `$$…$$` on one line, neither touching a word or another
// `$` nor starting with `_`, so `$$_$$` and `$$$` stay text; `\$` may appear inside.
const inlineTexSyntax = /^\$\$([^\n_$](?:\\\$|[^$\n])*)\$\$(?!\$)(?![\p{L}\p{N}_])/u;
const wordCharacter = /[\p{L}\p{N}_]/u;

function inlineTex(state: StateInline, silentMode: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 0x24 /* $ */) return false;
  const before = state.src.charAt(start - 1);
  if (before === '$' || wordCharacter.test(before)) return false;
  const match = inlineTexSyntax.exec(state.src.slice(start, state.posMax));
  if (match?.[1] === undefined) return false;
  if (!silentMode) state.push('math_inline', 'span', 0).content = match[1];
  state.pos += match[0].length;
  return true;
}

function renderInlineTex(tokens: Token[], index: number): string {
  const tex = tokens[index]?.content ?? '';
  return renderTex(tex, false) ?? `<span class="tex-error">$$${escapeText(tex)}$$</span>`;
}

// Zulip escapes invalid display math with Django's `escape`, which writes `'` as `&#x27;`.
function escapeTexSource(text: string): string {
  return escapeAttribute(text).replace(/'/g, '&#x27;');
}

/** Whether a fence's language makes it a Zulip display-math block. */
export function isMathLanguage(language: string): boolean {
  return language.toLowerCase() === 'math';
}

/**
 * A ```math block as Zulip renders it: every blank-line-separated part is a
 * displayed formula, and all of them share one paragraph.
 */
export function renderMathBlock(content: string): string {
  if (content === '') return '';
  const lines = content.replace(/\n$/, '').split('\n');
  const text = lines.map((line) => line.trimEnd()).join('\n');
  const formulas = text
    .split('\n\n')
    .map((tex) => renderTex(tex, true) ?? `<span class="tex-error">${escapeTexSource(tex)}</span>`);
  return `<p>${formulas.join('\n\n')}</p>\n`;
}

export function inlineMath(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'math_inline', inlineTex);
  md.renderer.rules.math_inline = renderInlineTex;
}
