// Zulip only recognizes `@**…**` and `#**…**` at the start of the text or
// after whitespace or one of these characters, so `smush@**name**` stays text.
const openers = new Set(["'", '"', '(', ',', ':', '<']);

export function mayStartReference(src: string, pos: number): boolean {
  if (pos === 0) return true;
  const before = src.charAt(pos - 1);
  return /\s/u.test(before) || openers.has(before);
}
