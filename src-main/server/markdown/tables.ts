import type { MarkdownIt } from 'markdown-it';
import type { StateCore } from 'markdown-it';

// Python-Markdown, which Zulip uses, aligns cells with `text-align: x;`.
function alignCells(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const style = token.attrGet('style');
    const align = /text-align:(\w+)/.exec(String(style ?? ''))?.[1];
    if (align) token.attrSet('style', `text-align: ${align};`);
  }
}

export function tableAlignment(md: MarkdownIt): void {
  md.core.ruler.push('table_alignment', alignCells);
}
