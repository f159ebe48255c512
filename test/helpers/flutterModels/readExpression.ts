import { closingBracket, splitTopLevel, topLevelIndexes, unwrapped } from './dartText';
import type { ValueType } from './modelTypes';

/** Where a value is read from: a key of the map (perhaps through a helper), or a list's or map's element. */
export type Source = { key: string; readValue?: string } | 'element';

/** What one expression of the generated code reads, and what it accepts there. */
export interface Read {
  source: Source;
  type: ValueType;
  nullable: boolean;
  defaulted: boolean;
}

/** A call at the end of an expression: `receiver.method(args)`, `receiver?.method(args)` or `function(args)`. */
interface Call {
  receiver: string | undefined;
  name: string;
  args: string[];
  nullAware: boolean;
}

function trailingCall(text: string): Call | undefined {
  if (!text.endsWith(')')) return undefined;
  const open = topLevelIndexes(text, '(').find(
    (index) => closingBracket(text, index) === text.length - 1,
  );
  if (open === undefined || open === 0) return undefined;
  // A generic function's type arguments are not part of its name.
  const callee = text.slice(0, open).replace(/<[^()]*>$/, '');
  const args = splitTopLevel(text.slice(open + 1, -1));
  const method = /^(.*?)(\?)?\.([\w$]+)$/s.exec(callee);
  if (method) {
    return { receiver: method[1], name: method[3] as string, args, nullAware: method[2] === '?' };
  }
  return /^[\w$]+$/.test(callee)
    ? { receiver: undefined, name: callee, args, nullAware: false }
    : undefined;
}

/** Dart's cast targets, as JSON types. */
function castType(target: string): ValueType {
  const bare = target.replace(/\?$/, '').replace(/\s/g, '');
  if (bare === 'String') return { kind: 'string' };
  if (bare === 'int') return { kind: 'int' };
  if (bare === 'num' || bare === 'double') return { kind: 'num' };
  if (bare === 'bool') return { kind: 'bool' };
  if (bare === 'Object') return { kind: 'any' };
  if (/^List(<.*>)?$/.test(bare)) return { kind: 'list' };
  if (/^Map<String,(dynamic|Object\?)>$/.test(bare)) return { kind: 'object' };
  throw new Error(`no JSON type for the Dart cast "as ${target}"`);
}

const fail = (text: string, why: string): never => {
  throw new Error(`cannot read the generated expression "${text}": ${why}`);
};

/** What a list's `.map((e) => …)` or a map's `.map((k, e) => MapEntry(…))` makes of the receiver. */
function readMapCall(text: string, call: Call): Read {
  const receiver = readExpression(call.receiver ?? fail(text, 'map without a receiver'));
  const lambda =
    /^\((\w+)(?:, ?(\w+))?\) ?=> ?(.*)$/s.exec(call.args[0] ?? '') ??
    fail(text, 'map without a lambda');
  const nullable = receiver.nullable || call.nullAware;
  if (lambda[2] === undefined) {
    const item = readExpression(lambda[3] as string);
    return { ...receiver, type: { kind: 'listOf', item: item.type }, nullable };
  }
  const entry = trailingCall(unwrapped(lambda[3] as string));
  if (entry?.name !== 'MapEntry') return fail(text, 'a map whose lambda makes no MapEntry');
  const value = readExpression(entry.args[1] ?? '');
  const intKeys = (entry.args[0] ?? '').startsWith('int.parse(');
  return { ...receiver, type: { kind: 'mapOf', value: value.type, intKeys }, nullable };
}

const converterOf = (name: string, argument: Read): ValueType => ({
  kind: 'converter',
  name,
  input: argument.type,
  inputNullable: argument.nullable,
});

/** A call whose arguments are `(json, 'key')`: json_serializable's `readValue:` helper. */
function readValueHelper(call: Call): Read | undefined {
  const key = /^'([^']*)'$/.exec(call.args[1] ?? '');
  if (call.args.length !== 2 || call.args[0] !== 'json' || !key || !call.receiver) return undefined;
  const source = { key: key[1] as string, readValue: `${call.receiver}.${call.name}` };
  return { source, type: { kind: 'any' }, nullable: true, defaulted: false };
}

function readCall(text: string, call: Call): Read | undefined {
  const helper = readValueHelper(call);
  if (helper) return helper;
  const { receiver, name, args } = call;
  if (name === 'toList' || name === 'toSet') return readExpression(receiver ?? fail(text, name));
  if (name === 'map') return readMapCall(text, call);
  if (name === 'toInt' || name === 'toDouble') {
    const number = readExpression(receiver ?? fail(text, name));
    const type: ValueType = { kind: name === 'toInt' ? 'int' : 'num' };
    return { ...number, type, nullable: number.nullable || call.nullAware };
  }
  if (name === '$enumDecode' || name === '$enumDecodeNullable') {
    const map = /^_\$(\w+)EnumMap$/.exec(args[0] ?? '') ?? fail(text, 'no enum map');
    const read = readExpression(args[1] ?? fail(text, 'no value to decode'));
    const unknownFallback = args.some((arg) => arg.startsWith('unknownValue:'));
    const type: ValueType = { kind: 'enum', name: map[1] as string, unknownFallback };
    return { ...read, type, nullable: name === '$enumDecodeNullable' };
  }
  if (name === '_$JsonConverterFromJson') {
    // json == null ? null : converter(json)
    const converter =
      /^const (\w+)\(\)\.fromJson$/.exec(args[1] ?? '') ?? fail(text, 'no converter');
    const read = readExpression(args[0] ?? '');
    const type = converterOf(converter[1] as string, read);
    return { ...read, type, nullable: true };
  }
  if (args.length !== 1) return undefined;
  const argument = readExpression(args[0] as string);
  // A function of theirs or of Dart's (`base64Decode`), given the cast value.
  if (receiver === undefined) return { ...argument, type: converterOf(name, argument) };
  const constConverter = /^const (\w+)\(\)$/.exec(receiver);
  if (constConverter)
    return { ...argument, type: converterOf(constConverter[1] as string, argument) };
  // Both are strings on the wire: an extension type, and a URL parsed.
  if (
    (receiver === 'TopicName' && name === 'fromJson') ||
    (receiver === 'Uri' && name === 'parse')
  ) {
    return argument;
  }
  if (name === 'fromJson' && /^[A-Z]\w*$/.test(receiver)) {
    // An uncast argument is handed on as it is, null included, for the model to judge.
    const nullable = argument.type.kind === 'any' ? false : argument.nullable;
    return { ...argument, type: { kind: 'model', name: receiver }, nullable };
  }
  if (/^[A-Z]\w*$/.test(receiver)) {
    // A static function of theirs; it sees the value whatever it is, after the argument's own cast.
    return { ...argument, type: converterOf(`${receiver}.${name}`, argument) };
  }
  return undefined;
}

/** Reads one value expression of a generated `_$XFromJson`, as its casts and calls accept it. */
export function readExpression(expression: string): Read {
  const text = unwrapped(expression);
  const coalesce = topLevelIndexes(text, '??')[0];
  if (coalesce !== undefined)
    return { ...readExpression(text.slice(0, coalesce)), defaulted: true };
  const orNull = topLevelIndexes(text, ' ? null : ')[0];
  if (orNull !== undefined) {
    return { ...readExpression(text.slice(orNull + ' ? null : '.length)), nullable: true };
  }
  const cast = topLevelIndexes(text, ' as ').at(-1);
  if (cast !== undefined) {
    const read = readExpression(text.slice(0, cast));
    const target = text.slice(cast + ' as '.length).trim();
    return { ...read, type: castType(target), nullable: target.endsWith('?') };
  }
  const key = /^json\['([^']*)'\]$/.exec(text);
  if (key)
    return {
      source: { key: key[1] as string },
      type: { kind: 'any' },
      nullable: true,
      defaulted: false,
    };
  if (/^\w$/.test(text))
    return { source: 'element', type: { kind: 'any' }, nullable: true, defaulted: false };
  const call = trailingCall(text);
  return (call && readCall(text, call)) ?? fail(text, 'no reading for this shape');
}
