import type { MarkdownIt } from 'markdown-it';
import type { StateCore } from 'markdown-it';
import { autolinkDomains } from './autolinkDomains';

// Zulip's sanitize_url: these schemes may become links; anything else
// (javascript:, data:, vbscript:, unknown app schemes) stays text.
const safeSchemes = new Set(['http', 'https', 'ftp', 'irc', 'mailto', 'xmpp', 'tel', 'sms']);
const locationlessSchemes = new Set(['mailto', 'tel', 'sms']);
const schemeSyntax = /^([a-z][a-z0-9+.-]*):/i;

/** The href Zulip would give a link target, or null when it must stay text. */
export function zulipHref(target: string): string | null {
  const url = target.trim();
  // `//host/…` names another host with the page's own scheme (app: in the
  // desktop window); Zulip reads it as a host without a scheme and refuses it.
  if (url.startsWith('//')) return null;
  if (url.startsWith('/') || url.startsWith('#')) return url;
  const scheme = schemeSyntax.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // Zulip reads a bare address as mail and anything else as a web address.
    return url.includes('@') && !url.includes('/') ? `mailto:${url}` : `http://${url}`;
  }
  if (!safeSchemes.has(scheme)) return null;
  if (!locationlessSchemes.has(scheme) && !url.slice(scheme.length + 1).startsWith('//')) {
    return null;
  }
  return url;
}

// Zulip shows the target itself as the text of a link written with empty text.
function fillEmptyLinkText(state: StateCore): void {
  for (const block of state.tokens) {
    const children = block.children;
    if (!children) continue;
    for (let i = 0; i < children.length; i += 1) {
      const open = children[i];
      if (open?.type !== 'link_open') continue;
      let close = i + 1;
      while (children[close]?.type === 'text' && children[close]?.content.trim() === '') close += 1;
      if (children[close]?.type !== 'link_close') continue;
      const text = new state.Token('text', '', 0);
      text.content = String(open.attrGet('href') ?? '');
      children.splice(i + 1, close - i - 1, text);
    }
  }
}

export function zulipLinks(md: MarkdownIt): void {
  const normalize = md.normalizeLink.bind(md);
  md.normalizeLink = (url) => {
    const href = zulipHref(url);
    return href === null ? '' : normalize(href);
  };
  md.validateLink = (url) => url !== '' && zulipHref(url) !== null;
  md.linkify.set({ fuzzyLink: true }).tlds([...autolinkDomains], false);
  md.core.ruler.push('fill_empty_link_text', fillEmptyLinkText);
}
