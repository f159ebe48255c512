import type { GroupSettingValue } from '../../permissions/groupSettings';
import { errors } from '../errors';
import { plainNotice, type PlainNotice } from '../events/notice';
import { renderMarkdown } from '../markdown/render';
import { accessStreamById } from '../queries/streamAccess';
import type { Services } from '../services';
import {
  editHistoryVisibilities,
  getRealm,
  realmGroupSettingColumns,
  setRealmSettings,
  type RealmGroupSettingColumn,
  type RealmRow,
  type RealmSettingColumn,
} from '../store/realm';
import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';
import { activeGroupSettingForApi } from '../queries/systemGroups';
import { activeUserIds, Role, type UserRow } from '../store/users';
import {
  checkGroupSettingChange,
  sameGroupSetting,
  type GroupSettingChange,
} from './groupSettingChange';
import { checkVideoChatProvider, parseJitsiServerUrl } from './callProviders';
import { columnOf, isChannelSetting, nameOf, type ChannelSetting } from './realmSettingNames';
import { checkGifRating } from './gifRatings';
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
import { checkWelcomeMessageCustomText } from './welcomeBot';

/** A setting's new value as PATCH /realm gives it; null is Zulip's "unlimited" time limit. */
type SettingValue = string | number | boolean | null;

/** The settings to change; an absent or undefined one stays as it is. */
export type RealmChanges = {
  [Column in Exclude<RealmSettingColumn, ChannelSetting | RealmGroupSettingColumn>]?:
    SettingValue | undefined;
} & { [Setting in ChannelSetting]?: number | undefined } & {
  new_stream_announcements_stream_id?: number | undefined;
  bot_creation_policy?: number | undefined;
  allow_edit_history?: boolean | undefined;
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

const choiceSettings: ReadonlySet<string> = new Set([
  'topics_policy',
  'default_avatar_source',
  'message_edit_history_visibility_policy',
]);

const stored = (value: SettingValue): string | number | null =>
  typeof value === 'boolean' ? Number(value) : value;

function announcement(property: string, value: SettingValue): PlainNotice {
  if (property === 'description') {
    // Zulip 12 (feature levels 462 and 464): the description comes with its HTML.
    const data = { description: value, rendered_description: renderMarkdown(String(value)) };
    return plainNotice('realm', { op: 'update_dict', property: 'default', data });
  }
  return editSettings.has(property)
    ? plainNotice('realm', { op: 'update_dict', property: 'default', data: { [property]: value } })
    : plainNotice('realm', { op: 'update', property, value });
}

/** Zulip's do_set_realm_moderation_request_channel: only a private channel takes reports. */
function checkChannelSetting(column: ChannelSetting, stream: StreamRow): void {
  if (column === 'moderation_request_channel_id' && stream.invite_only !== 1) {
    throw errors.badRequest('Moderation request channel must be private.');
  }
}

const legacyPolicies = [
  ...Object.keys(legacyRealmPolicies),
  'bot_creation_policy',
  'allow_edit_history',
];
const isLegacyPolicy = (
  property: string,
): property is LegacyRealmPolicy | 'bot_creation_policy' | 'allow_edit_history' =>
  legacyPolicies.includes(property);

/**
 * The changes to make: Zulip 7.0's allow_edit_history sets the policy that
 * replaced it (feature level 358), all history or none, unless the request
 * names the policy itself.
 */
function withReplacedSettings(changes: RealmChanges): RealmChanges {
  const allowed = changes.allow_edit_history;
  if (allowed === undefined || changes.message_edit_history_visibility_policy !== undefined) {
    return changes;
  }
  return { ...changes, message_edit_history_visibility_policy: allowed ? 'all' : 'none' };
}

/** Zulip 12's Realm.default_avatar_source (feature level 456): Gravatar or Jdenticon (466). */
const defaultAvatarSources = ['G', 'J'] as const;

/** Zulip's parse_enum_from_string_value: a choice of a setting's named values, or nothing. */
function checkChoice(name: string, value: SettingValue | undefined, values: readonly string[]) {
  if (value !== undefined && (typeof value !== 'string' || !values.includes(value))) {
    throw errors.badRequest(`Invalid ${name}`);
  }
}

/** The group settings a request sets, through its own parameters or Zulip 7.0's role policies. */
function wantedGroupSettings(
  sql: Sql,
  realm: RealmRow,
  user: UserRow,
  changes: RealmChanges,
): Map<RealmGroupSettingColumn, GroupSettingValue> {
  const wanted = new Map<RealmGroupSettingColumn, GroupSettingValue>();
  const checkOwner = (name: RealmGroupSettingColumn) => {
    if (realmGroupSettings[name].ownersOnly === true && user.role !== Role.owner) {
      throw errors.unauthorizedPrincipal('Must be an organization owner');
    }
  };
  for (const [policy, settings] of Object.entries(legacyRealmPolicies)) {
    const value = changes[policy as LegacyRealmPolicy];
    if (value === undefined) continue;
    // A role policy is kept to owners as the setting it sets is (7.0's invite_to_realm_policy was).
    for (const setting of settings) {
      checkOwner(setting);
      wanted.set(setting, groupOfRolePolicy(value));
    }
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
    checkOwner(name);
    const value = checkGroupSettingChange(sql, name, change, groupSettingOf(realm, name), rules);
    if (value !== null) wanted.set(name, value);
  }
  return wanted;
}

/**
 * Zulip's update_realm checks of the call provider and the GIF rating, and
 * its reading of jitsi_server_url ("default" is the server's, stored as null).
 */
function checkCallsAndGifs(changes: RealmChanges): RealmChanges {
  if (typeof changes.video_chat_provider === 'number') {
    checkVideoChatProvider(changes.video_chat_provider);
  }
  if (typeof changes.gif_rating_policy === 'number') {
    checkGifRating(changes.gif_rating_policy);
  }
  const jitsi = changes.jitsi_server_url;
  return typeof jitsi === 'string'
    ? { ...changes, jitsi_server_url: parseJitsiServerUrl(jitsi) }
    : changes;
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
  requested: RealmChanges,
): Record<string, unknown> {
  const { sql } = services;
  requireAdministrator(user);
  // Checked before anything is written, so that a refused value refuses the whole request.
  if (typeof requested.default_language === 'string') {
    checkRealmLanguage(requested.default_language);
  }
  const changes = checkCallsAndGifs(requested);
  checkChoice(
    'message_edit_history_visibility_policy',
    changes.message_edit_history_visibility_policy,
    editHistoryVisibilities,
  );
  checkChoice('default_avatar_source', changes.default_avatar_source, defaultAvatarSources);
  if (typeof changes.welcome_message_custom_text === 'string') {
    checkWelcomeMessageCustomText(changes.welcome_message_custom_text);
  }
  const { changed, notices } = sql.transaction(() => {
    const realm = getRealm(sql);
    if (!realm) throw new Error('the organization has not been created');
    const writes: Partial<Record<RealmSettingColumn, string | number | null>> = {};
    const changed: Record<string, unknown> = {};
    const notices: PlainNotice[] = [];
    const policiesBefore = legacyPolicySnapshot(realm);
    const groupSettings = wantedGroupSettings(sql, realm, user, changes);
    for (const [property, value] of Object.entries(withReplacedSettings(changes))) {
      if (value === undefined || property in realmGroupSettings) continue;
      if (isLegacyPolicy(property)) continue;
      const column = columnOf(property);
      if (column in writes) continue;
      if (isChannelSetting(column)) {
        const streamId = value as number;
        const stream = streamId < 0 ? null : accessStreamById(sql, user, streamId);
        if (stream) checkChannelSetting(column, stream);
        const next = stream?.id ?? null;
        if (next === realm[column]) continue;
        writes[column] = next;
        changed[property] = streamId;
        notices.push(announcement(nameOf(column), streamId));
        continue;
      }
      const setting = value as SettingValue;
      const settingColumn = column as Exclude<
        RealmSettingColumn,
        ChannelSetting | RealmGroupSettingColumn
      >;
      if (stored(setting) === realm[settingColumn]) continue;
      writes[settingColumn] = stored(setting);
      // Zulip answers a changed text with "updated", a choice with what was chosen.
      // A setting another one asked for (allow_edit_history's policy) is announced, not answered.
      if ((changes as Record<string, unknown>)[property] !== undefined) {
        changed[property] =
          typeof setting === 'string' && !choiceSettings.has(column) ? 'updated' : setting;
      }
      notices.push(announcement(nameOf(column), setting));
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
