// Zulip's HTML escapes only what HTML requires in text (quotes stay as typed)
// and additionally quotes inside attributes and highlighted code.
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

export function escapeCode(text: string): string {
  return escapeAttribute(text).replace(/'/g, '&#39;');
}
