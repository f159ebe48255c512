import { z } from 'zod';
import { isNobody, type GroupSettingValue } from '../../permissions/groupSettings';
import { errors } from '../errors';
import {
  groupSettingFromApi,
  isSystemGroupId,
  roleGroupName,
  SystemGroupId,
} from '../queries/systemGroups';
import type { Sql } from '../store/sql';
import { userGroupById } from '../store/userGroups';
import { usersByIds } from '../store/users';

/**
 * What a group setting may be set to, as Zulip's GroupPermissionSetting
 * says: whether "nobody" and "everyone" (guests included) are allowed,
 * whether only a system group is, and which system groups if only some.
 */
export interface SettingRules {
  allowNobody: boolean;
  allowEveryone: boolean;
  requireSystemGroup?: boolean;
  allowedSystemGroups?: readonly number[];
  /** Changed by organization owners alone (Zulip's OrganizationOwnerRequiredError). */
  ownersOnly?: boolean;
}

/** A setting anyone may hold, guests included, and that may name nobody. */
export const open: SettingRules = { allowNobody: true, allowEveryone: true };
/** A setting no guest holds (Zulip's allow_everyone_group false). */
export const noGuests: SettingRules = { allowNobody: true, allowEveryone: false };
/** A setting no guest holds that must name someone. */
export const someone: SettingRules = { allowNobody: false, allowEveryone: false };

/** A group-setting value as a request gives it. */
export const groupSettingValue = z.union([
  z.number().int(),
  z
    .object({
      direct_members: z.array(z.number().int()),
      direct_subgroups: z.array(z.number().int()),
    })
    .strict(),
]);

/** Zulip's GroupSettingChangeRequest: the value wanted, and the one the caller believes is there. */
export const groupSettingChange = z
  .object({ new: groupSettingValue, old: groupSettingValue.optional() })
  .strict();

export type GroupSettingChange = z.infer<typeof groupSettingChange>;

// Zulip's parse_group_setting_value: an anonymous group of one group alone
// is that group. Members and subgroups are kept in order, once each.
function canonical(value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  const members = [...new Set(value.direct_members)].sort((a, b) => a - b);
  const subgroups = [...new Set(value.direct_subgroups)].sort((a, b) => a - b);
  const [only] = subgroups;
  if (members.length === 0 && subgroups.length === 1 && only !== undefined) return only;
  return { direct_members: members, direct_subgroups: subgroups };
}

/** Settings as a row keeps them: each value as its JSON. */
export const storedSettings = <N extends string>(
  settings: Record<N, GroupSettingValue>,
): Record<N, string> =>
  Object.fromEntries(
    Object.entries<GroupSettingValue>(settings).map(([name, value]) => [
      name,
      JSON.stringify(value),
    ]),
  ) as Record<N, string>;

/** Whether two values name the same people and groups. */
export const sameGroupSetting = (a: GroupSettingValue, b: GroupSettingValue): boolean =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

const groupExists = (sql: Sql, groupId: number) =>
  isSystemGroupId(groupId) || userGroupById(sql, groupId) !== undefined;

// A deactivated group names no one a permission could go to (Zulip's
// has_user_group_access_for_subgroup and for_setting lookups).
function checkActive(sql: Sql, groupId: number): void {
  if (userGroupById(sql, groupId)?.deactivated === 1) {
    throw errors.badRequest('User group is deactivated.');
  }
}

// Zulip's check_setting_configuration_for_system_groups, for a named group.
function checkNamedGroup(name: string, groupId: number, rules: SettingRules): void {
  const system = isSystemGroupId(groupId);
  if (rules.requireSystemGroup && !system) {
    throw errors.badRequest(`'${name}' must be a system user group.`);
  }
  if (!system) return;
  const refused = (group: string) =>
    errors.badRequest(`'${name}' setting cannot be set to '${group}' group.`);
  if (groupId === SystemGroupId.internet) throw refused('role:internet');
  if (groupId === SystemGroupId.everyone && !rules.allowEveryone) throw refused('role:everyone');
  if (rules.allowedSystemGroups && !rules.allowedSystemGroups.includes(groupId)) {
    throw refused(roleGroupName(groupId));
  }
}

/**
 * Zulip's access_user_group_for_setting for one setting of `rules`: refuses
 * a group that does not exist, a person who is not in the organization, and
 * a group the setting may not have. Returns the value to store.
 */
export function checkGroupSettingValue(
  sql: Sql,
  name: string,
  value: GroupSettingValue,
  rules: SettingRules,
): GroupSettingValue {
  const wanted = canonical(groupSettingFromApi(sql, value));
  if (typeof wanted === 'number') {
    if (!groupExists(sql, wanted)) throw errors.badRequest('Invalid user group');
    checkActive(sql, wanted);
    checkNamedGroup(name, wanted, rules);
  } else if (isNobody(wanted)) {
    if (!rules.allowNobody) {
      throw errors.badRequest(`'${name}' setting cannot be set to 'role:nobody' group.`);
    }
  } else {
    if (rules.requireSystemGroup) throw errors.badRequest(`'${name}' must be a system user group.`);
    const found = new Set(usersByIds(sql, wanted.direct_members).map((user) => user.id));
    const strangerId = wanted.direct_members.find((id) => !found.has(id));
    if (strangerId !== undefined) throw errors.badRequest(`Invalid user ID: ${strangerId}`);
    const unknownGroup = wanted.direct_subgroups.find((id) => !groupExists(sql, id));
    if (unknownGroup !== undefined) {
      throw errors.badRequest(`Invalid user group ID: ${unknownGroup}`);
    }
    for (const id of wanted.direct_subgroups) checkActive(sql, id);
  }
  return wanted;
}

/**
 * Zulip's validate_group_setting_value_change, then checkGroupSettingValue:
 * also refuses an `old` that is not the setting's value now. Returns the
 * value to store, or null when it is what the setting holds already.
 */
export function checkGroupSettingChange(
  sql: Sql,
  name: string,
  change: GroupSettingChange,
  current: GroupSettingValue,
  rules: SettingRules,
): GroupSettingValue | null {
  if (
    change.old !== undefined &&
    !sameGroupSetting(groupSettingFromApi(sql, change.old), current)
  ) {
    throw errors.badRequest("'old' value does not match the expected value.");
  }
  if (sameGroupSetting(groupSettingFromApi(sql, change.new), current)) return null;
  return checkGroupSettingValue(sql, name, change.new, rules);
}
