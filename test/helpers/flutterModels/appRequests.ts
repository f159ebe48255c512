import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closingBracket, splitTopLevel } from './dartText';
import { flutterApiDir, flutterApiFolder } from './readModels';

// What the app sends, read from its routes rather than written down again,
// where the route's code states it as plain values.

type Literal = boolean | number | string | { [key: string]: Literal };

function literalOf(text: string): Literal {
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+$/.test(text)) return Number(text);
  if (/^'[^']*'$/.test(text)) return text.slice(1, -1);
  if (text.startsWith('{')) return mapLiteral(text);
  throw new Error(`not a literal: ${text}`);
}

/** A Dart map literal's entries, those whose value is a plain literal; `'key': ?value` and the like are left out. */
function mapLiteral(text: string): { [key: string]: Literal } {
  const body = text.slice(1, closingBracket(text, 0));
  const entries = splitTopLevel(body.replace(/\/\/.*$/gm, ''))
    .map((entry) => /^'([^']+)':\s*([\s\S]*)$/.exec(entry.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .filter((match) =>
      /^(true|false|-?\d+|'[^']*'|\{[\s\S]*\})$/.test((match[2] as string).trim()),
    );
  return Object.fromEntries(
    entries.map((match) => [match[1], literalOf((match[2] as string).trim())]),
  );
}

/**
 * The parameters of the app's `POST /register` (registerQueue in
 * route/events.dart), each as the app gives it, before JSON encoding.
 */
export function registerParameters(root = flutterApiFolder): Record<string, Literal> {
  const text = readFileSync(join(flutterApiDir(root), 'route', 'events.dart'), 'utf8');
  const call = text.indexOf("'register', {");
  if (call < 0)
    throw new Error("route/events.dart no longer posts to 'register' with a map of parameters");
  return mapLiteral(text.slice(call + "'register', ".length));
}

/** kMinAllowedZulipFeatureLevel (core.dart): below it the app refuses to connect. */
export function minimumFeatureLevel(root = flutterApiFolder): number {
  const text = readFileSync(join(flutterApiDir(root), 'core.dart'), 'utf8');
  const found = /const kMinAllowedZulipFeatureLevel = (\d+);/.exec(text);
  if (!found) throw new Error('core.dart no longer states kMinAllowedZulipFeatureLevel');
  return Number(found[1]);
}
