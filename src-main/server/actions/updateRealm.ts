import type { GroupSettingValue } from '../../permissions/groupSettings';
import { errors } from '../errors';
import { plainNotice, type PlainNotice } from '../events/notice';
import { accessStreamById } from '../queries/streamAccess';
import type { Services } from '../services';
import {
  getRealm,
  realmGroupSettingColumns,
  setRealmSettings,
  type RealmGroupSettingColumn,
  type RealmRow,
  type RealmSettingColumn,
} from '../store/realm';
import type { Sql } from '../store/sql';
import { activeGroupSettingForApi } from '../queries/systemGroups';
import { activeUserIds, Role, type UserRow } from '../store/users';
import {
  checkGroupSettingChange,
  sameGroupSetting,
  type GroupSettingChange,
} from './groupSettingChange';
import { checkRealmLanguage } from './languages';
import {
  botSettingsOfPolicy,
  groupOfRolePolicy,
  legacyPolicySnapshot,
  legacyRealmPolicies,
  type LegacyRealmPolicy,
} from './legacyRealmPolicies';
import { groupSettingOf, realmGroupSettings } from './realmGroupSettings';
import { requireAdministrator } from './groupPermission';

/** A setting's new value as PATCH /realm gives it; null is Zulip's "unlimited" time limit. */
type SettingValue = string | number | boolean | null;

/** The settings that name a channel, where -1 names none, as in Zulip. */
const channelSettings = [
  'notifications_stream_id',
  'zulip_update_announcements_stream_id',
] as const;
type ChannelSetting = (typeof channelSettings)[number];
const isChannelSetting = (property: string): property is ChannelSetting =>
  (channelSettings as readonly string[]).includes(property);

/** The settings to change; an absent or undefined one stays as it is. */
export type RealmChanges = {
  [Column in Exclude<RealmSettingColumn, ChannelSetting | RealmGroupSettingColumn>]?:
    SettingValue | undefined;
} & { [Setting in ChannelSetting]?: number | undefined } & {
  bot_creation_policy?: number | undefined;
} & { [Policy in LegacyRealmPolicy]?: number | undefined } & {
  [Name in RealmGroupSettingColumn]?: GroupSettingChange | undefined;
};

// Zulip 7.0's do_set_realm_property announces these three in the shape they
// had before the others existed: `update_dict` of the `default` property.
const editSettings: ReadonlySet<string> = new Set([
  'allow_message_editing',
  'edit_topic_policy',
  'message_content_edit_limit_seconds',
]);

const choiceSettings: ReadonlySet<string> = new Set(['topics_policy']);

const stored = (value: SettingValue): string | number | null =>
  typeof value === 'boolean' ? Number(value) : value;

function announcement(property: string, value: SettingValue): PlainNotice {
  return editSettings.has(property)
    ? plainNotice('realm', { op: 'update_dict', property: 'default', data: { [property]: value } })
    : plainNotice('realm', { op: 'update', property, value });
}

const legacyPolicies = [...Object.keys(legacyRealmPolicies), 'bot_creation_policy'];
const isLegacyPolicy = (property: string): property is LegacyRealmPolicy | 'bot_creation_policy' =>
  legacyPolicies.includes(property);

/** The group settings a request sets, through its own parameters or Zulip 7.0's role policies. */
function wantedGroupSettings(
  sql: Sql,
  realm: RealmRow,
  user: UserRow,
  changes: RealmChanges,
): Map<RealmGroupSettingColumn, GroupSettingValue> {
  const wanted = new Map<RealmGroupSettingColumn, GroupSettingValue>();
  for (const [policy, settings] of Object.entries(legacyRealmPolicies)) {
    const value = changes[policy as LegacyRealmPolicy];
    if (value === undefined) continue;
    for (const setting of settings) wanted.set(setting, groupOfRolePolicy(value));
  }
  if (changes.bot_creation_policy !== undefined) {
    for (const [setting, value] of botSettingsOfPolicy(changes.bot_creation_policy)) {
      wanted.set(setting, value);
    }
  }
  for (const name of realmGroupSettingColumns) {
    const change = changes[name];
    if (change === undefined) continue;
    const rules = realmGroupSettings[name];
    if (rules.ownersOnly === true && user.role !== Role.owner) {
      throw errors.unauthorizedPrincipal('Must be an organization owner');
    }
    const value = checkGroupSettingChange(sql, name, change, groupSettingOf(realm, name), rules);
    if (value !== null) wanted.set(name, value);
  }
  return wanted;
}

/**
 * Zulip's update_realm for the settings Hearth keeps: administrators only
 * (owners for the settings Zulip keeps to them), every change written in
 * one transaction, one event per setting that changed to every active
 * user. Returns what changed as Zulip reports it: text settings as
 * "updated", the others with their new value. Zulip 7.0's role policies
 * set the group settings that replaced them, and are announced, as clients
 * of 7.0 read them, whenever what they amount to changes.
 */
export function updateRealm(
  services: Services,
  user: UserRow,
  changes: RealmChanges,
): Record<string, unknown> {
  const { sql } = services;
  requireAdministrator(user);
  // Checked before anything is written, so that a refused language refuses the whole request.
  if (typeof changes.default_language === 'string') checkRealmLanguage(changes.default_language);
  const { changed, notices } = sql.transaction(() => {
    const realm = getRealm(sql);
    if (!realm) throw new Error('the organization has not been created');
    const writes: Partial<Record<RealmSettingColumn, string | number | null>> = {};
    const changed: Record<string, unknown> = {};
    const notices: PlainNotice[] = [];
    const policiesBefore = legacyPolicySnapshot(realm);
    const groupSettings = wantedGroupSettings(sql, realm, user, changes);
    for (const [property, value] of Object.entries(changes)) {
      if (value === undefined || property in realmGroupSettings) continue;
      if (isLegacyPolicy(property)) continue;
      if (isChannelSetting(property)) {
        const streamId = value as number;
        const next = streamId < 0 ? null : accessStreamById(sql, user, streamId).id;
        if (next === realm[property]) continue;
        writes[property] = next;
        changed[property] = streamId;
        notices.push(announcement(property, streamId));
        continue;
      }
      const column = property as Exclude<
        RealmSettingColumn,
        ChannelSetting | RealmGroupSettingColumn
      >;
      const setting = value as SettingValue;
      if (stored(setting) === realm[column]) continue;
      writes[column] = stored(setting);
      // Zulip answers a changed text with "updated", a choice with what was chosen.
      changed[column] =
        typeof setting === 'string' && !choiceSettings.has(column) ? 'updated' : setting;
      notices.push(announcement(column, setting));
      // What Zulip 10's clients read of topics_policy, as register derives it.
      if (column === 'topics_policy') {
        notices.push(announcement('mandatory_topics', setting === 'disable_empty_topic'));
      }
    }
    for (const [name, value] of groupSettings) {
      if (sameGroupSetting(value, groupSettingOf(realm, name))) continue;
      writes[name] = JSON.stringify(value);
      const told = activeGroupSettingForApi(sql, value);
      if (changes[name] !== undefined) changed[name] = told;
      notices.push(
        plainNotice('realm', { op: 'update_dict', property: 'default', data: { [name]: told } }),
      );
    }
    setRealmSettings(sql, writes);
    const after = getRealm(sql) ?? realm;
    for (const [policy, value] of Object.entries(legacyPolicySnapshot(after))) {
      if (value === policiesBefore[policy]) continue;
      if (isLegacyPolicy(policy) && changes[policy] !== undefined) changed[policy] = value;
      notices.push(announcement(policy, value));
    }
    return { changed, notices };
  });
  if (notices.length > 0) {
    const audience = activeUserIds(sql);
    for (const notice of notices) services.queues.notify(notice, audience);
  }
  return changed;
}
