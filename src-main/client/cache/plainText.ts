import { decodeEntities } from '../../wire/htmlEntities';

/**
 * The words of a rendered message, for the full-text index: tags become
 * spaces (so that `<p>a</p><p>b</p>` keeps two words) and entities are decoded.
 */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '));
}

/** Zulip's has:link: the rendered message holds a link. */
export const hasLink = (html: string): boolean => /<a\s[^>]*href=/i.test(html);
