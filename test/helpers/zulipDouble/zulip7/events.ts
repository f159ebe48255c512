import type { GroupSettingValue, Org } from '../org';
import { Queues, type Event, type Queue } from '../queues';
import { avatarUrl } from '../render';
import {
  group7,
  message7,
  playground7,
  reactionUser,
  stream7,
  subscription7,
  user7,
} from './objects';
import {
  policiesOfSettings,
  policyGroupSettings,
  rolePolicyState,
  streamPostPolicyOf,
} from './policies';

type Fields = Record<string, unknown>;
const list = (value: unknown) => (Array.isArray(value) ? (value as Fields[]) : []);

// Event types that came after 7.0: channel folders (389), saved snippets
// (297), reminders (399), navigation views (390).
const laterTypes = new Set(['channel_folder', 'saved_snippets', 'reminders', 'navigation_view']);

// Realm properties 7.0 named otherwise (241, 358) or did not have (392).
const realmRenames: Readonly<Record<string, string>> = {
  new_stream_announcements_stream_id: 'notifications_stream_id',
  signup_announcements_stream_id: 'signup_notifications_stream_id',
};

function realmEvents7(org: Org, event: Event): Event[] {
  if (event.op === 'update') {
    const property = String(event.property);
    if (property === 'topics_policy' || property.endsWith('_group')) return [];
    if (property === 'message_edit_history_visibility_policy') {
      return [{ ...event, property: 'allow_edit_history', value: event.value !== 'none' }];
    }
    return [{ ...event, property: realmRenames[property] ?? property }];
  }
  if (event.op !== 'update_dict') return [event];
  const changed = event.data as Fields;
  const events: Event[] = [];
  // Description changes came as `update` until 464.
  if ('description' in changed) {
    events.push({
      type: 'realm',
      op: 'update',
      property: 'description',
      value: changed.description,
    });
  }
  const settings = Object.keys(changed).filter((key) => /_groups?$/.test(key));
  const data = Object.fromEntries(
    Object.entries(changed).filter(([key]) => key !== 'description' && !settings.includes(key)),
  );
  const policies = rolePolicyState(org);
  for (const name of policiesOfSettings(settings.filter((key) => policyGroupSettings.has(key)))) {
    events.push({ type: 'realm', op: 'update', property: name, value: policies[`realm_${name}`] });
  }
  if (Object.keys(data).length > 0) events.unshift({ ...event, data });
  return events;
}

function streamEvents7(org: Org, event: Event): Event[] {
  if (event.op === 'create') {
    return [{ ...event, streams: list(event.streams).map((stream) => stream7(org, stream)) }];
  }
  if (event.op === 'delete') {
    // stream_ids came at 343; 7.0 names the channels by their objects alone.
    const { stream_ids: ids, ...rest } = event;
    void ids;
    return [
      { ...rest, streams: list(event.streams).map((stream) => stream7(org, stream)) } as Event,
    ];
  }
  if (event.op !== 'update') return [event];
  const property = String(event.property);
  if (property === 'can_send_message_group') {
    const policy = streamPostPolicyOf(org, event.value as GroupSettingValue);
    return [
      { ...event, property: 'stream_post_policy', value: policy },
      { ...event, property: 'is_announcement_only', value: policy === 2 },
    ];
  }
  const later = ['is_archived', 'folder_id', 'topics_policy', 'subscriber_count'];
  return property.endsWith('_group') || later.includes(property) ? [] : [event];
}

function realmUserEvents7(org: Org, event: Event): Event[] {
  const person = event.person as Fields;
  if (event.op === 'add') return [{ ...event, person: user7(person) }];
  // Deactivation and reactivation were `remove` and `add` until 222.
  if (event.op === 'update' && person.is_active === false) {
    const userId = Number(person.user_id);
    return [
      {
        type: 'realm_user',
        op: 'remove',
        person: { user_id: userId, full_name: org.user(userId)?.full_name ?? '' },
      },
    ];
  }
  if (event.op === 'update' && person.is_active === true) {
    const user = org.user(Number(person.user_id));
    if (!user) return [];
    return [
      {
        type: 'realm_user',
        op: 'add',
        person: user7({ ...user, avatar_url: avatarUrl(org, user.user_id) }),
      },
    ];
  }
  return [event];
}

function groupEvents7(event: Event): Event[] {
  if (event.op === 'add') return [{ ...event, group: group7(event.group as Fields) }];
  if (event.op !== 'update') return [event];
  const data = event.data as Fields;
  const kept = Object.fromEntries(
    Object.entries(data).filter(([key]) => key === 'name' || key === 'description'),
  );
  return Object.keys(kept).length > 0 ? [{ ...event, data: kept }] : [];
}

/** The events 7.0 sends for one of the double's modern events: none, the same, or several. */
export function events7(org: Org, event: Event): Event[] {
  if (laterTypes.has(event.type)) return [];
  switch (event.type) {
    case 'realm':
      return realmEvents7(org, event);
    case 'stream':
      return streamEvents7(org, event);
    case 'subscription':
      return event.op === 'add'
        ? [{ ...event, subscriptions: list(event.subscriptions).map((s) => subscription7(org, s)) }]
        : [event];
    case 'realm_user':
      return realmUserEvents7(org, event);
    case 'realm_bot': {
      const bot = event.bot as Fields;
      return event.op === 'add'
        ? [{ ...event, bot: { ...bot, api_key: org.apiKeys.get(Number(bot.user_id)) ?? '' } }]
        : [event];
    }
    case 'user_group':
      return groupEvents7(event);
    case 'message':
      return [{ ...event, message: message7(org, event.message as Fields) }];
    case 'reaction':
      return [{ ...event, user: reactionUser(org, Number(event.user_id)) }];
    case 'typing':
      // "direct" came at 215.
      return [event.message_type === 'direct' ? { ...event, message_type: 'private' } : event];
    case 'realm_playgrounds':
      return [{ ...event, realm_playgrounds: list(event.realm_playgrounds).map(playground7) }];
    case 'user_settings':
      return event.property === undefined || String(event.property) in org.userSettings
        ? [event]
        : [];
    default:
      return [event];
  }
}

/** Event queues that deliver each event as 7.0 sends it. */
export class Zulip7Queues extends Queues {
  constructor(
    heartbeatMs: number,
    private readonly org: () => Org,
  ) {
    super(heartbeatMs);
  }

  override push(queue: Queue, event: Event): void {
    // A channel's typing went only to clients declaring stream_typing_notifications (58).
    const capabilities = queue.capabilities as unknown as Record<string, unknown>;
    if (
      event.type === 'typing' &&
      event.message_type === 'stream' &&
      capabilities.stream_typing_notifications !== true
    ) {
      return;
    }
    for (const old of events7(this.org(), event)) super.push(queue, old);
  }
}
