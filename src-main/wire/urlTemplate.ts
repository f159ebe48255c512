// RFC 6570 URL templates (levels 1 to 4), as Zulip reads linkifier and code
// playground templates: literals pass through as typed, and each `{…}`
// expression expands the variables it names. Values are strings only, as
// a linkifier's groups and a playground's `code` are.

interface Operator {
  first: string;
  separator: string;
  named: boolean;
  /** What follows a named variable whose value is empty. */
  ifEmpty: string;
  /** Reserved characters and percent-encoded triplets are kept as they are. */
  allowReserved: boolean;
}

const operators: Readonly<Record<string, Operator>> = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', allowReserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', allowReserved: false },
  ';': { first: ';', separator: ';', named: true, ifEmpty: '', allowReserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
};

interface VarSpec {
  name: string;
  /** The `:n` modifier: at most this many characters of the value. */
  prefix: number | null;
}

type Part = string | { operator: Operator; vars: VarSpec[] };

const varSpecSyntax =
  /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*)(?::([1-9][0-9]{0,3})|\*)?$/;

function parseExpression(body: string): Part | null {
  const operatorKey = body[0] !== undefined && body[0] in operators ? body[0] : '';
  const operator = operators[operatorKey];
  if (!operator) return null;
  const vars: VarSpec[] = [];
  for (const spec of body.slice(operatorKey.length).split(',')) {
    const match = varSpecSyntax.exec(spec);
    if (!match?.[1]) return null;
    vars.push({ name: match[1], prefix: match[2] === undefined ? null : Number(match[2]) });
  }
  return { operator, vars };
}

/** The template's parts, or null when it is not a URL template. */
function parse(template: string): Part[] | null {
  const parts: Part[] = [];
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf('{', at);
    const close = template.indexOf('}', at);
    if (open === -1) {
      if (close !== -1) return null;
      parts.push(template.slice(at));
      break;
    }
    if (close !== -1 && close < open) return null;
    if (open > at) parts.push(template.slice(at, open));
    const end = template.indexOf('}', open);
    if (end === -1) return null;
    const expression = parseExpression(template.slice(open + 1, end));
    if (expression === null) return null;
    parts.push(expression);
    at = end + 1;
  }
  return parts;
}

export function isUrlTemplate(template: string): boolean {
  return parse(template) !== null;
}

/** The names of the variables a template expands, each once; empty for a template that does not parse. */
export function templateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const part of parse(template) ?? []) {
    if (typeof part !== 'string') part.vars.forEach((spec) => names.add(spec.name));
  }
  return [...names];
}

const unreserved = /[A-Za-z0-9\-._~]/;
const reserved = /[:/?#[\]@!$&'()*+,;=]/;

function encode(value: string, allowReserved: boolean): string {
  let out = '';
  const chars = [...value];
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] ?? '';
    if (unreserved.test(char)) out += char;
    else if (allowReserved && reserved.test(char)) out += char;
    else if (
      allowReserved &&
      char === '%' &&
      /^[0-9A-Fa-f]{2}$/.test((chars[index + 1] ?? '') + (chars[index + 2] ?? ''))
    ) {
      out += char;
    } else
      out += encodeURIComponent(char).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      );
  }
  return out;
}

/** Expands the template with these values; a variable without one (undefined or null) is left out, as RFC 6570 says. */
export function expandUrlTemplate(
  template: string,
  values: Readonly<Record<string, string | null | undefined>>,
): string {
  const parts = parse(template);
  if (parts === null) throw new Error(`not a URL template: ${template}`);
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const { operator } = part;
      const expanded: string[] = [];
      for (const spec of part.vars) {
        const raw = Object.hasOwn(values, spec.name) ? values[spec.name] : undefined;
        if (raw === undefined || raw === null) continue;
        const value = encode(
          spec.prefix === null ? raw : [...raw].slice(0, spec.prefix).join(''),
          operator.allowReserved,
        );
        if (!operator.named) expanded.push(value);
        else
          expanded.push(value === '' ? `${spec.name}${operator.ifEmpty}` : `${spec.name}=${value}`);
      }
      return expanded.length === 0 ? '' : operator.first + expanded.join(operator.separator);
    })
    .join('');
}
