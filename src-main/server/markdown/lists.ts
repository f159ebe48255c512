import type { MarkdownIt } from 'markdown-it';
import type { RendererRule } from 'markdown-it';

// Python-Markdown puts a nested list right after the item's text, with no
// newline between them (`<li>two<ul>`); clients' text extraction sees that.
const nestedListOpen: RendererRule = (tokens, index, options, _env, self) => {
  const html = self.renderToken(tokens, index, options);
  return tokens[index - 1]?.hidden ? html.replace(/^\n/, '') : html;
};

export function zulipLists(md: MarkdownIt): void {
  md.renderer.rules.bullet_list_open = nestedListOpen;
  md.renderer.rules.ordered_list_open = nestedListOpen;
}
