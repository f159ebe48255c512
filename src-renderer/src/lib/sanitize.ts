import DOMPurify from 'dompurify';
import { withoutPolicyTriggers } from './policyTriggers';
import { emojiGlyph } from '../../../src-main/wire/emojiGlyph';

// Message HTML comes from a server we may not control; it passes through here,
// once, before any {@html}. The allow-list is the markup Zulip's renderer emits.
const purifier = DOMPurify();

const mathMlNamespace = 'http://www.w3.org/1998/Math/MathML';

const htmlTags = [
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
];

const htmlAttributes = [
  'href',
  'title',
  'class',
  'src',
  'alt',
  'datetime',
  'aria-hidden',
  'data-user-id',
  'data-stream-id',
  'data-code-language',
];

// Zulip renders TeX with KaTeX, whose output carries the formula twice: as
// MathML and as `katex-html`, spans laid out by inline styles the
// Content-Security-Policy forbids. Chromium draws MathML Core natively, so the
// MathML KaTeX emits is kept and the styled duplicate is hidden in app.css.
const mathMlTags = [
  'math',
  'semantics',
  'annotation',
  'menclose',
  'mfrac',
  'mi',
  'mn',
  'mo',
  'mover',
  'mpadded',
  'mphantom',
  'mroot',
  'mrow',
  'ms',
  'mspace',
  'msqrt',
  'mstyle',
  'msub',
  'msubsup',
  'msup',
  'mtable',
  'mtd',
  'mtext',
  'mtr',
  'munder',
  'munderover',
];

// Presentation only: no href (KaTeX puts `\href` links on MathML), no style, no
// ids, nothing that loads or runs anything.
const mathMlAttributes = [
  'accent',
  'accentunder',
  'columnalign',
  'columnlines',
  'columnspacing',
  'depth',
  'display',
  'displaystyle',
  'encoding',
  'fence',
  'height',
  'largeop',
  'linebreak',
  'linethickness',
  'lspace',
  'mathbackground',
  'mathcolor',
  'mathsize',
  'mathvariant',
  'maxsize',
  'minsize',
  'movablelimits',
  'notation',
  'rowalign',
  'rowlines',
  'rowspacing',
  'rspace',
  'scriptlevel',
  'separator',
  'stretchy',
  'symmetric',
  'voffset',
  'width',
];

const allowedOnMathMl: ReadonlySet<string> = new Set(mathMlAttributes);
const allowedOnlyOnMathMl: ReadonlySet<string> = new Set(
  mathMlAttributes.filter((name) => !htmlAttributes.includes(name)),
);

// DOMPurify's allow-lists are per document, not per element: keep each
// namespace to its own attributes, so `href` never reaches MathML and `width`
// never reaches an image.
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const allowed =
    node.namespaceURI === mathMlNamespace
      ? allowedOnMathMl.has(data.attrName)
      : !allowedOnlyOnMathMl.has(data.attrName);
  if (!allowed) data.keepAttr = false;
});

// The annotation holds the TeX source; it stays plain, hidden text.
purifier.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'annotation' && node instanceof Element && node.childElementCount > 0) {
    node.replaceChildren(node.textContent ?? '');
  }
  if (data.tagName === 'audio' && node instanceof Element) audioAsLink(node);
});

// Zulip 11 plays an uploaded sound where the message linked it (its <audio>
// player). The window plays nothing a server serves, so, as Zulip advises a
// client that cannot play one, the player becomes the link it replaced; set
// after the player, the link is sanitized next, as any other.
function audioAsLink(audio: Element): void {
  const src = audio.getAttribute('src');
  if (src === null) return;
  const link = audio.ownerDocument.createElement('a');
  link.setAttribute('href', src);
  const title = audio.getAttribute('title');
  link.textContent = title !== null && title !== '' ? title : fileNameOf(src);
  audio.after(link);
}

// Zulip names a Unicode emoji by its code points in the class (`emoji-1f44d`),
// for a sprite sheet; the window has the system's emoji font instead.
const emojiCode = /(?:^|\s)emoji-([0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*)(?:\s|$)/;

purifier.addHook('afterSanitizeAttributes', (node) => {
  const code = node.tagName === 'SPAN' ? emojiCode.exec(node.className)?.[1] : undefined;
  if (code !== undefined) {
    node.textContent = emojiGlyph(code);
  }
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG') {
    holdUploadedImage(node);
    holdCustomEmoji(node);
  }
});

/** The attribute an uploaded image's path waits in until main hands the window its data (see uploadedFiles). */
// A path on the server, but not `//host` or `/\host`: those take the
// window's own scheme to another host.
const allowedHref = /^(?:https?:|mailto:|\/(?![/\\])|#)/i;

export const uploadSrcAttribute = 'data-upload-src';

// An uploaded file is served only with the account's key, which the window
// never holds: an image of one (Zulip's message_inline_image, a thumbnail or
// the file itself) loses its src, which the window could not load anyway,
// and keeps its path for main to fetch. It is named for the file it shows.
function holdUploadedImage(image: Element): void {
  const src = image.getAttribute('src') ?? '';
  if (!/^\/user_uploads\/(?![/\\])/.test(src)) return;
  image.removeAttribute('src');
  image.setAttribute(uploadSrcAttribute, src);
  if (!image.getAttribute('alt')) {
    const link = image.parentElement?.tagName === 'A' ? image.parentElement : null;
    const named = link?.getAttribute('title') ?? fileNameOf(src);
    // An image named nowhere gets its words where the window shows it (uploadedFilesStore).
    if (named) image.setAttribute('alt', named);
  }
}

/** The attribute a custom emoji's picture waits in until main hands the window its data. */
export const emojiSrcAttribute = 'data-emoji-src';

// Zulip draws the organization's own emoji as <img class="emoji"> from its
// /user_avatars/<realm>/emoji/images/ path. The window loads nothing from a
// server, so the path waits for main, which fetches only the pictures of
// the account's organization; any other emoji image keeps its name alone.
const customEmojiPath = /^\/user_avatars\/\d+\/emoji\/images\/[\w-]+(?:\.[\w-]+)+$/;

function holdCustomEmoji(image: Element): void {
  if (!image.classList.contains('emoji')) return;
  const src = image.getAttribute('src');
  if (src === null) return;
  image.removeAttribute('src');
  if (customEmojiPath.test(src)) image.setAttribute(emojiSrcAttribute, src);
}

function fileNameOf(path: string): string {
  const name = path.split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

// Set once: a configuration passed with each call is parsed again on each,
// a fifth of the time a short message takes to sanitize.
purifier.setConfig({
  ALLOWED_TAGS: [...htmlTags, ...mathMlTags],
  ALLOWED_ATTR: [...htmlAttributes, ...mathMlAttributes],
  // Only Zulip's own data attributes: a `data-message-id` in a message would
  // pass for the feed's own, which scrolling and the keyboard look up.
  ALLOW_DATA_ATTR: false,
  // Values that are not URLs, which ALLOWED_URI_REGEXP would otherwise reject.
  ADD_URI_SAFE_ATTR: [
    'datetime',
    'data-user-id',
    'data-stream-id',
    'data-code-language',
    ...mathMlAttributes,
  ],
  ALLOWED_URI_REGEXP: allowedHref,
});

/** Whether a link a server sent outside a message's HTML (a topic's links) may be followed as the message's are. */
export function isAllowedHref(href: string): boolean {
  return allowedHref.test(href);
}

// Most messages are paragraphs of text, some of it bold, italic or code: HTML
// whose every `<` opens or closes one of these tags, with no attributes, holds
// nothing to remove. It skips DOMPurify's parse, the larger part of drawing a
// new message.
const notPlainTag = /<(?!\/?(?:p|br|strong|em|b|i|del|code)>)/i;

export function sanitizeMessageHtml(html: string): string {
  if (!notPlainTag.test(html)) return html;
  return purifier.sanitize(withoutPolicyTriggers(html));
}
