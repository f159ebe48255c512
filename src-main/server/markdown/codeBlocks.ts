import type { MarkdownIt } from 'markdown-it';
import type { Token } from 'markdown-it';
import { codeLanguage } from './codeLanguages';
import { escapeAttribute, escapeCode, escapeText } from './escape';
import { highlightCode } from './highlight';
import { isMathLanguage, renderMathBlock } from './math';

// Zulip strips trailing whitespace from every line of a code block and ends
// the block with exactly one newline.
function codeText(content: string): string {
  const lines = content.split('\n').map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return `${lines.join('\n')}\n`;
}

// The `codehilite` wrapper and the empty span are Zulip's (Pygments') shape,
// which clients style and copy from. Zulip re-serializes a block that names a
// language to add `data-code-language`, which leaves quotes in it unescaped.
function renderCode(tokens: Token[], index: number): string {
  const token = tokens[index];
  const content = token?.content ?? '';
  const language = token?.type === 'fence' ? codeLanguage(token.info) : '';
  if (isMathLanguage(language)) return renderMathBlock(content);
  const text = codeText(content);
  if (!language) {
    return `<div class="codehilite"><pre><span></span><code>${escapeCode(text)}</code></pre></div>\n`;
  }
  const code = text.slice(0, -1);
  const body = highlightCode(code, language) ?? escapeText(code);
  return `<div class="codehilite" data-code-language="${escapeAttribute(language)}"><pre><span></span><code>${body}\n</code></pre></div>\n`;
}

export function codeBlocks(md: MarkdownIt): void {
  md.renderer.rules.fence = renderCode;
  md.renderer.rules.code_block = renderCode;
}
