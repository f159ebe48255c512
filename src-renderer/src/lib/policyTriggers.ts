// Chromium checks the page's Content-Security-Policy while it parses, even
// into DOMPurify's inert document, and reports a violation for every inline
// style attribute (KaTeX's HTML copy carries dozens), event handler, <style>
// element and <base href> it meets, though none is applied. Renaming them
// before the parse keeps the reports for real violations; DOMPurify then
// drops the renamed attributes and elements, which it does not know.
//
// Server HTML escapes every `<` outside a tag, so the passes below touch only
// tags there. Hostile HTML may hide a tag inside an attribute value or a
// raw-text element (`<noembed><img title="</noembed><img onerror=…>">`),
// so every `<letter` is read as a tag wherever it stands, ended both at the
// next `>` and at the next `>` outside quotes.

const tagToNextBracket = /<[a-z][^>]*>?/gi;
const tagToUnquotedBracket = /<[a-z](?:[^>"']|"[^"]*"|'[^']*')*>?/gi;
const policyElement = /<(\/?)(style|base)(?=[\s/>]|$)/gi;
// A tag's name, then each attribute as HTML's tokenizer reads it: a name, and
// a value unquoted or quoted (a quote left open runs to the tag's end). Only
// names are renamed, so a word of a value (`title="take one"`) stays as it is.
const tagName = /^<[^\s/>]*/;
const attribute = /([\s/]*)([^\s/>][^\s/>=]*)(\s*=\s*(?:"[^"]*"?|'[^']*'?|[^\s>]*))?/y;
const policyName = /^(?:on|style$)/i;

function renameAttributes(tag: string): string {
  let renamed = tag.match(tagName)?.[0] ?? '';
  let read = renamed.length;
  for (;;) {
    attribute.lastIndex = read;
    const found = attribute.exec(tag);
    if (!found) return renamed + tag.slice(read);
    const [whole, space = '', name = '', value = ''] = found;
    renamed += space + (policyName.test(name) ? `x-${name}` : name) + value;
    read += whole.length;
  }
}

/** The HTML with nothing left that the policy would report while it is parsed. */
export function withoutPolicyTriggers(html: string): string {
  return html
    .replace(tagToNextBracket, renameAttributes)
    .replace(tagToUnquotedBracket, renameAttributes)
    .replace(policyElement, '<$1x-$2');
}
