// Finds words a person would read that are written into the code rather
// than taken from a catalog (issue 38, point 6). Text in a component's markup,
// its title, placeholder, aria-label and alt attributes (and the other
// attributes a screen reader speaks), string literals that a markup
// expression can print, and in scripts the literals given to a property or
// variable whose name says it is shown (label, title, error, …).
import { parse } from 'svelte/compiler';
import ts from 'typescript';

export interface Literal {
  readonly line: number;
  readonly text: string;
}

const spokenAttributes = new Set([
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'alt',
  'label',
]);

/** Names of properties and variables whose string value reaches the screen. */
const shownName =
  /^(label|title|text|body|message|detail|description|hint|placeholder|heading|summary|notice|error|warning|status|tooltip|caption|alt|ariaLabel|buttons|prompt|reason)$|(Label|Title|Text|Message|Error|Notice|Hint|Summary|Warning)$/;

const hasWords = (text: string): boolean => /\p{L}/u.test(text);
// A lower-case word without spaces in a script is an identifier (a class,
// an event, a setting's value), not something a person reads.
const readsAsText = (text: string): boolean =>
  hasWords(text) && (/\s/.test(text.trim()) || /^\p{Lu}/u.test(text) || /[.…!?:]$/.test(text));

interface EsNode {
  type: string;
  start?: number;
  [key: string]: unknown;
}

function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < source.length; index++) {
    if (source.charCodeAt(index) === 10) line++;
  }
  return line;
}

const isCatalogCall = (node: EsNode): boolean => {
  const callee = node['callee'] as EsNode | undefined;
  return (
    node.type === 'CallExpression' &&
    callee?.type === 'Identifier' &&
    ['t', 'tRich', 'mt'].includes(callee['name'] as string)
  );
};

/**
 * String literals an expression can print: itself, either side of `? :`,
 * `||`, `??`, `+` and template literals; never a call's arguments, a
 * comparison's operands or an object's keys.
 */
function printedLiterals(node: EsNode | null | undefined, found: EsNode[]): void {
  if (!node) return;
  switch (node.type) {
    case 'Literal':
      if (typeof node['value'] === 'string') found.push(node);
      return;
    case 'TemplateLiteral':
      for (const quasi of node['quasis'] as EsNode[]) found.push(quasi);
      for (const inner of node['expressions'] as EsNode[]) printedLiterals(inner, found);
      return;
    case 'ConditionalExpression':
      printedLiterals(node['consequent'] as EsNode, found);
      printedLiterals(node['alternate'] as EsNode, found);
      return;
    case 'LogicalExpression':
      printedLiterals(node['left'] as EsNode, found);
      printedLiterals(node['right'] as EsNode, found);
      return;
    case 'BinaryExpression':
      if (node['operator'] === '+') {
        printedLiterals(node['left'] as EsNode, found);
        printedLiterals(node['right'] as EsNode, found);
      }
      return;
    case 'ArrayExpression':
      for (const element of node['elements'] as EsNode[]) printedLiterals(element, found);
      return;
    default:
      return;
  }
}

function literalText(node: EsNode): string {
  if (node.type === 'TemplateElement') return (node['value'] as { cooked: string }).cooked ?? '';
  return String(node['value']);
}

/** Every user-facing literal of a Svelte component. */
export function scanComponent(source: string): Literal[] {
  const ast = parse(source, { modern: true }) as unknown as {
    fragment: EsNode;
    instance?: { content: EsNode; start: number; end: number } | null;
    module?: { content: EsNode; start: number; end: number } | null;
  };
  const found: Literal[] = [];
  const report = (node: EsNode, text: string): void => {
    if (hasWords(text)) found.push({ line: lineOf(source, node.start ?? 0), text: text.trim() });
  };
  const reportPrinted = (expression: EsNode): void => {
    const literals: EsNode[] = [];
    if (!isCatalogCall(expression)) printedLiterals(expression, literals);
    for (const literal of literals) report(literal, literalText(literal));
  };
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    const element = node as EsNode;
    if (element.type === 'Text') {
      report(element, element['data'] as string);
      return;
    }
    if (element.type === 'ExpressionTag') {
      reportPrinted(element['expression'] as EsNode);
      return;
    }
    if (element.type === 'Attribute') {
      const name = element['name'] as string;
      if (!spokenAttributes.has(name)) return;
      const value = element['value'];
      const parts = Array.isArray(value) ? (value as EsNode[]) : [value as EsNode];
      for (const part of parts) {
        if (part?.type === 'Text') report(part, part['data'] as string);
        if (part?.type === 'ExpressionTag') reportPrinted(part['expression'] as EsNode);
      }
      return;
    }
    // Markup inside <code> and <pre> is what the person types, not prose.
    if (element.type === 'RegularElement' && ['code', 'pre'].includes(element['name'] as string))
      return;
    for (const [key, child] of Object.entries(element)) {
      if (key !== 'parent' && key !== 'metadata') walk(child);
    }
  };
  walk(ast.fragment);
  for (const script of [ast.instance, ast.module]) {
    if (!script) continue;
    const text = source.slice(script.start, script.end);
    const body = text.slice(text.indexOf('>') + 1, text.lastIndexOf('</script'));
    const offsetLines = lineOf(source, script.start + text.indexOf('>') + 1) - 1;
    for (const literal of scanScript(body)) {
      found.push({ line: literal.line + offsetLines, text: literal.text });
    }
  }
  return found;
}

/** The literals a script gives to a property or variable whose name says it is shown. */
export function scanScript(source: string): Literal[] {
  const file = ts.createSourceFile('scan.ts', source, ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const values = (node: ts.Expression | undefined): ts.Node[] => {
    if (!node) return [];
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
    if (ts.isTemplateExpression(node))
      return [node.head, ...node.templateSpans.map((s) => s.literal)];
    if (ts.isConditionalExpression(node))
      return [...values(node.whenTrue), ...values(node.whenFalse)];
    if (ts.isParenthesizedExpression(node)) return values(node.expression);
    if (
      ts.isBinaryExpression(node) &&
      [
        ts.SyntaxKind.BarBarToken,
        ts.SyntaxKind.QuestionQuestionToken,
        ts.SyntaxKind.PlusToken,
      ].includes(node.operatorToken.kind)
    )
      return [...values(node.left), ...values(node.right)];
    if (ts.isArrayLiteralExpression(node))
      return node.elements.flatMap((e) => values(e as ts.Expression));
    return [];
  };
  const check = (name: string, value: ts.Expression | undefined): void => {
    if (!shownName.test(name)) return;
    for (const literal of values(value)) {
      const text = (literal as ts.LiteralLikeNode).text;
      if (readsAsText(text)) {
        const { line } = file.getLineAndCharacterOfPosition(literal.getStart());
        found.push({ line: line + 1, text });
      }
    }
  };
  const nameOf = (node: ts.Node): string | null => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) return node.text.replace(/^#/, '');
    if (ts.isStringLiteral(node)) return node.text;
    if (ts.isPropertyAccessExpression(node)) return node.name.text;
    return null;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node)) check(nameOf(node.name) ?? '', node.initializer);
    else if (ts.isVariableDeclaration(node)) check(nameOf(node.name) ?? '', node.initializer);
    else if (ts.isPropertyDeclaration(node)) check(nameOf(node.name) ?? '', node.initializer);
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken)
      check(nameOf(node.left) ?? '', node.right);
    else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Notification'
    )
      for (const argument of node.arguments ?? []) check('title', argument);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
