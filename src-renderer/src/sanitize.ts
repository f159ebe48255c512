import DOMPurify from 'dompurify';

// Message HTML comes from a server we may not control; it passes through here,
// once, before any {@html}. The allow-list is the markup Zulip's renderer emits.
const purifier = DOMPurify();

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeMessageHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [
      'a',
      'b',
      'blockquote',
      'br',
      'code',
      'del',
      'div',
      'em',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'hr',
      'i',
      'img',
      'li',
      'ol',
      'p',
      'pre',
      's',
      'span',
      'strong',
      'sub',
      'sup',
      'table',
      'tbody',
      'td',
      'th',
      'thead',
      'time',
      'tr',
      'ul',
    ],
    ALLOWED_ATTR: [
      'href',
      'title',
      'class',
      'src',
      'alt',
      'datetime',
      'data-user-id',
      'data-stream-id',
      'data-code-language',
    ],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#)/i,
  });
}
