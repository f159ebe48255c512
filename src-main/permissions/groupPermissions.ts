import type { InitialState } from '../wire/registerState';
import {
  groupsHolding,
  isGroupSettingValue,
  isInGroupSetting,
  type GroupMembership,
} from './groupSettings';
import { featureLevelOf, RoleNumber, roleNumberOf } from './rolePolicies';
import { readerMay } from './readerPermissions';

/** What the reader may do to one user group, as the server that sent the state decides it. */
export interface GroupPermissions {
  /** Rename and describe it, deactivate it, and take groups out of it. */
  manage: boolean;
  /** Add anyone to it, and put other groups inside it. */
  addMembers: boolean;
  /** Remove anyone from it. */
  removeMembers: boolean;
  /** Add oneself to it. */
  join: boolean;
  /** Remove oneself from it. */
  leave: boolean;
}

/** A user group as register's realm_user_groups or GET /user_groups has it, its settings read loosely. */
export interface JudgedGroup {
  id: number;
  is_system_group?: boolean | undefined;
}

type GroupSettingName =
  | 'can_manage_group'
  | 'can_join_group'
  | 'can_add_members_group'
  | 'can_leave_group'
  | 'can_remove_members_group';

// Each of a group's own settings: the feature level it came in, and who
// holds it where a group object leaves it out, which is Zulip's default for
// a group made by then (its creator, nobody, or everyone).
const groupSettings: Record<
  GroupSettingName,
  { since: number; absent: 'creator' | 'nobody' | 'everyone' }
> = {
  can_manage_group: { since: 283, absent: 'creator' },
  can_join_group: { since: 301, absent: 'nobody' },
  can_add_members_group: { since: 305, absent: 'creator' },
  can_leave_group: { since: 308, absent: 'everyone' },
  can_remove_members_group: { since: 324, absent: 'nobody' },
};

const nothing: GroupPermissions = {
  manage: false,
  addMembers: false,
  removeMembers: false,
  join: false,
  leave: false,
};

interface Reader {
  level: number;
  userId: number;
  /** The groups the reader belongs to, through nested groups. */
  held: ReadonlySet<number>;
}

function holdsSetting(reader: Reader, group: JudgedGroup, name: GroupSettingName): boolean {
  const setting = groupSettings[name];
  if (reader.level < setting.since) return false;
  const fields = group as JudgedGroup & Record<string, unknown>;
  const value = fields[name];
  if (isGroupSettingValue(value)) return isInGroupSetting(reader.held, value, reader.userId);
  if (setting.absent === 'creator') return fields['creator_id'] === reader.userId;
  return setting.absent === 'everyone';
}

/**
 * What the reader may do to each user group, as Zulip's server decides it:
 * managing a group (its own can_manage_group, from feature level 283, or the
 * organization's grant to manage every group) allows every change; adding
 * and removing others each have their own setting too (305, 324); joining
 * and leaving are adding and removing oneself, with theirs (301, 308).
 * Before those levels, the organization's user_group_edit_policy decides
 * everything, as Hearth hosts keep it: Zulip servers before level 305 also
 * held a member below moderator to the groups they were in, which Hearth
 * hosts (level 185) do not, so there the window offers what they accept and
 * such a server's refusal shows as its message. `groups`: every group the
 * server sent, through which membership is resolved.
 */
export function groupPermissionsOf(
  state: InitialState | null,
  groups: readonly GroupMembership[] = state?.realm_user_groups ?? [],
): (group: JudgedGroup) => GroupPermissions {
  // Zulip refuses guests every change to a group (require_member_or_admin).
  if (!state || roleNumberOf(state) === RoleNumber.guest) return () => nothing;
  const userId = state.user_id ?? -1;
  const reader: Reader = {
    level: featureLevelOf(state),
    userId,
    held: groupsHolding(groups, userId),
  };
  const manageAll = readerMay(state).manageAllGroups;
  return (group) => {
    // System groups follow roles; deactivated groups are left off the page,
    // which offers no way to bring them back.
    const fields = group as JudgedGroup & { deactivated?: unknown };
    if (group.is_system_group === true || fields.deactivated === true) return nothing;
    const manage = manageAll || holdsSetting(reader, group, 'can_manage_group');
    const addMembers = manage || holdsSetting(reader, group, 'can_add_members_group');
    const removeMembers = manage || holdsSetting(reader, group, 'can_remove_members_group');
    return {
      manage,
      addMembers,
      removeMembers,
      join: addMembers || holdsSetting(reader, group, 'can_join_group'),
      leave: removeMembers || holdsSetting(reader, group, 'can_leave_group'),
    };
  };
}
