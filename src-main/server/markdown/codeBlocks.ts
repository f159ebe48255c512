import type { MarkdownIt } from 'markdown-it';
import type { Token } from 'markdown-it';
import { codeLanguage } from './codeLanguages';
import { escapeCode } from './escape';

// Zulip strips trailing whitespace from every line of a code block and ends
// the block with exactly one newline.
function codeText(content: string): string {
  const lines = content.split('\n').map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return `${lines.join('\n')}\n`;
}

// The `codehilite` wrapper and the empty span are Zulip's (Pygments') shape,
// which clients style and copy from.
function renderCode(tokens: Token[], index: number): string {
  const token = tokens[index];
  const language = token?.type === 'fence' ? codeLanguage(token.info) : '';
  const attrs = language ? ` data-code-language="${escapeCode(language)}"` : '';
  return `<div class="codehilite"${attrs}><pre><span></span><code>${escapeCode(codeText(token?.content ?? ''))}</code></pre></div>\n`;
}

export function codeBlocks(md: MarkdownIt): void {
  md.renderer.rules.fence = renderCode;
  md.renderer.rules.code_block = renderCode;
}
