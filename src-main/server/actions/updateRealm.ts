import { errors } from '../errors';
import { plainNotice, type PlainNotice } from '../events/notice';
import { accessStreamById } from '../queries/streamAccess';
import type { Services } from '../services';
import { getRealm, setRealmSettings, type RealmSettingColumn } from '../store/realm';
import { activeUserIds, Role, type UserRow } from '../store/users';
import { checkRealmLanguage } from './languages';

/** A setting's new value as PATCH /realm gives it; null is Zulip's "unlimited" time limit. */
type SettingValue = string | number | boolean | null;

/** The settings to change; an absent or undefined one stays as it is. */
export type RealmChanges = {
  [Column in Exclude<RealmSettingColumn, 'notifications_stream_id'>]?: SettingValue | undefined;
} & {
  /** -1 turns the notifications stream off, as in Zulip. */
  notifications_stream_id?: number | undefined;
};

// Zulip 7.0's do_set_realm_property announces these three in the shape they
// had before the others existed: `update_dict` of the `default` property.
const editSettings: ReadonlySet<string> = new Set([
  'allow_message_editing',
  'edit_topic_policy',
  'message_content_edit_limit_seconds',
]);

const stored = (value: SettingValue): string | number | null =>
  typeof value === 'boolean' ? Number(value) : value;

function announcement(property: string, value: SettingValue): PlainNotice {
  return editSettings.has(property)
    ? plainNotice('realm', { op: 'update_dict', property: 'default', data: { [property]: value } })
    : plainNotice('realm', { op: 'update', property, value });
}

/**
 * Zulip 7.0's update_realm for the settings Hearth keeps: administrators
 * only, every change written in one transaction, one event per setting that
 * changed to every active user. Returns what changed as Zulip reports it:
 * text settings as "updated", the others with their new value.
 */
export function updateRealm(
  services: Services,
  user: UserRow,
  changes: RealmChanges,
): Record<string, unknown> {
  const { sql } = services;
  if (user.role > Role.admin) {
    throw errors.unauthorizedPrincipal('Must be an organization administrator');
  }
  // Checked before anything is written, so that a refused language refuses the whole request.
  if (typeof changes.default_language === 'string') checkRealmLanguage(changes.default_language);
  const { changed, notices } = sql.transaction(() => {
    const realm = getRealm(sql);
    if (!realm) throw new Error('the organization has not been created');
    const writes: Partial<Record<RealmSettingColumn, string | number | null>> = {};
    const changed: Record<string, unknown> = {};
    const notices: PlainNotice[] = [];
    for (const [property, value] of Object.entries(changes) as [
      keyof RealmChanges,
      SettingValue | undefined,
    ][]) {
      if (value === undefined) continue;
      if (property === 'notifications_stream_id') {
        const streamId = value as number;
        const next = streamId < 0 ? null : accessStreamById(sql, user, streamId).id;
        if (next === realm.notifications_stream_id) continue;
        writes.notifications_stream_id = next;
        changed.notifications_stream_id = streamId;
        notices.push(announcement(property, streamId));
        continue;
      }
      if (stored(value) === realm[property]) continue;
      writes[property] = stored(value);
      changed[property] = typeof value === 'string' ? 'updated' : value;
      notices.push(announcement(property, value));
    }
    setRealmSettings(sql, writes);
    return { changed, notices };
  });
  if (notices.length > 0) {
    const audience = activeUserIds(sql);
    for (const notice of notices) services.queues.notify(notice, audience);
  }
  return changed;
}
