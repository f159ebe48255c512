import { at, cast, isObject, kindOf, type JsonObject } from './jsonKinds';
import type { Check } from './modelTypes';

// zulip-flutter chooses some classes by hand before any generated code runs:
// events by `type` and then `op` (Event.fromJson, model/events.dart), messages
// by `type` (Message.fromJson, model/model.dart), group-setting values by
// their JSON kind (GroupSettingValue.fromJson). Our encoding of that choice:

/** Event.fromJson's choice: by type, and for some types by op. Others become UnexpectedEvent. */
const eventClasses: Record<string, string | Record<string, string>> = {
  realm_emoji: {
    add: 'RealmEmojiAddEvent',
    update_one: 'RealmEmojiUpdateOneEvent',
    update: 'RealmEmojiUpdateEvent',
  },
  alert_words: 'AlertWordsEvent',
  user_settings: { update: 'UserSettingsUpdateEvent' },
  device: { add: 'DeviceAddEvent', remove: 'DeviceRemoveEvent', update: 'DeviceUpdateEvent' },
  custom_profile_fields: 'CustomProfileFieldsEvent',
  user_group: {
    add: 'UserGroupAddEvent',
    update: 'UserGroupUpdateEvent',
    add_members: 'UserGroupAddMembersEvent',
    remove_members: 'UserGroupRemoveMembersEvent',
    add_subgroups: 'UserGroupAddSubgroupsEvent',
    remove_subgroups: 'UserGroupRemoveSubgroupsEvent',
    remove: 'UserGroupRemoveEvent',
  },
  realm_user: {
    add: 'RealmUserAddEvent',
    remove: 'RealmUserRemoveEvent',
    update: 'RealmUserUpdateEvent',
  },
  saved_snippets: {
    add: 'SavedSnippetsAddEvent',
    update: 'SavedSnippetsUpdateEvent',
    remove: 'SavedSnippetsRemoveEvent',
  },
  stream: {
    create: 'ChannelCreateEvent',
    delete: 'ChannelDeleteEvent',
    update: 'ChannelUpdateEvent',
  },
  subscription: {
    add: 'SubscriptionAddEvent',
    remove: 'SubscriptionRemoveEvent',
    update: 'SubscriptionUpdateEvent',
    peer_add: 'SubscriptionPeerAddEvent',
    peer_remove: 'SubscriptionPeerRemoveEvent',
  },
  channel_folder: {
    add: 'ChannelFolderAddEvent',
    reorder: 'ChannelFolderReorderEvent',
    update: 'ChannelFolderUpdateEvent',
  },
  user_status: 'UserStatusEvent',
  user_topic: 'UserTopicEvent',
  muted_users: 'MutedUsersEvent',
  message: 'MessageEvent',
  update_message: 'UpdateMessageEvent',
  delete_message: 'DeleteMessageEvent',
  update_message_flags: {
    add: 'UpdateMessageFlagsAddEvent',
    remove: 'UpdateMessageFlagsRemoveEvent',
  },
  submessage: 'SubmessageEvent',
  typing: 'TypingEvent',
  presence: 'PresenceEvent',
  reaction: 'ReactionEvent',
  heartbeat: 'HeartbeatEvent',
};

/** Every class Event.fromJson may choose. */
export const eventClassNames: readonly string[] = [
  ...Object.values(eventClasses).flatMap((entry) =>
    typeof entry === 'string' ? [entry] : Object.values(entry),
  ),
  'UnexpectedEvent',
];

/** The classes each dispatcher may hand a value on to. */
export const dispatchTargets: Record<string, readonly string[]> = {
  Event: eventClassNames,
  Message: ['StreamMessage', 'DmMessage'],
  GroupSettingValue: ['GroupSettingValueNameless'],
};

/** The class the app reads an event as, or what stops it choosing one. */
export function eventClassOf(
  event: unknown,
  path: string,
): { name: string } | { problems: string[] } {
  if (!isObject(event))
    return { problems: [`${path}: expected an event object, got ${kindOf(event)}`] };
  const typeProblems = cast(event.type, 'string', false, at(path, 'type'));
  if (typeProblems.length > 0) return { problems: typeProblems };
  const byType = eventClasses[event.type as string];
  if (byType === undefined) return { name: 'UnexpectedEvent' };
  if (typeof byType === 'string') return { name: byType };
  const opProblems = cast(event.op, 'string', false, at(path, 'op'));
  if (opProblems.length > 0) return { problems: opProblems };
  return { name: byType[event.op as string] ?? 'UnexpectedEvent' };
}

type HandWritten = (value: unknown, path: string, check: Check) => string[];

const asObject = (value: unknown, path: string, what: string): JsonObject | string[] =>
  isObject(value) ? value : [`${path}: expected an object (${what}), got ${kindOf(value)}`];

export const dispatchers: Record<string, HandWritten> = {
  Event(value, path, check) {
    const chosen = eventClassOf(value, path);
    return 'problems' in chosen ? chosen.problems : check.model(chosen.name, value, path);
  },
  UnexpectedEvent(value, path) {
    const event = asObject(value, path, 'UnexpectedEvent');
    return Array.isArray(event) ? event : cast(event.id, 'int', false, at(path, 'id'));
  },
  RealmUserRemoveEvent(value, path) {
    const event = asObject(value, path, 'RealmUserRemoveEvent');
    if (Array.isArray(event)) return event;
    const person = asObject(event.person, at(path, 'person'), 'person');
    return [
      ...cast(event.id, 'int', false, at(path, 'id')),
      ...(Array.isArray(person)
        ? person
        : cast(person.user_id, 'int', false, at(path, 'person.user_id'))),
    ];
  },
  Message(value, path, check) {
    const message = asObject(value, path, 'Message');
    if (Array.isArray(message)) return message;
    const typeProblems = cast(message.type, 'string', false, at(path, 'type'));
    if (typeProblems.length > 0) return typeProblems;
    if (message.type === 'stream') return check.model('StreamMessage', message, path);
    if (message.type === 'private') return check.model('DmMessage', message, path);
    return [
      `${at(path, 'type')}: ${JSON.stringify(message.type)} is neither "stream" nor "private"`,
    ];
  },
  GroupSettingValue(value, path, check) {
    if (Number.isInteger(value)) return [];
    if (isObject(value)) return check.model('GroupSettingValueNameless', value, path);
    return [`${path}: expected a group ID or an object of direct members, got ${kindOf(value)}`];
  },
};
