import { at, cast, isObject, kindOf, type JsonObject } from './jsonKinds';
import type { Check } from './modelTypes';

// Our encoding of fromJson code zulip-flutter writes by hand (beside the
// dispatchers of dispatch.ts): what each reads, and what it refuses.

type HandWritten = (value: unknown, path: string, check: Check) => string[];

/** The JSON values of a generated enum map, nulls left out. */
export function enumValues(check: Check, name: string): unknown[] {
  return [...(check.models.enums.get(name)?.values.values() ?? [])].filter(
    (value) => value !== null,
  );
}

export const handWrittenModels: Record<string, HandWritten> = {
  // UserStatusChange.fromJson (model/model.dart): each part optional; an
  // emoji whose three strings are all set must name a known reaction type.
  UserStatusChange(value, path, check) {
    if (!isObject(value))
      return [`${path}: expected an object (UserStatusChange), got ${kindOf(value)}`];
    const keys = ['status_text', 'emoji_name', 'emoji_code', 'reaction_type'];
    const problems = keys.flatMap((key) => cast(value[key], 'string', true, at(path, key)));
    if (problems.length > 0) return problems;
    const emoji = [value.emoji_name, value.emoji_code, value.reaction_type];
    if (emoji.some((part) => part === undefined || part === null || part === '')) return [];
    return enumValues(check, 'ReactionType').includes(value.reaction_type)
      ? []
      : [
          `${at(path, 'reaction_type')}: ${JSON.stringify(value.reaction_type)} is not a reaction type`,
        ];
  },
  // Poll.fromJson takes what Message._readPoll made of the submessages; that helper checks them.
  Poll: () => [],
};

type AfterCheck = (json: JsonObject, path: string) => string[];

const needs = (json: JsonObject, path: string, keys: string[], why: string): string[] =>
  keys
    .filter((key) => json[key] === undefined || json[key] === null)
    .map((key) => `${at(path, key)}: missing, which ${why} needs`);

const isChannel = (type: unknown) => type === 'stream';

/**
 * The checks some fromJson factories make after the generated code
 * ("crunchy-shell validation" in model/events.dart).
 */
export const afterChecks: Record<string, AfterCheck> = {
  DeleteMessageEvent: (json, path) =>
    isChannel(json.message_type)
      ? needs(json, path, ['stream_id', 'topic'], 'a channel message')
      : [],
  UpdateMessageFlagsRemoveEvent: (json, path) =>
    json.flag === 'read' ? needs(json, path, ['message_details'], 'removing the read flag') : [],
  UpdateMessageFlagsMessageDetail: (json, path) =>
    isChannel(json.type)
      ? needs(json, path, ['stream_id', 'topic'], 'a channel message')
      : needs(json, path, ['user_ids'], 'a direct message'),
  TypingEvent: (json, path) =>
    isChannel(json.message_type)
      ? needs(json, path, ['stream_id', 'topic'], 'typing in a channel')
      : needs(json, path, ['recipients'], 'typing in a direct message'),
};
