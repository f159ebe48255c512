import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { closingBracket, oneLine, splitTopLevel, statementEnd } from './dartText';
import type { EnumMap, Field, FlutterModels, ModelClass } from './modelTypes';
import { readExpression } from './readExpression';

/** zulip-flutter's API layer, kept beside the repository as test data (its README says where from). */
export const flutterApiFolder = resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'shared',
  'zulip-flutter-api',
);

/** The API folder, or an error that names where it should be. */
export function flutterApiDir(root = flutterApiFolder): string {
  const dir = join(root, 'lib', 'api');
  if (!existsSync(dir)) {
    throw new Error(
      `zulip-flutter's API layer is missing: the mobile app's view of the host is read from ` +
        `../shared/zulip-flutter-api/ beside the repository (looked for ${dir})`,
    );
  }
  return dir;
}

function dartFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.dart'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** `const [...]`'s string literals. */
const stringList = (text: string | undefined): string[] =>
  [...(text ?? '').matchAll(/'([^']*)'/g)].map((match) => match[1] as string);

/** The keys `$checkKeys` insists on, present and not null, whatever the cast says. */
function checkedKeys(body: string): Set<string> {
  const start = body.indexOf('$checkKeys(');
  if (start < 0) return new Set();
  const open = start + '$checkKeys'.length;
  const args = splitTopLevel(body.slice(open + 1, closingBracket(body, open)));
  const named = (name: string) => args.find((arg) => arg.startsWith(`${name}:`));
  return new Set([
    ...stringList(named('requiredKeys')),
    ...stringList(named('disallowNullValues')),
  ]);
}

/** The fields of `ClassName(args)..cascade = value`, each from the expression that reads it. */
function fieldsOf(className: string, construction: string, required: Set<string>): Field[] {
  const open = construction.indexOf('(');
  const close = closingBracket(construction, open);
  const cascades = construction
    .slice(close + 1)
    .split(/\.\.(?=\w+ =)/)
    .map((part) => part.replace(/^\w+ = /, '').trim())
    .filter((part) => part !== '');
  const args = splitTopLevel(construction.slice(open + 1, close));
  const expressions = [...args.map((arg) => arg.replace(/^\w+: /, '')), ...cascades];
  return expressions.map((expression) => {
    const read = readExpression(expression);
    if (read.source === 'element') {
      throw new Error(`${className}: a field read from no key: ${expression}`);
    }
    const insisted = required.has(read.source.key);
    return {
      ...read.source,
      type: read.type,
      nullable: read.nullable && !insisted,
      defaulted: read.defaulted && !insisted,
    };
  });
}

const fromJsonDefinition = /_\$(\w+)FromJson\(\s*Map<String, dynamic> json,?\s*\)\s*(=>|\{)/g;

function classesIn(text: string, file: string): ModelClass[] {
  return [...text.matchAll(fromJsonDefinition)].map((match) => {
    const name = match[1] as string;
    const after = (match.index ?? 0) + match[0].length;
    let body: string;
    let construction: string;
    if (match[2] === '=>') {
      body = text.slice(after, statementEnd(text, after));
      construction = body;
    } else {
      body = text.slice(after, closingBracket(text, after - 1));
      construction = /return ([\s\S]*);\s*$/.exec(body)?.[1] ?? '';
    }
    try {
      return { name, file, fields: fieldsOf(name, oneLine(construction), checkedKeys(body)) };
    } catch (error) {
      throw new Error(`${file}: _$${name}FromJson: ${(error as Error).message}`, { cause: error });
    }
  });
}

function literal(text: string): string | number | null {
  if (text === 'null') return null;
  if (/^['"]/.test(text)) return text.slice(1, -1).replace(/\\(.)/g, '$1');
  return Number(text);
}

function enumsIn(text: string): EnumMap[] {
  return [...text.matchAll(/const _\$(\w+)EnumMap = \{([\s\S]*?)\};/g)].map((match) => {
    const entries = (match[2] as string).matchAll(
      /\w+\.(\w+):\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?[\d.]+|null)/g,
    );
    const values = new Map(
      [...entries].map((entry) => [entry[1] as string, literal(entry[2] as string)]),
    );
    return { name: match[1] as string, values };
  });
}

/**
 * The classes whose fromJson is written by hand (the dispatch of events by
 * `type` and `op`, of messages by `type`, validations after the generated
 * code): the checker holds its own encoding of each.
 */
function handWrittenIn(text: string): string[] {
  const found: string[] = [];
  const definitions = /(?:factory (\w+)\.fromJson|static (\w+)\?? fromJson)\([^)]*\)\s*(=>|\{)/g;
  for (const match of text.matchAll(definitions)) {
    const after = (match.index ?? 0) + match[0].length;
    const body =
      match[3] === '=>'
        ? text.slice(after, statementEnd(text, after))
        : text.slice(after, closingBracket(text, after - 1));
    if (!/^_\$\w+FromJson\(json\)$/.test(oneLine(body)))
      found.push((match[1] ?? match[2]) as string);
  }
  return found;
}

/** Reads every generated deserializer and enum map of zulip-flutter's API layer. */
export function readFlutterModels(root = flutterApiFolder): FlutterModels {
  const dir = flutterApiDir(root);
  const models: FlutterModels = {
    dir,
    classes: new Map(),
    enums: new Map(),
    handWritten: new Set(),
  };
  for (const path of dartFiles(dir)) {
    const text = readFileSync(path, 'utf8');
    if (path.endsWith('.g.dart')) {
      for (const model of classesIn(text, relative(dir, path)))
        models.classes.set(model.name, model);
      for (const map of enumsIn(text))
        if (!models.enums.has(map.name)) models.enums.set(map.name, map);
    } else {
      for (const name of handWrittenIn(text)) models.handWritten.add(name);
    }
  }
  return models;
}
