import { z } from 'zod';
import type { Context } from './context';
import { badRequest, insufficientPermission } from './errors';
import { checkGroupName } from './groupNames';
import {
  checkGroupSetting,
  emitGroupEvent,
  groupSettingNames,
  type GroupSettingName,
} from './groupPermissions';
import { holdsPermission, realmSetting, systemGroupId } from './groups';
import type { Group, GroupSettingValue } from './org';
import { groupSettingValue, intList, json, parseParams, type RawParams } from './params';

const createSchema = z.object({
  name: z.string(),
  description: z.string(),
  members: intList,
  subgroups: intList.default([]),
  ...Object.fromEntries(
    groupSettingNames.map((name) => [name, json(groupSettingValue).optional()]),
  ),
});

/**
 * POST /user_groups/create, for whoever the realm's can_create_groups
 * holds: a `user_group` `add` event to everyone (then `add_subgroups` for
 * its initial subgroups), and the new group's ID (feature level 317).
 */
export function createUserGroup(context: Context, creatorId: number, raw: RawParams) {
  const { org } = context;
  if (!holdsPermission(org, creatorId, realmSetting(org, 'can_create_groups'))) {
    throw insufficientPermission();
  }
  const params = parseParams(createSchema, raw) as z.infer<typeof createSchema> &
    Partial<Record<GroupSettingName, GroupSettingValue>>;
  const name = checkGroupName(org, params.name);
  for (const id of params.members) {
    if (!org.isActive(id)) throw badRequest(`Invalid user ID: ${id}`);
  }
  for (const id of params.subgroups) {
    const subgroup = org.groups.get(id);
    if (!subgroup) throw badRequest(`Invalid user group ID: ${id}`);
    if (subgroup.deactivated) throw insufficientPermission();
  }
  const creator = { direct_members: [creatorId], direct_subgroups: [] };
  // Zulip's defaults: the creator manages and adds; no one joins; anyone leaves or mentions.
  const settings: Record<GroupSettingName, GroupSettingValue> = {
    can_add_members_group: creator,
    can_join_group: systemGroupId(org, 'role:nobody'),
    can_leave_group: systemGroupId(org, 'role:everyone'),
    can_manage_group: creator,
    can_mention_group: systemGroupId(org, 'role:everyone'),
    can_remove_members_group: systemGroupId(org, 'role:nobody'),
  };
  for (const setting of groupSettingNames) {
    const value = params[setting];
    if (value === undefined) continue;
    checkGroupSetting(org, setting, value);
    settings[setting] = value;
  }
  const group: Group = {
    id: org.nextGroupId,
    name,
    description: params.description,
    members: [...new Set(params.members)],
    direct_subgroup_ids: [],
    is_system_group: false,
    deactivated: false,
    creator_id: creatorId,
    date_created: context.now(),
    ...settings,
  };
  org.nextGroupId += 1;
  org.groups.set(group.id, group);
  emitGroupEvent(context, group, { op: 'add', group: structuredClone(group) });
  if (params.subgroups.length > 0) {
    group.direct_subgroup_ids = [...new Set(params.subgroups)];
    emitGroupEvent(context, group, {
      op: 'add_subgroups',
      group_id: group.id,
      direct_subgroup_ids: [...group.direct_subgroup_ids],
    });
  }
  return { group_id: group.id };
}
