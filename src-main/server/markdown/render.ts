import MarkdownIt from 'markdown-it';

const allowedLinkSchemes = /^(https?:|mailto:)/i;

// A thin start on Zulip's dialect: raw HTML is shown as text, and only web and
// mail links become anchors, since rendered HTML is trusted by every client.
const md = new MarkdownIt('zero', { html: false, linkify: true, breaks: true })
  .enable(['paragraph', 'newline', 'escape', 'entity', 'emphasis', 'strikethrough'])
  .enable(['backticks', 'fence', 'code', 'blockquote', 'list'])
  .enable(['link', 'autolink', 'linkify']);

md.validateLink = (url) => allowedLinkSchemes.test(url.trim());

const defaultLinkOpen = md.renderer.rules.link_open;
md.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = token?.attrGet('href');
  // Zulip opens message links outside the app and titles them with their target.
  if (token && href) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
    token.attrSet('title', href);
  }
  return defaultLinkOpen
    ? defaultLinkOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

// Zulip wraps code blocks in a `codehilite` div, which clients style and copy from.
md.renderer.rules.fence = (tokens, index) => {
  const token = tokens[index];
  const language = token?.info.trim().split(/\s+/)[0] ?? '';
  const attrs = language ? ` data-code-language="${md.utils.escapeHtml(language)}"` : '';
  return `<div class="codehilite"${attrs}><pre><span></span><code>${md.utils.escapeHtml(token?.content ?? '')}</code></pre></div>\n`;
};
md.renderer.rules.code_block = md.renderer.rules.fence;

export function renderMarkdown(content: string): string {
  return md.render(content).trimEnd();
}
