import { errors } from '../errors';
import { groupMemberIds } from '../queries/groupMembership';
import type { Services } from '../services';
import type { SettingValue } from '../store/userSettings';
import { editedBySelf } from '../store/userSettingEdits';
import { usersByIds, type UserRow } from '../store/users';
import { requireAdministrator } from './groupPermission';
import { announceUserSettings, storeUserSettings } from './userSettings';

/** Zulip's TargetUsersData: the people, and the groups whose members, a change is for. */
export interface TargetUsers {
  user_ids: readonly number[];
  group_ids: readonly number[];
  /** Leave alone whoever ever changed the setting themselves. */
  skip_if_already_edited: boolean;
}

// Zulip's UserBaseSettings.SECURITY_SENSITIVE_USER_SETTINGS: each person's own say.
const securitySensitive: ReadonlySet<string> = new Set([
  'allow_private_data_export',
  'email_address_visibility',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'presence_enabled',
  'send_private_typing_notifications',
  'send_read_receipts',
  'send_stream_typing_notifications',
]);

const notForOthers = () => errors.badRequest('Cannot change this setting for other users.');

/** The people `targets` names, deactivated ones too, bots never (Zulip's user_ids_to_users). */
function targetedUsers(services: Services, targets: TargetUsers): UserRow[] {
  if (targets.user_ids.length === 0 && targets.group_ids.length === 0) {
    throw errors.badRequest('Either user_ids or group_ids must be provided.');
  }
  const ids = new Set(targets.user_ids);
  for (const groupId of targets.group_ids) {
    const members = groupMemberIds(services.sql, groupId, true);
    if (!members) throw errors.badRequest(`Invalid user group ID: ${groupId}`);
    members.forEach((id) => ids.add(id));
  }
  const users = usersByIds(services.sql, [...ids]);
  const found = new Set(users.map((user) => user.id));
  const stranger = targets.user_ids.find((id) => !found.has(id));
  if (stranger !== undefined) throw errors.badRequest(`Invalid user ID: ${stranger}`);
  return users.filter((user) => user.is_bot !== 1).sort((a, b) => a.id - b.id);
}

/**
 * Zulip 12's PATCH /settings with target_users (feature level 444): an
 * administrator sets settings for the people and groups named, each
 * setting skipped for those who chose it themselves when asked. Nothing
 * personal (a password, the time zone, the privacy settings) is set for
 * another. One transaction; each person hears of their own changes.
 */
export function changeSettingsForOthers(
  services: Services,
  actor: UserRow,
  targets: TargetUsers,
  wanted: Readonly<Record<string, SettingValue | undefined>>,
  personal: boolean,
): void {
  requireAdministrator(actor);
  const named = Object.entries(wanted).filter(([, value]) => value !== undefined);
  if (personal || named.some(([name]) => securitySensitive.has(name))) throw notForOthers();
  const { sql } = services;
  const changes = sql.transaction(() => {
    const users = targetedUsers(services, targets);
    const chose = new Map(
      named.map(([name]) => [
        name,
        targets.skip_if_already_edited
          ? editedBySelf(
              sql,
              users.map((user) => user.id),
              name,
            )
          : new Set<number>(),
      ]),
    );
    return users.map((user) => {
      const theirs = Object.fromEntries(named.filter(([name]) => !chose.get(name)?.has(user.id)));
      return { user, changed: storeUserSettings(services, user, theirs, false) };
    });
  });
  for (const { user, changed } of changes) announceUserSettings(services, user, changed);
}
