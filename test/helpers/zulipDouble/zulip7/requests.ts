import { authenticatedUser } from '../auth';
import type { Context } from '../context';
import { ZulipError, badRequest, insufficientPermission, missingArgument } from '../errors';
import { systemGroupId } from '../groups';
import type { RawParams } from '../params';
import { settingsForPolicy, sendGroupFor } from './policies';
import type { FastifyRequest } from 'fastify';

type Params = Record<string, string | undefined>;

// Endpoints that came after 7.0: channel folders (389), deactivating user
// groups (290; 7.0 deletes them), a bot's key by itself (463).
const laterRoutes = new Set([
  'POST /api/v1/channel_folders/create',
  'GET /api/v1/channel_folders',
  'PATCH /api/v1/channel_folders',
  'PATCH /api/v1/channel_folders/:id',
  'POST /api/v1/user_groups/:id/deactivate',
  'GET /api/v1/bots/:id/api_key',
]);

// The register capabilities 7.0 knows; it ignores the others
// (empty_topic_name 334, archived_channels 315, user_list_incomplete 232,
// include_deactivated_groups 294, simplified_presence_events 419).
const capabilities7 = [
  'notification_settings_null',
  'bulk_message_deletion',
  'user_avatar_url_field_optional',
  'stream_typing_notifications',
  'user_settings_object',
  'linkifier_url_template',
];

// Narrow operators and `is:` operands 7.0 does not know: channel and
// channels (250), with (271), is:followed (265), is:muted (366).
const laterOperators = new Set(['channel', 'channels', 'with']);
const laterIsOperands = new Set(['followed', 'muted']);

const parsed = (value: string | undefined): unknown => {
  try {
    return value === undefined ? undefined : JSON.parse(value);
  } catch {
    return value;
  }
};

/** Zulip 7.0's check_stream_topic: a topic of spaces alone is refused. */
function checkTopic(topic: string | undefined): void {
  if (topic !== undefined && topic.trim() === '') throw badRequest("Topic can't be empty!");
}

function checkNarrow(raw: string | undefined): void {
  const narrow = parsed(raw);
  if (!Array.isArray(narrow)) return;
  for (const term of narrow as unknown[]) {
    const [operator, operand] = Array.isArray(term)
      ? [term[0], term[1]]
      : [(term as Params).operator, (term as Params).operand];
    if (
      laterOperators.has(String(operator)) ||
      (operator === 'is' && laterIsOperands.has(String(operand)))
    ) {
      throw new ZulipError(400, 'BAD_NARROW', 'Invalid narrow operator: unknown operator');
    }
  }
}

const omit = (params: Params, ...keys: string[]): Params =>
  Object.fromEntries(Object.entries(params).filter(([key]) => !keys.includes(key)));

const withoutLaterSettings = (params: Params): Params =>
  Object.fromEntries(
    Object.entries(params).filter(
      ([key]) =>
        !/_groups?$/.test(key) &&
        !['folder_id', 'topics_policy', 'is_archived', 'send_new_subscription_messages'].includes(
          key,
        ),
    ),
  );

function realmParams(context: Context, params: Params): Params {
  const { org } = context;
  const translated: Params = {};
  for (const [key, value] of Object.entries(withoutLaterSettings(params))) {
    const settings = value === undefined ? null : settingsForPolicy(org, key, value);
    if (settings) {
      for (const [setting, group] of Object.entries(settings)) {
        translated[setting] = JSON.stringify({ new: group });
      }
    } else if (key === 'allow_edit_history') {
      translated.message_edit_history_visibility_policy = parsed(value) === false ? 'none' : 'all';
    } else if (key === 'notifications_stream_id') {
      translated.new_stream_announcements_stream_id = value;
    } else if (key !== 'message_edit_history_visibility_policy') {
      translated[key] = value;
    }
  }
  return translated;
}

function streamParams(context: Context, params: Params, creating: boolean): Params {
  const translated = omit(
    withoutLaterSettings(params),
    'stream_post_policy',
    'is_announcement_only',
  );
  const { stream_post_policy: policy, is_announcement_only: announcementOnly } = params;
  const legacy = announcementOnly === undefined ? undefined : parsed(announcementOnly) ? '2' : '1';
  const post = policy ?? legacy;
  if (post !== undefined) {
    const group = sendGroupFor(context.org, post);
    translated.can_send_message_group = creating ? String(group) : JSON.stringify({ new: group });
  }
  // Only organization administrators administered a channel in 7.0 (325 made it a setting).
  if (creating) {
    translated.can_administer_channel_group = String(
      systemGroupId(context.org, 'role:administrators'),
    );
  }
  return translated;
}

/** 7.0 held a member below moderator to the groups they were in (until 305). */
function checkGroupMember(context: Context, request: FastifyRequest): void {
  const { org } = context;
  const userId = authenticatedUser(org, request);
  const group = org.groups.get(Number((request.params as Params).id));
  if (!group || org.isModerator(userId)) return;
  if (!group.members.includes(userId)) throw insufficientPermission();
}

function newGroupParams(context: Context, params: Params): Params {
  const nobody = String(systemGroupId(context.org, 'role:nobody'));
  // 7.0's groups had no settings of their own: the realm's user_group_edit_policy decided.
  return {
    ...withoutLaterSettings(params),
    can_manage_group: nobody,
    can_add_members_group: nobody,
    can_join_group: nobody,
    can_leave_group: nobody,
    can_remove_members_group: nobody,
    can_mention_group: String(systemGroupId(context.org, 'role:everyone')),
  };
}

/**
 * A request as the double's modern endpoints take it, from one a 7.0
 * server takes, refusing what 7.0 refuses in its words.
 */
export function request7(context: Context, request: FastifyRequest, raw: RawParams): Params {
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  if (laterRoutes.has(route)) throw new ZulipError(404, 'BAD_REQUEST', 'Not Found');
  const params: Params = { ...raw };
  switch (route) {
    case 'POST /api/v1/register': {
      const asked = (parsed(params.client_capabilities) ?? {}) as Params;
      params.client_capabilities = JSON.stringify(
        Object.fromEntries(capabilities7.filter((name) => name in asked).map((n) => [n, asked[n]])),
      );
      return params;
    }
    case 'POST /api/v1/messages':
    case 'POST /api/v1/scheduled_messages':
      if (params.type === 'channel') throw badRequest('Invalid message type');
      if (params.type === 'stream') {
        if (params.topic === undefined && params.subject === undefined) {
          throw badRequest('Missing topic');
        }
        checkTopic(params.topic ?? params.subject);
      }
      return params;
    case 'PATCH /api/v1/messages/:id':
    case 'PATCH /api/v1/scheduled_messages/:id':
      checkTopic(params.topic);
      return params;
    case 'POST /api/v1/typing': {
      if (params.type === 'channel') throw badRequest('Invalid type');
      // Until 215 a channel came as `to`, a list of its one ID.
      if (params.type !== 'stream') return params;
      const to = parsed(params.to);
      if (!Array.isArray(to)) throw missingArgument('to');
      return { ...omit(params, 'to', 'stream_id'), stream_id: String(to[0]) };
    }
    case 'GET /api/v1/messages':
    case 'POST /api/v1/messages/flags/narrow':
      checkNarrow(params.narrow);
      return params;
    case 'PATCH /api/v1/realm':
      return realmParams(context, params);
    case 'PATCH /api/v1/streams/:id':
      return streamParams(context, params, false);
    case 'POST /api/v1/users/me/subscriptions':
      return streamParams(context, params, true);
    case 'POST /api/v1/user_groups/create':
      return newGroupParams(context, params);
    case 'PATCH /api/v1/user_groups/:id':
    case 'DELETE /api/v1/user_groups/:id':
    case 'POST /api/v1/user_groups/:id/members':
    case 'POST /api/v1/user_groups/:id/subgroups':
      checkGroupMember(context, request);
      return withoutLaterSettings(params);
    case 'POST /api/v1/realm/playgrounds': {
      // A prefix the code is appended to, until 196 made it a template.
      if (params.url_prefix === undefined) throw missingArgument('url_prefix');
      return { ...omit(params, 'url_prefix'), url_template: `${params.url_prefix}{code}` };
    }
    case 'POST /api/v1/user_topics':
      // Following a topic came at 219.
      if (parsed(params.visibility_policy) === 3) throw badRequest('Invalid visibility_policy');
      return params;
    case 'PATCH /api/v1/settings':
      // 227 added a fourth choice and renumbered them.
      if (parsed(params.desktop_icon_count_display) === 4) {
        throw badRequest('Invalid desktop_icon_count_display');
      }
      return params;
    case 'POST /api/v1/users/me/presence':
      return omit(params, 'last_update_id', 'history_limit_days');
    default:
      return params;
  }
}
