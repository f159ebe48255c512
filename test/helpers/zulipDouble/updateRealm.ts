import { z } from 'zod';
import { emit, type Context } from './context';
import { ZulipError, mustBeAdmin } from './errors';
import { checkGroupSettingValue } from './groups';
import type { GroupSettingValue, Org } from './org';
import { bool, groupSettingUpdate, int, json, parseParams, type RawParams } from './params';

/** The realm's group settings: every `realm_…_group(s)` key that holds a group-setting value. */
export const realmGroupSettingNames = (org: Org): string[] =>
  Object.keys(org.realm)
    .filter((key) => /^realm_.*_groups?$/.test(key))
    .map((key) => key.slice('realm_'.length));

const plainSettings = {
  name: z.string().optional(),
  description: z.string().optional(),
  allow_message_editing: bool.optional(),
  message_content_edit_limit_seconds: json(
    z.union([z.number().int().positive(), z.literal('unlimited')]),
  ).optional(),
  message_content_delete_limit_seconds: json(
    z.union([z.number().int().positive(), z.literal('unlimited')]),
  ).optional(),
  topics_policy: z.enum(['allow_empty_topic', 'disable_empty_topic']).optional(),
  mandatory_topics: bool.optional(),
  enable_read_receipts: bool.optional(),
  message_edit_history_visibility_policy: z.enum(['all', 'moves', 'none']).optional(),
  waiting_period_threshold: int.optional(),
  move_messages_within_stream_limit_seconds: json(
    z.union([z.number().int().positive(), z.literal('unlimited')]),
  ).optional(),
  move_messages_between_streams_limit_seconds: json(
    z.union([z.number().int().positive(), z.literal('unlimited')]),
  ).optional(),
};

// Zulip announces these as one `update_dict`; the rest as `update` of one property.
const dictSettings = new Set([
  'allow_message_editing',
  'message_content_edit_limit_seconds',
  'message_content_delete_limit_seconds',
  'move_messages_within_stream_limit_seconds',
  'move_messages_between_streams_limit_seconds',
  'description',
]);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** PATCH /realm, for administrators: plain settings and group settings, each announced as Zulip does. */
export function updateRealm(context: Context, userId: number, raw: RawParams) {
  const { org } = context;
  if (!org.isAdmin(userId)) throw mustBeAdmin();
  const groupNames = realmGroupSettingNames(org);
  const schema = z.object({
    ...plainSettings,
    ...Object.fromEntries(groupNames.map((name) => [name, groupSettingUpdate.optional()])),
  });
  const params = parseParams(schema, raw) as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const name of groupNames) {
    const update = params[name] as
      { new: GroupSettingValue; old: GroupSettingValue | undefined } | undefined;
    if (!update) continue;
    checkGroupSettingValue(org, update.new);
    if (update.old !== undefined && !sameValue(update.old, org.realm[`realm_${name}`])) {
      throw new ZulipError(
        400,
        'EXPECTATION_MISMATCH',
        "'old' value does not match the expected value.",
      );
    }
    changes[name] = update.new;
  }
  for (const name of Object.keys(plainSettings)) {
    const value = params[name];
    if (value === undefined) continue;
    // Zulip takes "unlimited" for a time limit and reports it as null.
    changes[name] = value === 'unlimited' ? null : value;
  }
  // The deprecated mandatory_topics is the topics policy's older face (feature level 392).
  if (typeof changes.mandatory_topics === 'boolean' && changes.topics_policy === undefined) {
    changes.topics_policy = changes.mandatory_topics ? 'disable_empty_topic' : 'allow_empty_topic';
  } else if (typeof changes.topics_policy === 'string') {
    changes.mandatory_topics = changes.topics_policy === 'disable_empty_topic';
  }
  const changed = Object.entries(changes).filter(
    ([name, value]) => !sameValue(org.realm[`realm_${name}`], value),
  );
  if (changed.length === 0) return;
  for (const [name, value] of changed) org.realm[`realm_${name}`] = value;

  const dict = Object.fromEntries(
    changed.filter(([name]) => groupNames.includes(name) || dictSettings.has(name)),
  );
  const singles = changed.filter(([name]) => !(name in dict));
  const everyone = org.allUserIds();
  if (Object.keys(dict).length > 0) {
    emit(context, everyone, () => ({
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: dict,
    }));
  }
  for (const [property, value] of singles) {
    emit(context, everyone, () => ({ type: 'realm', op: 'update', property, value }));
  }
}
