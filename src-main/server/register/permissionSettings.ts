import type { GroupSettingValue } from '../../permissions/groupSettings';
import { channelGroupSettings, newChannelSettings } from '../actions/channelGroupSettings';
import type { SettingRules } from '../actions/groupSettingChange';
import { realmGroupSettings } from '../actions/realmGroupSettings';
import { newGroupSettings, userGroupSettings } from '../actions/userGroupSettings';
import { roleGroupName } from '../queries/systemGroups';
import { realmGroupSettingColumns } from '../store/realm';
import type { Sql } from '../store/sql';
import { cached } from '../cached';

/** One entry of Zulip's server_supported_permission_settings (feature levels 221 and 326). */
interface SupportedSetting {
  require_system_group: boolean;
  allow_internet_group: boolean;
  allow_nobody_group: boolean;
  allow_everyone_group: boolean;
  default_group_name: string;
  default_for_system_groups: string | null;
  allowed_system_groups: string[];
}

// A maker's own anonymous group stands, in Zulip's list, for the name of
// the default it gives a channel or group made by someone.
const CREATOR = -1;

function defaultName(value: GroupSettingValue, creatorName: string): string {
  if (typeof value === 'number') return roleGroupName(value);
  return value.direct_members.includes(CREATOR) ? creatorName : 'role:nobody';
}

// Zulip lists role:nobody among a restricted setting's groups where it may be nobody's.
function allowedSystemGroups(rules: SettingRules): string[] {
  if (!rules.allowedSystemGroups) return [];
  const names = rules.allowedSystemGroups.map(roleGroupName);
  return rules.allowNobody ? [...names, 'role:nobody'] : names;
}

function describe(
  rules: SettingRules,
  defaultGroupName: string,
  defaultForSystemGroups: string | null,
): SupportedSetting {
  return {
    require_system_group: rules.requireSystemGroup === true,
    allow_internet_group: false,
    allow_nobody_group: rules.allowNobody,
    allow_everyone_group: rules.allowEveryone,
    default_group_name: defaultGroupName,
    default_for_system_groups: defaultForSystemGroups,
    allowed_system_groups: allowedSystemGroups(rules),
  };
}

// A new organization's settings are its columns' defaults, so that this
// list and the schema cannot drift apart.
function realmDefaults(sql: Sql): Map<string, GroupSettingValue> {
  const settings = new Set<string>(realmGroupSettingColumns);
  const columns = sql.all<{ name: string; dflt_value: string }>(
    'SELECT name, dflt_value FROM pragma_table_info(?) WHERE dflt_value IS NOT NULL',
    ['realm'],
  );
  // SQLite gives a default as its SQL text: the JSON inside single quotes.
  return new Map(
    columns
      .filter((column) => settings.has(column.name))
      .map((column) => [
        column.name,
        JSON.parse(column.dflt_value.slice(1, -1)) as GroupSettingValue,
      ]),
  );
}

function describeAll(sql: Sql): Record<string, unknown> {
  const realm = realmDefaults(sql);
  const channel = newChannelSettings(CREATOR);
  const group = newGroupSettings(CREATOR);
  const entries = <Name extends string>(
    table: Record<Name, SettingRules>,
    describeOne: (name: Name, rules: SettingRules) => SupportedSetting,
  ) =>
    Object.fromEntries(
      (Object.entries(table) as [Name, SettingRules][]).map(([name, rules]) => [
        name,
        describeOne(name, rules),
      ]),
    );
  return {
    realm: entries(realmGroupSettings, (name, rules) =>
      describe(rules, defaultName(realm.get(name) ?? 0, 'role:nobody'), null),
    ),
    stream: entries(channelGroupSettings, (name, rules) =>
      describe(rules, defaultName(channel[name], 'channel_creator'), null),
    ),
    // A system group's own settings are nobody's, but anyone may mention it.
    group: entries(userGroupSettings, (name, rules) =>
      describe(
        rules,
        defaultName(group[name], 'group_creator'),
        name === 'can_mention_group' ? 'role:everyone' : 'role:nobody',
      ),
    ),
  };
}

// The list follows the schema and this code alone, so it is worked out once
// per database rather than at every register.
const described = new WeakMap<Sql, Record<string, unknown>>();

/**
 * Register's server_supported_permission_settings: for every group setting
 * of the organization, of a channel and of a user group, what it may be set
 * to and what it starts at.
 */
export const supportedPermissionSettings = (sql: Sql): Record<string, unknown> =>
  cached(described, sql, describeAll);
