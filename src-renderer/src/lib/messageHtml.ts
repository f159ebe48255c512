import { sanitizeMessageHtml } from './sanitize';

// The feed's stretch slides back and forth over the same messages: each
// message's HTML is sanitized once, not on every slide. Bounded, the oldest
// use going first, so a long session does not keep every message it showed.
const kept = 2_000;
const sanitized = new Map<string, string>();

/** A message's HTML as the window may show it. */
export function messageHtml(content: string): string {
  const known = sanitized.get(content);
  if (known !== undefined) {
    sanitized.delete(content);
    sanitized.set(content, known);
    return known;
  }
  const safe = sanitizeMessageHtml(content);
  sanitized.set(content, safe);
  if (sanitized.size > kept) {
    const oldest = sanitized.keys().next();
    if (oldest.done !== true) sanitized.delete(oldest.value);
  }
  return safe;
}
