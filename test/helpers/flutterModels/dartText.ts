/**
 * Just enough reading of Dart source to take json_serializable's generated
 * code apart: brackets matched, string literals skipped, lists split where
 * they are not nested.
 */

const openers = new Set(['(', '[', '{']);

/**
 * Calls `visit` with each index from `start` outside string literals and
 * comments, and the bracket depth there, until `visit` answers true.
 * `start` must be outside both.
 */
function scan(text: string, start: number, visit: (index: number, depth: number) => boolean): void {
  const open: string[] = [];
  for (let i = start; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === "'" || char === '"') {
      i += 1;
      while (i < text.length && text[i] !== char) i += text[i] === '\\' ? 2 : 1;
      continue;
    }
    if (text.startsWith('//', i)) {
      i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
      continue;
    }
    // A generic's angle brackets nest like the others (`Map<String, dynamic>`);
    // an arrow's `>` and a comparison's are not brackets.
    const genericOpen = char === '<' && /\w/.test(text[i - 1] ?? '');
    const closes =
      char === ')' || char === ']' || char === '}' || (char === '>' && open.at(-1) === '<');
    if (openers.has(char) || genericOpen) open.push(char);
    if (visit(i, open.length) === true) return;
    if (closes) open.pop();
  }
}

/** The index of the bracket closing the one at `open`. */
export function closingBracket(text: string, open: number): number {
  let found = -1;
  scan(text, open, (index, depth) => {
    const closes = index > open && depth === 1 && /[)\]}]/.test(text[index] as string);
    if (closes) found = index;
    return closes;
  });
  if (found < 0) throw new Error(`no closing bracket for ${text.slice(open, open + 60)}…`);
  return found;
}

/** The indexes where `needle` starts outside every bracket and string. */
export function topLevelIndexes(text: string, needle: string): number[] {
  const found: number[] = [];
  scan(text, 0, (index, depth) => {
    const atBracket = /[([{<]/.test(text[index] as string);
    if (depth - (atBracket ? 1 : 0) === 0 && text.startsWith(needle, index)) found.push(index);
    return false;
  });
  return found;
}

/** Where the statement starting at `start` ends: its first `;` outside brackets and strings. */
export function statementEnd(text: string, start: number): number {
  let found = -1;
  scan(text, start, (index, depth) => {
    const ends = depth === 0 && text[index] === ';';
    if (ends) found = index;
    return ends;
  });
  if (found < 0) throw new Error(`no end to the statement ${text.slice(start, start + 60)}…`);
  return found;
}

/** Splits at the top-level commas, dropping a trailing comma's empty piece. */
export function splitTopLevel(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const comma of topLevelIndexes(text, ',')) {
    pieces.push(text.slice(start, comma).trim());
    start = comma + 1;
  }
  pieces.push(text.slice(start).trim());
  return pieces.filter((piece, index) => piece !== '' || index < pieces.length - 1);
}

/** The expression without the parentheses that wrap all of it, however many. */
export function unwrapped(expression: string): string {
  let text = expression.trim();
  while (text.startsWith('(') && closingBracket(text, 0) === text.length - 1) {
    text = text.slice(1, -1).trim();
  }
  return text;
}

/** Whitespace collapsed, so that the formatter's line breaks do not matter. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
}
