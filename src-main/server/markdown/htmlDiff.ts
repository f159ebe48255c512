import { isEndTag, isTag, tagName, tokenizeHtml, voidElements, type DiffToken } from './diffTokens';
import { highlightChanges } from './highlightChanges';
import { opcodes } from './sequenceMatcher';

// Zulip's content_html_diff (zerver/lib/html_diff.py) is lxml's htmldiff of
// the two renderings, with <ins> and <del> turned into highlight spans and the
// whole wrapped in a <div>. This reproduces htmldiff's way of marking changes:
// words are compared, inserted words are wrapped where they stand, deleted
// words are put back beside them, and tags left unbalanced by a change are
// moved out of the marked range.

/** A run of deleted chunks, placed once the whole document is known. */
interface Deletion {
  deleted: string[];
}
type Chunk = string | Deletion;

function expand(tokens: readonly DiffToken[], equal: boolean): string[] {
  return tokens.flatMap((token) => [
    ...token.pre,
    ...(equal && token.hideWhenEqual ? [] : [token.html + token.trailingSpace]),
    ...token.post,
  ]);
}

interface Split {
  /** Start tags whose end lies outside the chunks. */
  start: string[];
  balanced: string[];
  /** End tags whose start lies outside the chunks. */
  end: string[];
}

function splitUnbalanced(chunks: readonly string[]): Split {
  const start: string[] = [];
  const end: string[] = [];
  const balanced: (string | null)[] = [];
  let open: { name: string; at: number; tag: string }[] = [];
  for (const chunk of chunks) {
    const name = tagName(chunk);
    if (!isTag(chunk) || voidElements.has(name)) {
      balanced.push(chunk);
    } else if (!isEndTag(chunk)) {
      open.push({ name, at: balanced.length, tag: chunk });
      balanced.push(null);
    } else if (open.at(-1)?.name === name) {
      const opened = open.pop();
      if (opened) balanced[opened.at] = opened.tag;
      balanced.push(chunk);
    } else {
      start.push(...open.map((entry) => entry.tag));
      open = [];
      end.push(chunk);
    }
  }
  start.push(...open.map((entry) => entry.tag));
  return { start, balanced: balanced.filter((chunk) => chunk !== null), end };
}

function spaceAfterLast(doc: Chunk[]): void {
  const last = doc.at(-1);
  if (typeof last === 'string' && !last.endsWith(' ')) doc[doc.length - 1] = `${last} `;
}

// The space that ended the last word goes after the closing marker instead.
function withoutFinalSpace(chunks: string[]): string[] {
  const last = chunks.at(-1);
  return last?.endsWith(' ') ? [...chunks.slice(0, -1), last.slice(0, -1)] : chunks;
}

function mergeInsert(inserted: string[], doc: Chunk[]): void {
  const { start, balanced, end } = splitUnbalanced(inserted);
  doc.push(...start);
  spaceAfterLast(doc);
  doc.push('<ins>', ...withoutFinalSpace(balanced), '</ins> ', ...end);
}

// A deletion whose start tags open what follows it moves past them, and one
// whose end tags close what precedes it moves before them, so that the
// deleted words sit inside the elements they were deleted from.
function placeDeletion(split: Split, before: Chunk[], after: Chunk[]): void {
  for (const wanted of split.start) {
    const next = after[0];
    if (typeof next !== 'string' || !isTag(next) || isEndTag(next)) break;
    if (tagName(next) === 'ins' || tagName(next) !== tagName(wanted)) break;
    before.push(next);
    after.shift();
  }
  for (const wanted of [...split.end].reverse()) {
    const previous = before.at(-1);
    if (typeof previous !== 'string' || !isEndTag(previous)) break;
    const name = tagName(previous);
    if (name === 'ins' || name === 'del' || name !== tagName(wanted)) break;
    after.unshift(previous);
    before.pop();
  }
}

function resolveDeletions(doc: Chunk[]): string[] {
  let chunks = doc;
  for (;;) {
    const at = chunks.findIndex((chunk) => typeof chunk !== 'string');
    const deletion = chunks[at];
    if (deletion === undefined || typeof deletion === 'string') return chunks as string[];
    const before = chunks.slice(0, at);
    const after = chunks.slice(at + 1);
    const split = splitUnbalanced(deletion.deleted);
    placeDeletion(split, before, after);
    spaceAfterLast(before);
    chunks = [...before, '<del>', ...withoutFinalSpace(split.balanced), '</del> ', ...after];
  }
}

/** Zulip's highlight_html_differences: the new rendering with what changed since the old one marked. */
export function highlightHtmlDifferences(oldHtml: string, newHtml: string): string {
  const oldTokens = tokenizeHtml(oldHtml);
  const newTokens = tokenizeHtml(newHtml);
  const doc: Chunk[] = [];
  const steps = opcodes(
    oldTokens.map((token) => token.key),
    newTokens.map((token) => token.key),
  );
  for (const step of steps) {
    const inserted = newTokens.slice(step.bStart, step.bEnd);
    if (step.tag === 'equal') {
      doc.push(...expand(inserted, true));
      continue;
    }
    if (step.tag !== 'delete') mergeInsert(expand(inserted, false), doc);
    if (step.tag !== 'insert') {
      doc.push({ deleted: expand(oldTokens.slice(step.aStart, step.aEnd), false) });
    }
  }
  return `<div>${highlightChanges(resolveDeletions(doc).join('').trim())}</div>`;
}
