// Runs in the page (bundled by pageScript.ts): walks a document or a fragment
// and names every element or attribute that could run script, load something,
// navigate, or take over the page. Only the DOM is used, so the same rules
// judge the real window and the sanitizer's output in a bare page.
//
// Anywhere in the document:
// - no <script> but the app's own module in <head>, and no <iframe>, <frame>,
//   <frameset>, <object>, <embed>, <applet> or <portal>: each runs code or
//   holds a document or plugin of its own;
// - no <base> (it re-points every relative URL), no <style> (the app's CSS
//   comes from files; a style element restyles the app or @imports), no <link>
//   or <meta> outside <head>, no http-equiv (refresh, policy rewrites), no
//   <isindex>;
// - no on* attribute (an event handler, whatever the element), no srcdoc (an
//   inline document), no form action or formaction (a submit that navigates);
// - no SVG <animate>, <set>, <animateMotion>, <animateTransform> (they rewrite
//   an href to javascript: after the sanitizer has looked), <use> or
//   <foreignObject> (they pull in other markup), no MathML <maction> or
//   <annotation-xml> (links and switched-in HTML), and no markup inside a
//   MathML <annotation>, which must stay the TeX source as text;
// - URLs that are followed (href, xlink:href, action, formaction, cite, ping…)
//   only as http:, https: or mailto: as the browser parses them, so encoded,
//   mixed-case or whitespace-split javascript:, data: and vbscript: are caught;
// - URLs that load (src, srcset, poster, background, data…) only from the
//   page's own origin or the organization's, or a data:image picture;
// - no protocol-relative URL (`//host`, `/\host`), which takes the window's
//   own scheme (app: on the desktop) to another host;
// - no style attribute that loads or runs something (url(), expression(),
//   @import, -moz-binding).
// Inside server HTML (the content selector), also:
// - no form controls, <template>, raw-text or parser-switching elements
//   (<noscript>, <xmp>, <plaintext>…), <svg>, media or image maps: nothing
//   to type into, submit, hide markup from the parser or load on its own;
// - no id or name (they clobber the page's globals), style, tabindex,
//   autofocus, contenteditable, form, srcset, ping, popover or is, and no
//   data-* attribute but Zulip's own, which could pass for the app's
//   (data-message-id).

export interface UnsafeMarkupOptions {
  /** Origins the page may load resources from (its own, the organization's for images). */
  loadOrigins: readonly string[];
  /** Where server HTML is put; stricter rules apply inside. */
  contentSelector: string;
  /**
   * Pictures may come from any web origin: the sanitizer keeps them, as
   * Zulip's image previews need, and the window's Content-Security-Policy
   * decides which load. For a page without that policy.
   */
  imagesFromAnyWebOrigin?: boolean;
}

// Elements that run script or hold another document or plugin, wherever they are.
const runOrEmbed = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
]);

// Elements that change how the whole page resolves URLs, refreshes or looks:
// <base> re-points every relative link, <meta http-equiv> refreshes or
// rewrites the policy, and a <style> from content restyles the app (and may
// @import). The app's own styles come from <link> files in <head>.
const pageWide = new Set(['base', 'style']);

// SVG elements that rewrite attributes over time (an href to javascript:) or
// pull in other documents.
const svgRewriters = new Set([
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'use',
  'foreignobject',
  'handler',
  'listener',
]);

// MathML that links or switches its content at will.
const mathRewriters = new Set(['maction', 'annotation-xml']);

// In server HTML, nothing the user can type into or submit, nothing that hides
// other markup from the parser, and no media that loads on its own.
const contentForbidden = new Set([
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'listing',
  'title',
  'svg',
  'video',
  'audio',
  'source',
  'picture',
  'marquee',
  'link',
  'meta',
  'dialog',
  'details',
  'area',
  'map',
]);

// In server HTML: ids and names clobber the page's globals, style and
// tabindex/autofocus take over layout and focus, form= joins a form elsewhere.
const contentForbiddenAttributes = new Set([
  'id',
  'name',
  'style',
  'tabindex',
  'autofocus',
  'contenteditable',
  'form',
  'srcset',
  'ping',
  'popover',
  'is',
]);

// Attributes whose value is fetched as the page renders.
const loadingAttributes = new Set([
  'src',
  'srcset',
  'poster',
  'background',
  'data',
  'codebase',
  'lowsrc',
  'dynsrc',
  'manifest',
]);

// Attributes whose value is a URL followed on a click or a submit.
const followedAttributes = new Set([
  'href',
  'xlink:href',
  'action',
  'formaction',
  'cite',
  'longdesc',
  'ping',
]);

const followedProtocols = new Set(['http:', 'https:', 'mailto:']);

const located = (element: Element): string => {
  const owner = element.closest('[data-message-id]')?.getAttribute('data-message-id');
  const markup = element.outerHTML.slice(0, 160);
  return owner ? `message ${owner}: ${markup}` : markup;
};

// As the URL parser reads a scheme: C0 controls and spaces around it and tabs
// or newlines inside it do not count.
const writtenScheme = (value: string): string | null =>
  /^([a-z][a-z0-9+.-]*:)/i
    // eslint-disable-next-line no-control-regex -- C0 controls are what the URL parser skips
    .exec(value.replace(/^[\u0000-\u0020]+|[\t\n\r]/g, ''))?.[1]
    ?.toLowerCase() ?? null;

// Where following the URL leads; a URL the parser refuses leads nowhere, so
// only the scheme it was written with counts.
const protocolOf = (value: string): string | null => {
  try {
    return new URL(value, document.baseURI).protocol;
  } catch {
    return writtenScheme(value);
  }
};

const originOf = (value: string): string | null => {
  try {
    return new URL(value, document.baseURI).origin;
  } catch {
    return null;
  }
};

// The page's own head: its stylesheet and module script files, and the empty icon.
function isOwnHeadElement(element: Element, name: string): boolean {
  if (element.parentElement !== document.head) return false;
  const own = (url: string | null) => url !== null && originOf(url) === location.origin;
  if (name === 'script')
    return element.getAttribute('type') === 'module' && own(element.getAttribute('src'));
  if (name === 'link') {
    const href = element.getAttribute('href');
    return (
      (element.getAttribute('rel') === 'stylesheet' && own(href)) ||
      (element.getAttribute('rel') === 'icon' && href === 'data:,')
    );
  }
  return false;
}

function loadsFromElsewhere(
  element: Element,
  value: string,
  options: UnsafeMarkupOptions,
): boolean {
  const urls =
    element.getAttribute('srcset') === value
      ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '')
      : [value];
  return urls.some((url) => {
    if (url === '') return false;
    const protocol = protocolOf(url);
    // A picture can be drawn from data: (the organization icons are); nothing else may be.
    if (protocol === 'data:')
      return !(element.localName === 'img' && /^data:image\//i.test(url.trim()));
    if (element.localName === 'img' && options.imagesFromAnyWebOrigin === true) {
      return protocol !== 'http:' && protocol !== 'https:';
    }
    const origin = originOf(url);
    return origin === null || !options.loadOrigins.includes(origin);
  });
}

// Zulip's data attributes; any other would pass for the app's own (data-message-id).
const contentDataAttributes = new Set(['data-user-id', 'data-stream-id', 'data-code-language']);

function attributeProblems(
  element: Element,
  inContent: boolean,
  options: UnsafeMarkupOptions,
): string[] {
  const problems: string[] = [];
  for (const attribute of element.attributes) {
    const name = attribute.name.toLowerCase();
    const value = attribute.value;
    if (name.startsWith('on')) problems.push(`event handler attribute ${name}`);
    if (name === 'srcdoc') problems.push('srcdoc (an inline document)');
    if (name === 'http-equiv') problems.push(`http-equiv=${value}`);
    if (name === 'formaction' || (name === 'action' && element.localName === 'form')) {
      problems.push(`${name} (a form that submits somewhere)`);
    }
    if (inContent && contentForbiddenAttributes.has(name)) problems.push(`${name} in server HTML`);
    if (inContent && name.startsWith('data-') && !contentDataAttributes.has(name)) {
      problems.push(`${name} in server HTML`);
    }
    if (name === 'style' && /url\s*\(|expression\s*\(|javascript:|@import|binding/i.test(value)) {
      problems.push('style that loads or runs something');
    }
    if (
      (loadingAttributes.has(name) || followedAttributes.has(name)) &&
      /^\s*[/\\]{2}/.test(value.replace(/[\t\n\r]/g, ''))
    ) {
      problems.push(`${name} is protocol-relative`);
    }
    if (loadingAttributes.has(name) && loadsFromElsewhere(element, value, options)) {
      problems.push(`${name} loads from elsewhere`);
    }
    if (followedAttributes.has(name)) {
      const protocol = protocolOf(value);
      if (protocol === null || !followedProtocols.has(protocol)) {
        problems.push(`${name} with protocol ${protocol ?? 'unparsable'}`);
      }
    }
  }
  return problems;
}

function elementProblems(element: Element, inContent: boolean): string[] {
  const name = element.localName;
  const namespace = element.namespaceURI;
  const problems: string[] = [];
  if (runOrEmbed.has(name)) problems.push(`<${name}> element`);
  if (pageWide.has(name)) problems.push(`<${name}> element`);
  if (name === 'link' && element.parentElement !== document.head)
    problems.push('<link> outside the head');
  if (name === 'meta' && element.parentElement !== document.head)
    problems.push('<meta> outside the head');
  if (name === 'isindex') problems.push('<isindex> element');
  if (namespace === 'http://www.w3.org/2000/svg' && svgRewriters.has(name.toLowerCase()))
    problems.push(`SVG <${name}>`);
  if (namespace === 'http://www.w3.org/1998/Math/MathML') {
    if (mathRewriters.has(name)) problems.push(`MathML <${name}>`);
    if (name === 'annotation' && element.childElementCount > 0)
      problems.push('markup inside a MathML annotation');
  }
  if (inContent && contentForbidden.has(name)) problems.push(`<${name}> in server HTML`);
  return problems;
}

/** Every unsafe element or attribute under `root`, described with the message holding it. */
export function unsafeMarkup(root: ParentNode, options: UnsafeMarkupOptions): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const name = element.localName;
    if (isOwnHeadElement(element, name)) continue;
    const inContent = (element.parentElement?.closest(options.contentSelector) ?? null) !== null;
    const problems = [
      ...elementProblems(element, inContent),
      ...attributeProblems(element, inContent, options),
    ];
    for (const problem of problems) found.push(`${problem}: ${located(element)}`);
  }
  return found;
}
