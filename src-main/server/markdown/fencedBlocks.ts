import type { MarkdownIt } from 'markdown-it';
import type { StateBlock } from 'markdown-it';

const containerOpening = /^(`{3,}|~{3,})[ \t]*(quote|spoiler)(?:[ \t]+(.*?))?[ \t]*$/;
const fenceOpening = /^(`{3,}|~{3,})(.*)$/;

function lineText(state: StateBlock, line: number): string {
  const start = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
  return state.src.slice(start, state.eMarks[line]);
}

/**
 * Where a container opened on `startLine` ends, and whether a fence closed it
 * (rather than the end of the text or of an enclosing list item). As in Zulip,
 * a line equal to the opening fence closes it; a fence opened inside must
 * close first, and code blocks hold no fences.
 */
function containerEnd(
  state: StateBlock,
  startLine: number,
  endLine: number,
  fence: string,
): { line: number; fenced: boolean } {
  const open: { fence: string; container: boolean }[] = [{ fence, container: true }];
  for (let line = startLine + 1; line < endLine; line += 1) {
    const text = lineText(state, line).trimEnd();
    if (text !== '' && (state.sCount[line] ?? 0) < state.blkIndent) return { line, fenced: false };
    const innermost = open[open.length - 1];
    if (!innermost) break;
    if (text === innermost.fence) {
      open.pop();
      if (open.length === 0) return { line, fenced: true };
      continue;
    }
    const nested = innermost.container ? fenceOpening.exec(text) : null;
    if (nested?.[1] && !nested[2]?.includes('`')) {
      open.push({ fence: nested[1], container: containerOpening.test(text) });
    }
  }
  return { line: endLine, fenced: false };
}

// Zulip's ```quote and ```spoiler fences hold Markdown, unlike code fences.
function fencedContainer(
  state: StateBlock,
  startLine: number,
  endLine: number,
  silentMode: boolean,
): boolean {
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  const match = containerOpening.exec(lineText(state, startLine));
  if (!match?.[1]) return false;
  if (silentMode) return true;

  const fence = match[1];
  const kind = match[2];
  const end = containerEnd(state, startLine, endLine, fence);
  const close = end.line;
  const lineMax = state.lineMax;
  state.lineMax = close;

  if (kind === 'quote') {
    state.push('blockquote_open', 'blockquote', 1).map = [startLine, close];
    state.md.block.tokenize(state, startLine + 1, close);
    state.push('blockquote_close', 'blockquote', -1);
  } else {
    state.push('spoiler_open', 'div', 1).map = [startLine, close];
    const header = match[3]?.trim() ?? '';
    if (header) {
      state.push('paragraph_open', 'p', 1);
      const inline = state.push('inline', '', 0);
      inline.content = header;
      inline.children = [];
      state.push('paragraph_close', 'p', -1);
    }
    state.push('spoiler_content_open', 'div', 1);
    state.md.block.tokenize(state, startLine + 1, close);
    state.push('spoiler_close', 'div', -1);
  }

  state.lineMax = lineMax;
  state.line = end.fenced ? close + 1 : close;
  return true;
}

export function fencedBlocks(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'fenced_container', fencedContainer, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.renderer.rules.spoiler_open = () =>
    '<div class="spoiler-block"><div class="spoiler-header">\n';
  md.renderer.rules.spoiler_content_open = () =>
    '</div><div class="spoiler-content" aria-hidden="true">\n';
  md.renderer.rules.spoiler_close = () => '</div></div>\n';
}
