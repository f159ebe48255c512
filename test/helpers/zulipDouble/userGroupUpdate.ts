import { z } from 'zod';
import { channelGroupSettingNames } from './createChannel';
import { emit, type Context } from './context';
import { ZulipError, badRequest, notForGuests } from './errors';
import { checkGroupName } from './groupNames';
import {
  checkGroupSetting,
  checkMayUpdate,
  emitGroupEvent,
  groupOf,
  groupSettingNames,
  settingOf,
  type GroupSettingName,
} from './groupPermissions';
import { realmGroupSettingNames } from './updateRealm';
import type { Group, GroupSettingValue, Org } from './org';
import { bool, groupSettingUpdate, parseParams, type RawParams } from './params';

const updateSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  deactivated: bool.optional(),
  ...Object.fromEntries(groupSettingNames.map((name) => [name, groupSettingUpdate.optional()])),
});

type SettingUpdate = { new: GroupSettingValue; old: GroupSettingValue | undefined };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH /user_groups/{id}, for whoever manages the group: its name,
 * description and permission settings (`{new, old}`), and reactivation
 * (feature level 386). Each change is a `user_group` `update` event.
 */
export function updateUserGroup(context: Context, userId: number, groupId: number, raw: RawParams) {
  const { org } = context;
  if (org.user(userId)?.is_guest) throw notForGuests();
  const params = parseParams(updateSchema, raw) as z.infer<typeof updateSchema> &
    Partial<Record<GroupSettingName, SettingUpdate>>;
  const settings = groupSettingNames.flatMap((name) => {
    const update = params[name];
    return update ? [[name, update] as const] : [];
  });
  if (
    params.name === undefined &&
    params.description === undefined &&
    params.deactivated === undefined &&
    settings.length === 0
  ) {
    throw badRequest('No new data supplied');
  }
  const group = groupOf(org, groupId);
  checkMayUpdate(org, userId, group, 'can_manage_group');
  const name =
    params.name !== undefined && params.name !== group.name
      ? checkGroupName(org, params.name, group.id)
      : undefined;
  for (const [setting, update] of settings) {
    if (update.old !== undefined && !same(update.old, settingOf(group, setting))) {
      throw new ZulipError(
        400,
        'EXPECTATION_MISMATCH',
        "'old' value does not match the expected value.",
      );
    }
    checkGroupSetting(org, setting, update.new);
  }

  if (name !== undefined) {
    group.name = name;
    emitGroupEvent(context, group, { op: 'update', group_id: group.id, data: { name } });
  }
  if (params.description !== undefined && params.description !== group.description) {
    group.description = params.description;
    emitGroupEvent(context, group, {
      op: 'update',
      group_id: group.id,
      data: { description: params.description },
    });
  }
  if (params.deactivated === false && group.deactivated) reactivate(context, group);
  for (const [setting, update] of settings) {
    if (same(update.new, settingOf(group, setting))) continue;
    group[setting] = update.new;
    emitGroupEvent(context, group, {
      op: 'update',
      group_id: group.id,
      data: { [setting]: update.new },
    });
  }
}

/** Clients that take deactivated groups learn it is active again; others learn of it anew. */
function reactivate(context: Context, group: Group): void {
  group.deactivated = false;
  emit(context, context.org.allUserIds(), (queue) =>
    queue.capabilities.include_deactivated_groups
      ? { type: 'user_group', op: 'update', group_id: group.id, data: { deactivated: false } }
      : { type: 'user_group', op: 'add', group: structuredClone(group) },
  );
}

/** Whether a group-setting value names the group, directly or as an anonymous group's subgroup. */
const names = (value: unknown, groupId: number) =>
  value === groupId ||
  (typeof value === 'object' &&
    value !== null &&
    (value as { direct_subgroups?: unknown[] }).direct_subgroups?.includes(groupId) === true);

/** Where the group is in use, as Zulip's CANNOT_DEACTIVATE_GROUP_IN_USE lists it. */
function objectionsTo(org: Org, group: Group): Record<string, unknown>[] {
  const objections: Record<string, unknown>[] = [];
  const supergroups = [...org.groups.values()].filter(
    (each) => !each.deactivated && each.direct_subgroup_ids.includes(group.id),
  );
  if (supergroups.length > 0) {
    objections.push({ type: 'subgroup', supergroup_ids: supergroups.map((each) => each.id) });
  }
  for (const stream of org.streams.values()) {
    if (stream.is_archived) continue;
    const settings = channelGroupSettingNames.filter((name) => names(stream[name], group.id));
    if (settings.length > 0) {
      objections.push({ type: 'channel', channel_id: stream.stream_id, settings });
    }
  }
  for (const other of org.groups.values()) {
    if (other.deactivated) continue;
    const settings = groupSettingNames.filter((name) => names(other[name], group.id));
    if (settings.length > 0) objections.push({ type: 'user_group', group_id: other.id, settings });
  }
  const realm = realmGroupSettingNames(org).filter((name) =>
    names(org.realm[`realm_${name}`], group.id),
  );
  if (realm.length > 0) objections.push({ type: 'realm', settings: realm });
  return objections;
}

/**
 * POST /user_groups/{id}/deactivate (feature level 290), for whoever manages
 * the group, unless it is in use. Clients with include_deactivated_groups
 * get `update` with `deactivated`; others `remove`.
 */
export function deactivateUserGroup(context: Context, userId: number, groupId: number) {
  const { org } = context;
  const group = groupOf(org, groupId);
  if (group.deactivated) throw badRequest('User group is deactivated.');
  checkMayUpdate(org, userId, group, 'can_manage_group');
  const objections = objectionsTo(org, group);
  if (objections.length > 0) {
    throw new ZulipError(
      400,
      'CANNOT_DEACTIVATE_GROUP_IN_USE',
      'Cannot deactivate user group in use.',
      {
        objections,
      },
    );
  }
  group.deactivated = true;
  emit(context, org.allUserIds(), (queue) =>
    queue.capabilities.include_deactivated_groups
      ? { type: 'user_group', op: 'update', group_id: group.id, data: { deactivated: true } }
      : { type: 'user_group', op: 'remove', group_id: group.id },
  );
}
