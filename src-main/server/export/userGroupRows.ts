import { isNobody, type GroupSettingValue } from '../../permissions/groupSettings';
import { systemUserGroups } from '../queries/systemGroups';
import { userGroupSettingColumns, type UserGroupRow } from '../store/userGroups';
import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

interface NamedGroup {
  id: number;
  name: string;
  description: string;
  isSystemGroup: boolean;
  creator: number | null;
  dateCreated: number | null;
  deactivated: boolean;
  /** Each of the group's own settings as a group ID; null: Zulip's role:nobody. */
  settings: ZerverRow;
}

/**
 * The organization's user groups as Zulip 12 keeps them, and every
 * group-setting value as the foreign key Zulip stores for it. Zulip's
 * importer makes no group of its own once zerver_usergroup is exported, so
 * the rows hold the whole setup: the system groups (role:nobody among them,
 * which Hearth keeps the empty value for), the groups people made, and an
 * anonymous group for each value that names people or several groups.
 * Group IDs are the host's; the anonymous groups follow them.
 */
export class ExportedGroups {
  readonly #realmId: number;
  readonly #named: NamedGroup[] = [];
  readonly #members = new Map<number, readonly number[]>();
  readonly #subgroups = new Map<number, readonly number[]>();
  readonly #anonymous: number[] = [];
  readonly #nobodyId: number;
  #nextId: number;

  constructor(source: ExportSource, realmId: number) {
    this.#realmId = realmId;
    const users = source.all<{ id: number; role: number }>(
      'SELECT id, role FROM users WHERE is_system_bot = 0 ORDER BY id',
    );
    const made = source.all<UserGroupRow>('SELECT * FROM user_groups ORDER BY id');
    const nobodyId = source.all<{ id: number }>('SELECT id FROM nobody_group')[0]?.id;
    if (nobodyId === undefined) throw new Error('the database has no role:nobody group');
    this.#nobodyId = nobodyId;
    const system = systemUserGroups(users, nobodyId);
    this.#nextId =
      Math.max(...system.map((group) => group.id), ...made.map((group) => group.id)) + 1;
    for (const group of system) {
      this.#named.push({
        id: group.id,
        name: group.name,
        description: group.description,
        isSystemGroup: true,
        creator: null,
        dateCreated: null,
        deactivated: false,
        settings: Object.fromEntries(userGroupSettingColumns.map((name) => [name, nobodyId])),
      });
      this.#members.set(group.id, group.members);
      this.#subgroups.set(group.id, group.direct_subgroup_ids);
    }
    for (const { group_id, user_id } of source.all<{ group_id: number; user_id: number }>(
      'SELECT group_id, user_id FROM user_group_members ORDER BY group_id, user_id',
    )) {
      this.#members.set(group_id, [...(this.#members.get(group_id) ?? []), user_id]);
    }
    for (const { group_id, subgroup_id } of source.all<{ group_id: number; subgroup_id: number }>(
      'SELECT group_id, subgroup_id FROM user_group_subgroups ORDER BY group_id, subgroup_id',
    )) {
      this.#subgroups.set(group_id, [...(this.#subgroups.get(group_id) ?? []), subgroup_id]);
    }
    for (const group of made) {
      this.#named.push({
        id: group.id,
        name: group.name,
        description: group.description,
        isSystemGroup: false,
        creator: group.creator_id,
        dateCreated: group.date_created,
        deactivated: group.deactivated === 1,
        settings: this.settingsOf(group, userGroupSettingColumns),
      });
    }
  }

  /**
   * The group a setting's stored JSON names: the group itself, role:nobody
   * for the empty value (as Zulip stores it), or a new anonymous group with
   * the value's members and subgroups.
   */
  idOf(stored: string): number {
    const value = JSON.parse(stored) as GroupSettingValue;
    if (typeof value === 'number') return value;
    if (isNobody(value)) return this.#nobodyId;
    const id = this.#nextId++;
    this.#anonymous.push(id);
    this.#members.set(id, value.direct_members);
    this.#subgroups.set(id, value.direct_subgroups);
    return id;
  }

  /** Each named setting of a row as the foreign key the importer reads. */
  settingsOf<Name extends string>(row: Record<Name, string>, names: readonly Name[]): ZerverRow {
    return Object.fromEntries(names.map((name) => [name, this.idOf(row[name])]));
  }

  /** The four tables; call once every setting has been asked for. */
  tables(): Record<string, ZerverRow[]> {
    const ids = [...this.#named.map((group) => group.id), ...this.#anonymous].sort((a, b) => a - b);
    const memberships: ZerverRow[] = [];
    const nesting: ZerverRow[] = [];
    for (const id of ids) {
      for (const user of this.#members.get(id) ?? []) {
        memberships.push({ id: memberships.length + 1, user_group: id, user_profile: user });
      }
      for (const subgroup of this.#subgroups.get(id) ?? []) {
        nesting.push({ id: nesting.length + 1, supergroup: id, subgroup });
      }
    }
    return {
      zerver_usergroup: ids.map((id) => ({ id, realm: this.#realmId })),
      zerver_namedusergroup: [...this.#named]
        .sort((a, b) => a.id - b.id)
        .map((group) => ({
          id: group.id,
          usergroup_ptr: group.id,
          realm_for_sharding: this.#realmId,
          name: group.name,
          description: group.description,
          is_system_group: group.isSystemGroup,
          creator: group.creator,
          date_created: group.dateCreated,
          deactivated: group.deactivated,
          ...group.settings,
        })),
      zerver_usergroupmembership: memberships,
      zerver_groupgroupmembership: nesting,
    };
  }
}
