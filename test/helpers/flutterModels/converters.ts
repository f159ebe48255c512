import { enumValues } from './handWritten';
import { at, cast, isObject, type Cast } from './jsonKinds';
import type { Check } from './modelTypes';

// Our encoding of the hand-written functions zulip-flutter's generated code
// passes values through (`fromJson:` of a field, `const XConverter()`). Each
// is given the value after its argument's cast, null and absence included.

type Converter = (value: unknown, path: string, check: Check) => string[];

const accepts: Converter = () => [];

/** `json as List<…>` and each item through `item`. */
const listOf =
  (item: (value: unknown, path: string, check: Check) => string[]): Converter =>
  (value, path, check) => {
    const problems = cast(value, 'list', false, path);
    if (problems.length > 0) return problems;
    return (value as unknown[]).flatMap((entry, index) => item(entry, at(path, index), check));
  };

/** `(item as Map<String, dynamic>)[key] as T`. */
const keyOfObject =
  (key: string, to: Cast) =>
  (item: unknown, path: string): string[] =>
    isObject(item) ? cast(item[key], to, false, at(path, key)) : cast(item, 'object', false, path);

/** UpdateMessageMoveData.tryParseFromJson: a move names where from and where to, and how. */
const moveData: Converter = (value, path, check) => {
  if (!isObject(value)) return cast(value, 'object', false, path);
  const problems = [
    ...cast(value.stream_id, 'num', true, at(path, 'stream_id')),
    ...cast(value.new_stream_id, 'num', true, at(path, 'new_stream_id')),
    ...cast(value.orig_subject, 'string', true, at(path, 'orig_subject')),
    ...cast(value.subject, 'string', true, at(path, 'subject')),
    ...cast(value.propagate_mode, 'string', true, at(path, 'propagate_mode')),
  ];
  if (problems.length > 0) return problems;
  const given = (key: string) => value[key] !== undefined && value[key] !== null;
  if (
    given('propagate_mode') &&
    !enumValues(check, 'PropagateMode').includes(value.propagate_mode)
  ) {
    return [
      `${at(path, 'propagate_mode')}: ${JSON.stringify(value.propagate_mode)} is not a propagate mode`,
    ];
  }
  const read = (key: string) => (given(key) ? value[key] : null);
  const newStream = read('new_stream_id') ?? read('stream_id');
  const newTopic = read('subject') ?? read('orig_subject');
  if (newStream === read('stream_id') && newTopic === read('orig_subject')) {
    return given('propagate_mode')
      ? [`${path}: propagate_mode without a new channel or topic`]
      : [];
  }
  return ['stream_id', 'orig_subject', 'propagate_mode']
    .filter((key) => !given(key))
    .map((key) => `${at(path, key)}: missing, which a moved message needs`);
};

export const converters: Record<string, Converter> = {
  'Message._messageEditStateFromJson': accepts,
  'Message._reactionsFromJson': listOf((reaction, path, check) =>
    check.model('Reaction', reaction, path),
  ),
  'Message._flagsFromJson': listOf((flag, path) => cast(flag, 'string', false, path)),
  'DmMessage._conversationFromJson': listOf(keyOfObject('id', 'num')),
  'GetMessagesResult._messagesFromJson': listOf((message, path, check) =>
    check.model('Message', message, path),
  ),
  'TypingEvent._recipientIdsFromJson': (value, path, check) =>
    value === undefined || value === null
      ? []
      : listOf(keyOfObject('user_id', 'int'))(value, path, check),
  'TwentyFourHourTimeMode.fromApiValue': accepts,
  'UpdateMessageMoveData.tryParseFromJson': moveData,
  // The server says "private" where the app's enum says "direct".
  MessageTypeConverter: (value, path, check) =>
    [...enumValues(check, 'MessageType'), 'private'].includes(value)
      ? []
      : [`${path}: ${JSON.stringify(value)} is not a message type`],
  NullableIntJsonConverter: accepts,
  NullableStringJsonConverter: accepts,
};
