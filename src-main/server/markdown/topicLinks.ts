import type { TopicLink } from '../../wire/linkifiers';
import type { CompiledLinkifier } from './linkifierPattern';

interface Found {
  url: string;
  text: string;
  index: number;
}

/** Finds a web address at the very start of a piece of topic, as the message renderer would link it. */
export type WebLinkAt = (piece: string) => { text: string; url: string } | null;

// Zulip's basic_link_splitter: a topic is cut at these before bare URLs are looked for.
const splitter = /[ !;),'"]/;

const overlapping = (a: Found, b: Found) =>
  (b.index <= a.index && a.index < b.index + b.text.length) ||
  (a.index <= b.index && b.index < a.index + a.text.length);

/**
 * Zulip's topic_links: every linkifier's matches, the earlier linkifier
 * winning where two overlap and then the earlier match, then the topic's
 * bare web addresses where no linkifier matched; in the order they appear.
 */
export function topicLinks(
  topic: string,
  linkifiers: readonly CompiledLinkifier[],
  webLinkAt: WebLinkAt,
): TopicLink[] {
  const found: Found[] = [];
  for (const linkifier of linkifiers) {
    const own = [...linkifier.matches(topic)].map((m) => ({
      url: m.url,
      text: m.text,
      index: m.start,
    }));
    found.push(...own.sort((a, b) => a.index - b.index));
  }
  let at = 0;
  while (at < topic.length) {
    const rest = topic.slice(at);
    const cut = splitter.exec(rest);
    const end = cut ? at + cut.index : topic.length;
    const link = webLinkAt(topic.slice(at, end));
    if (link) found.push({ ...link, index: at });
    at = end + 1;
  }
  const applied: Found[] = [];
  for (const candidate of found) {
    if (applied.every((kept) => !overlapping(kept, candidate))) applied.push(candidate);
  }
  return applied.sort((a, b) => a.index - b.index).map(({ url, text }) => ({ url, text }));
}
