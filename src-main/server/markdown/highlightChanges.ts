import { isEndTag, isTag, tagName, voidElements } from './diffTokens';

// The last steps of Zulip's content_html_diff: lxml parses the marked-up
// document (an end tag with no open element is dropped, open elements close
// at the end), moves each <ins>/<del> that would wrap a block inside the
// blocks, and Zulip turns them into highlight spans.

type Node = { text: string } | Element;
interface Element {
  name: string;
  open: string;
  children: Node[];
}

const isElement = (node: Node): node is Element => 'name' in node;

// lxml.html.diff's block-level and block-container tags.
const blockElements: ReadonlySet<string> = new Set([
  'address',
  'blockquote',
  'center',
  'dir',
  'div',
  'dl',
  'fieldset',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'isindex',
  'menu',
  'noframes',
  'noscript',
  'ol',
  'p',
  'pre',
  'table',
  'ul',
  'dd',
  'dt',
  'frameset',
  'li',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);

const highlightClass: ReadonlyMap<string, string> = new Map([
  ['ins', 'highlight_text_inserted'],
  ['del', 'highlight_text_deleted'],
]);

function parse(html: string): Node[] {
  const root: Element = { name: '', open: '', children: [] };
  const open: Element[] = [root];
  const current = () => open.at(-1) ?? root;
  for (const [chunk] of html.matchAll(/<[^>]*>|[^<]+/g)) {
    if (!isTag(chunk)) {
      current().children.push({ text: chunk });
      continue;
    }
    const name = tagName(chunk);
    if (isEndTag(chunk)) {
      const at = open.findLastIndex((element) => element.name === name);
      if (at > 0) open.length = at;
      continue;
    }
    const element: Element = { name, open: chunk, children: [] };
    current().children.push(element);
    if (!voidElements.has(name)) open.push(element);
  }
  return root.children;
}

const containsBlock = (node: Node): boolean =>
  isElement(node) && (blockElements.has(node.name) || node.children.some(containsBlock));

const wrap = (change: Element, children: Node[]): Element => ({ ...change, children });

// What a change marker around blocks becomes: the marker inside each block,
// and around each run of what lies between blocks.
function moveInsideBlocks(change: Element, children: readonly Node[]): Node[] {
  if (!children.some(containsBlock)) return [wrap(change, [...children])];
  const result: Node[] = [];
  let run: Node[] = [];
  const endRun = () => {
    if (run.length > 0) result.push(wrap(change, run));
    run = [];
  };
  for (const child of children) {
    if (isElement(child) && containsBlock(child)) {
      endRun();
      result.push({ ...child, children: moveInsideBlocks(change, child.children) });
    } else {
      run.push(child);
    }
  }
  endRun();
  return result;
}

function fixChanges(nodes: readonly Node[]): Node[] {
  return nodes.flatMap((node): Node[] => {
    if (!isElement(node)) return [node];
    const children = fixChanges(node.children);
    if (highlightClass.has(node.name) && children.some(containsBlock)) {
      return moveInsideBlocks(node, children);
    }
    return [{ ...node, children }];
  });
}

function serialize(nodes: readonly Node[]): string {
  return nodes
    .map((node) => {
      if (!isElement(node)) return node.text;
      const highlight = highlightClass.get(node.name);
      if (highlight) return `<span class="${highlight}">${serialize(node.children)}</span>`;
      if (voidElements.has(node.name)) return node.open;
      return `${node.open}${serialize(node.children)}</${node.name}>`;
    })
    .join('');
}

/** Turns the <ins>/<del> marks of a diffed document into Zulip's highlight spans. */
export function highlightChanges(marked: string): string {
  return serialize(fixChanges(parse(marked)));
}
