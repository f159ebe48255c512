// Python's repr() of the str or bytes Zulip quotes in a notice to a bot's
// owner (`{response_content!r}`), so the owner reads what Zulip would show.

const named: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function quoteFor(text: string): string {
  return text.includes("'") && !text.includes('"') ? '"' : "'";
}

function escapeUnit(char: string, quote: string, asciiOnly: boolean): string {
  if (char === quote) return `\\${char}`;
  const known = named[char];
  if (known) return known;
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f || (asciiOnly && code > 0x7f)) {
    return `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return char;
}

/** repr() of a Python str. */
export function reprStr(text: string): string {
  const quote = quoteFor(text);
  return `${quote}${Array.from(text, (char) => escapeUnit(char, quote, false)).join('')}${quote}`;
}

/** repr() of Python bytes. */
export function reprBytes(data: Buffer): string {
  const text = data.toString('latin1');
  const quote = quoteFor(text);
  return `b${quote}${Array.from(text, (char) => escapeUnit(char, quote, true)).join('')}${quote}`;
}
