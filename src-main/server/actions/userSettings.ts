import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { displaySettingsOf } from '../store/displaySettings';
import { deleteAllDrafts } from '../store/drafts';
import { followedTopicSettingsOf } from '../store/followedTopicSettings';
import { modernSettingsOf } from '../store/modernSettings';
import { notificationSettingsOf, storeSetting, type SettingValue } from '../store/userSettings';
import { markEditedBySelf } from '../store/userSettingEdits';
import type { UserRow } from '../store/users';
import { announceExportConsent } from './exportConsents';
import { languageName } from './languages';
import { followPresenceSetting } from './presence';

/** Every user setting with its current value: Zulip's UserProfile.property_types. */
export function userSettingsOf(services: Services, user: UserRow): Record<string, SettingValue> {
  return {
    ...notificationSettingsOf(services.sql, user.id),
    ...displaySettingsOf(services.sql, user.id),
    ...followedTopicSettingsOf(services.sql, user.id),
    ...modernSettingsOf(services.sql, user.id),
  };
}

/**
 * Zulip 7.0's do_change_user_setting, for every setting given: stores the
 * ones whose value differs and returns them, in a transaction of the
 * caller's. A change the user makes is remembered as theirs (feature level 444).
 */
export function storeUserSettings(
  services: Services,
  user: UserRow,
  wanted: Readonly<Record<string, SettingValue | undefined>>,
  bySelf: boolean,
): Record<string, SettingValue> {
  const { sql } = services;
  const current = userSettingsOf(services, user);
  const diff: Record<string, SettingValue> = {};
  for (const [name, value] of Object.entries(wanted)) {
    if (value === undefined || !(name in current) || current[name] === value) continue;
    storeSetting(sql, user.id, name, value);
    if (bySelf) markEditedBySelf(sql, user.id, name);
    diff[name] = value;
  }
  // Zulip 7.0 forgets the server's copies, with no event: the drafts were
  // not deleted, they stopped being synchronized, and each device keeps its own.
  if (diff['enable_drafts_synchronization'] === false) deleteAllDrafts(sql, user.id);
  return diff;
}

/**
 * The events of the settings `storeUserSettings` changed: each a
 * `user_settings` update. Turning presence_enabled on or off changes the
 * user's presence at once.
 */
export function announceUserSettings(
  services: Services,
  user: UserRow,
  changed: Readonly<Record<string, SettingValue>>,
): void {
  for (const [property, value] of Object.entries(changed)) {
    announceUserSetting(services, user, property, value);
  }
  if (typeof changed['presence_enabled'] === 'boolean') {
    followPresenceSetting(services, user, changed['presence_enabled']);
  }
  if (typeof changed['allow_private_data_export'] === 'boolean') {
    announceExportConsent(services, user, changed['allow_private_data_export']);
  }
}

/** A user's own change of their settings, in one transaction, announced; returns what changed. */
export function changeUserSettings(
  services: Services,
  user: UserRow,
  wanted: Readonly<Record<string, SettingValue | undefined>>,
): Record<string, SettingValue> {
  const changed = services.sql.transaction(() => storeUserSettings(services, user, wanted, true));
  announceUserSettings(services, user, changed);
  return changed;
}

/**
 * The event of one changed setting: `user_settings` to the user alone, the
 * only kind Zulip 12 sends (feature level 439). A new default_language comes
 * with its name, as Zulip's `language_name`.
 */
export function announceUserSetting(
  services: Services,
  user: UserRow,
  property: string,
  value: SettingValue,
): void {
  const named =
    property === 'default_language' ? { language_name: languageName(String(value)) } : {};
  services.queues.notify(
    plainNotice('user_settings', { op: 'update', property, value, ...named }),
    [user.id],
  );
}
