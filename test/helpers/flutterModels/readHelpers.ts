import { enumValues } from './handWritten';
import { at, cast, isObject, type Cast, type JsonObject } from './jsonKinds';
import type { Check } from './modelTypes';

// Our encoding of the `readValue:` helpers zulip-flutter's fields name: each
// is given the whole JSON map and the field's key, as json_serializable calls
// it, and answers the value the generated code goes on to cast, with the path
// it came from; or the problems that make the app's own helper throw.

export type HelperRead = { value: unknown; path?: string } | { problems: string[] };

type ReadValueHelper = (json: JsonObject, key: string, parent: string, check: Check) => HelperRead;

const casting = (value: unknown, to: Cast, nullable: boolean, path: string): HelperRead => {
  const problems = cast(value, to, nullable, path);
  return problems.length > 0 ? { problems } : { value, path };
};

/** `(json[key] as Map<String, dynamic>)`, or the problems of that cast. */
const objectAt = (
  json: JsonObject,
  key: string,
  path: string,
): { object: JsonObject } | { problems: string[] } => {
  const problems = cast(json[key], 'object', false, path);
  return problems.length > 0 ? { problems } : { object: json[key] as JsonObject };
};

/** A property's value, as the update events' `_readValue` casts it for that property. */
type ValueCheck = (value: unknown, path: string, check: Check) => string[];

const plainly =
  (to: Cast, nullable = false): ValueCheck =>
  (value, path) =>
    cast(value, to, nullable, path);

const color = (value: unknown, path: string): string[] => {
  const problems = cast(value, 'string', false, path);
  if (problems.length > 0) return problems;
  return /^#[0-9a-f]{6}$/.test(value as string)
    ? []
    : [`${path}: ${JSON.stringify(value)} is not #rrggbb`];
};

const groupSetting: ValueCheck = (value, path, check) =>
  check.model('GroupSettingValue', value, path);

const channelPostPolicy: ValueCheck = (value, path, check) => {
  const problems = cast(value, 'int', false, path);
  if (problems.length > 0) return problems;
  return enumValues(check, 'ChannelPostPolicy').includes(value)
    ? []
    : [`${path}: ${JSON.stringify(value)} is not a channel post policy`];
};

const userSettingValues: Record<string, ValueCheck> = {
  twenty_four_hour_time: plainly('bool', true),
  starred_message_counts: plainly('bool'),
  display_emoji_reaction_users: plainly('bool'),
  emojiset: plainly('string'),
  web_inbox_show_channel_folders: plainly('bool'),
  presence_enabled: plainly('bool'),
};

const channelPropertyValues: Record<string, ValueCheck> = {
  name: plainly('string'),
  is_archived: plainly('bool'),
  description: plainly('string'),
  first_message_id: plainly('int', true),
  invite_only: plainly('bool'),
  message_retention_days: plainly('int', true),
  topics_policy: plainly('string'),
  stream_post_policy: channelPostPolicy,
  folder_id: plainly('int', true),
  can_add_subscribers_group: groupSetting,
  can_delete_any_message_group: groupSetting,
  can_delete_own_message_group: groupSetting,
  can_send_message_group: groupSetting,
  can_subscribe_group: groupSetting,
  is_recently_active: plainly('bool'),
  stream_weekly_traffic: plainly('int', true),
};

const subscriptionPropertyValues: Record<string, ValueCheck> = {
  color,
  ...Object.fromEntries(
    [
      'is_muted',
      'pin_to_top',
      'desktop_notifications',
      'audible_notifications',
      'push_notifications',
      'email_notifications',
      'wildcard_mentions_notify',
    ].map((name) => [name, plainly('bool')]),
  ),
};

/** `_readValue` of an update event: `property` a string, `value` as that property's type; unknown properties read as null. */
const propertyValue =
  (values: Record<string, ValueCheck>): ReadValueHelper =>
  (json, key, parent, check) => {
    const propertyProblems = cast(json.property, 'string', false, at(parent, 'property'));
    if (propertyProblems.length > 0) return { problems: propertyProblems };
    const valueCheck = values[json.property as string];
    if (!valueCheck) return { value: null };
    const problems = valueCheck(json[key], at(parent, key), check);
    return problems.length > 0 ? { problems } : { value: json[key] };
  };

/** `_readUsersIsActiveFallback…`: a list of users, `is_active` filled in where absent. */
const usersWithIsActive =
  (fallback: boolean): ReadValueHelper =>
  (json, key, parent) => {
    const path = at(parent, key);
    const listProblems = cast(json[key], 'list', false, path);
    if (listProblems.length > 0) return { problems: listProblems };
    const users = json[key] as unknown[];
    const problems = users.flatMap((user, index) => cast(user, 'object', false, at(path, index)));
    if (problems.length > 0) return { problems };
    return { value: users.map((user) => ({ is_active: fallback, ...(user as JsonObject) })), path };
  };

/** MessageEditState._readFromMessage: the edit history, read as far as the app reads it. */
const editState: ReadValueHelper = (json, _key, parent) => {
  const problems = [
    ...cast(json.edit_history, 'list', true, at(parent, 'edit_history')),
    ...cast(json.last_edit_timestamp, 'int', true, at(parent, 'last_edit_timestamp')),
  ];
  if (problems.length > 0) return { problems };
  if (!Array.isArray(json.edit_history)) return { value: 'not edited, or edited without history' };
  for (const [index, entry] of json.edit_history.entries()) {
    const path = at(at(parent, 'edit_history'), index);
    if (!isObject(entry)) return { problems: cast(entry, 'object', false, path) };
    if (entry.prev_content !== undefined && entry.prev_content !== null) break;
    const topicProblems = cast(entry.prev_topic, 'string', true, at(path, 'prev_topic'));
    if (entry.prev_topic !== undefined && entry.prev_topic !== null) {
      topicProblems.push(...cast(entry.topic, 'string', false, at(path, 'topic')));
    }
    if (topicProblems.length > 0) return { problems: topicProblems };
  }
  return { value: 'edited or not' };
};

/** Message._readPoll: the submessages (none if absent), the first one a widget's JSON. */
const poll: ReadValueHelper = (json, key, parent, check) => {
  const path = at(parent, key);
  const problems = [
    ...cast(json[key], 'list', true, path),
    ...cast(json.sender_id, 'num', false, at(parent, 'sender_id')),
  ];
  if (problems.length > 0) return { problems };
  const submessages = (json[key] as unknown[] | undefined | null) ?? [];
  problems.push(
    ...submessages.flatMap((item, index) => check.model('Submessage', item, at(path, index))),
  );
  if (problems.length > 0) return { problems };
  const first = submessages[0];
  if (!isObject(first)) return { value: 'no widget' };
  let widget: unknown;
  try {
    widget = JSON.parse(first.content as string);
  } catch {
    return { problems: [`${at(at(path, 0), 'content')}: not JSON`] };
  }
  const widgetPath = `${at(at(path, 0), 'content')}(decoded)`;
  if (!isObject(widget)) return { problems: cast(widget, 'object', false, widgetPath) };
  const typeProblems = cast(widget.widget_type, 'string', false, at(widgetPath, 'widget_type'));
  if (typeProblems.length > 0) return { problems: typeProblems };
  const pollProblems =
    widget.widget_type === 'poll' ? check.model('PollWidgetData', widget, widgetPath) : [];
  return pollProblems.length > 0 ? { problems: pollProblems } : { value: 'poll' };
};

/** `_readChannelIds` of a channel deletion: `stream_ids`, else the old `streams` objects' IDs. */
const deletedChannelIds: ReadValueHelper = (json, _key, parent) => {
  if (json.stream_ids !== undefined && json.stream_ids !== null) {
    const path = at(parent, 'stream_ids');
    const listProblems = cast(json.stream_ids, 'list', false, path);
    if (listProblems.length > 0) return { problems: listProblems };
    const problems = (json.stream_ids as unknown[]).flatMap((id, index) =>
      cast(id, 'int', false, at(path, index)),
    );
    return problems.length > 0 ? { problems } : { value: json.stream_ids, path };
  }
  return idsOfObjects(json, 'streams', parent);
};

/** The `stream_id` of each object of a list, as `_readChannelIds` gathers them. */
function idsOfObjects(json: JsonObject, key: string, parent: string): HelperRead {
  const path = at(parent, key);
  const listProblems = cast(json[key], 'list', false, path);
  if (listProblems.length > 0) return { problems: listProblems };
  const items = json[key] as unknown[];
  const problems = items.flatMap((item, index) =>
    isObject(item)
      ? cast(item.stream_id, 'int', false, at(at(path, index), 'stream_id'))
      : cast(item, 'object', false, at(path, index)),
  );
  return problems.length > 0
    ? { problems }
    : { value: items.map((item) => (item as JsonObject).stream_id), path };
}

/** `_readFromPerson`: the key of the event's `person` object. */
const fromPerson =
  (nullableString: boolean): ReadValueHelper =>
  (json, key, parent) => {
    const personPath = at(parent, 'person');
    const person = objectAt(json, 'person', personPath);
    if ('problems' in person) return person;
    const value = person.object[key];
    return nullableString
      ? casting(value, 'string', true, at(personPath, key))
      : { value, path: at(personPath, key) };
  };

export const readHelpers: Record<string, ReadValueHelper> = {
  'User._readProfileData': (json, key, parent) =>
    casting(json[key], 'object', true, at(parent, key)),
  'Subscription._readColor': (json, key, parent) => {
    const path = at(parent, key);
    const problems = color(json[key], path);
    return problems.length > 0
      ? { problems }
      : { value: parseInt((json[key] as string).slice(1), 16), path };
  },
  'InitialSnapshot._readUsersIsActiveFallbackTrue': usersWithIsActive(true),
  'InitialSnapshot._readUsersIsActiveFallbackFalse': usersWithIsActive(false),
  'MessageEditState._readFromMessage': editState,
  'Message._readPoll': poll,
  'StreamMessage._readConversation': (json, _key, parent) => ({ value: json, path: parent }),
  'MessageEvent._readMessageValue': (json, key, parent) => {
    const message = objectAt(json, key, at(parent, key));
    if ('problems' in message) return message;
    return { value: { ...message.object, flags: json.flags }, path: at(parent, key) };
  },
  'UpdateMessageEvent._readMoveData': (json, _key, parent) => ({ value: json, path: parent }),
  'UserStatusEvent._readChange': (json, _key, parent) => ({ value: json, path: parent }),
  'TypingEvent._readSenderId': (json, _key, parent) => {
    const sender = objectAt(json, 'sender', at(parent, 'sender'));
    if ('problems' in sender) return sender;
    return { value: sender.object.user_id, path: at(at(parent, 'sender'), 'user_id') };
  },
  'RealmUserUpdateEvent._readFromPerson': fromPerson(false),
  'RealmUserUpdateEvent._readNullableStringFromPerson': fromPerson(true),
  'JsonNullable.readIntFromJson': (json, key, parent) =>
    casting(json[key], 'int', true, at(parent, key)),
  'JsonNullable.readStringFromJson': (json, key, parent) =>
    casting(json[key], 'string', true, at(parent, key)),
  'UserSettingsUpdateEvent._readValue': propertyValue(userSettingValues),
  'ChannelUpdateEvent._readValue': propertyValue(channelPropertyValues),
  'SubscriptionUpdateEvent._readValue': propertyValue(subscriptionPropertyValues),
  'ChannelDeleteEvent._readChannelIds': deletedChannelIds,
  'SubscriptionRemoveEvent._readChannelIds': (json, _key, parent) =>
    idsOfObjects(json, 'subscriptions', parent),
};
