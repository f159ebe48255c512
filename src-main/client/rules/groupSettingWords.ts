import type { InitialState } from '../../wire/registerState';
import type { GroupSettingValue } from '../../permissions/groupSettings';
import { mt, type MainKey } from '../../i18n/mainText';

// Zulip's system groups as its pages name them.
const systemGroupNames: Record<string, MainKey> = {
  'role:owners': 'main.groups.owners',
  'role:administrators': 'main.groups.administrators',
  'role:moderators': 'main.groups.moderators',
  'role:fullmembers': 'main.groups.fullMembers',
  'role:members': 'main.groups.members',
  'role:everyone': 'main.groups.everyone',
  'role:internet': 'main.groups.internet',
  'role:nobody': 'main.groups.nobody',
};

/** A system group as people know it, by its role: Zulip's `role:…` names, or 7.0's `@role:…`. */
export const systemGroupLabel = (name: string): string | undefined => {
  const key = systemGroupNames[name.replace(/^@/, '')];
  return key === undefined ? undefined : mt(key);
};

/**
 * A group-setting value in words, for a page that shows a setting it cannot
 * offer as a choice: a group by its name (a system group as Zulip's pages
 * name it), people and groups named together by theirs.
 */
export function groupSettingWords(state: InitialState | null, value: GroupSettingValue): string {
  const groups = new Map((state?.realm_user_groups ?? []).map((group) => [group.id, group.name]));
  const groupName = (id: number) => {
    const name = groups.get(id);
    return name === undefined ? mt('main.groups.unknown') : (systemGroupLabel(name) ?? name);
  };
  if (typeof value === 'number') return groupName(value);
  const people = new Map((state?.realm_users ?? []).map((user) => [user.user_id, user.full_name]));
  const names = [
    ...value.direct_members.map((id) => people.get(id) ?? mt('main.names.unknownUser')),
    ...value.direct_subgroups.map(groupName),
  ];
  return names.length > 0 ? names.join(', ') : mt('main.groups.nobody');
}
