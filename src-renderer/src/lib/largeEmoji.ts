// Zulip 12 (feature level 436) asks clients to draw a message of one
// paragraph holding emoji and nothing else with large emoji. The answer is
// kept per content, as the sanitized HTML is, for the feed's stretch of
// messages that slides back and forth.
const kept = 2_000;
const answers = new Map<string, boolean>();

/** Whether sanitized message HTML is one paragraph of Zulip's emoji elements alone. */
export function isEmojiOnly(html: string): boolean {
  // Most messages hold no emoji, and need no parse to say so.
  if (!html.includes('emoji')) return false;
  const known = answers.get(html);
  if (known !== undefined) return known;
  const answer = emojiOnly(html);
  answers.set(html, answer);
  if (answers.size > kept) {
    const oldest = answers.keys().next();
    if (oldest.done !== true) answers.delete(oldest.value);
  }
  return answer;
}

const blank = (node: Node): boolean =>
  node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() === '';

function emojiOnly(html: string): boolean {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  const blocks = [...body.childNodes].filter((node) => !blank(node));
  const [paragraph] = blocks;
  if (blocks.length !== 1 || !(paragraph instanceof HTMLParagraphElement)) return false;
  const inline = [...paragraph.childNodes].filter((node) => !blank(node));
  return (
    inline.length > 0 &&
    inline.every((node) => node instanceof Element && node.classList.contains('emoji'))
  );
}
