import { forgetDrafts } from './drafts';
import { z } from 'zod';
import { emit, type Context } from './context';
import { badRequest } from './errors';
import type { Org } from './org';
import { bool, int, parseParams, type RawParams } from './params';
import { successIgnoring } from './http';

// What register lists beside the settings, which PATCH /settings does not take.
const notSettings = new Set(['available_notification_sounds', 'emojiset_choices']);

// Settings whose values Zulip takes from a list.
const choices: Readonly<Record<string, readonly (string | number)[]>> = {
  color_scheme: [1, 2, 3],
  web_mark_read_on_scroll_policy: [1, 2, 3],
  web_channel_default_view: [1, 2, 3, 4],
  demote_inactive_streams: [1, 2, 3],
  user_list_style: [1, 2, 3],
  web_stream_unreads_count_display_policy: [1, 2, 3],
  desktop_icon_count_display: [1, 2, 3, 4],
  realm_name_in_email_notifications_policy: [1, 2, 3],
  automatically_follow_topics_policy: [1, 2, 3, 4],
  automatically_unmute_topics_in_muted_streams_policy: [1, 2, 3, 4],
  email_address_visibility: [1, 2, 3, 4, 5],
  // "recent" since Zulip 12.0 (feature level 454).
  web_home_view: ['recent', 'inbox', 'all_messages'],
  web_animate_image_previews: ['always', 'on_hover', 'never'],
  resolved_topic_notice_auto_read_policy: ['always', 'except_followed', 'never'],
  emojiset: ['google', 'twitter', 'text'],
};

// Languages of Zulip's list, by the code its settings take (Django's
// to_language of the locale folder: `pt-br`, `zh-hans`), each with the name
// its events give it, the language's own name (LANG_INFO's name_local). The
// list has more; these are those Hearth's window speaks, and a few more.
const languageNames: Readonly<Record<string, string>> = {
  ar: 'العربيّة',
  de: 'Deutsch',
  en: 'English',
  es: 'español',
  fr: 'français',
  it: 'italiano',
  ja: '日本語',
  nl: 'Nederlands',
  pl: 'polski',
  pt: 'Português',
  'pt-br': 'Português Brasileiro',
  ru: 'Русский',
  'zh-hans': '简体中文',
  'zh-hant': '繁體中文',
};

const maxNameLength = 100;

/** The parameters PATCH /settings takes: every documented user setting, typed as its example is. */
function settingsSchema(org: Org) {
  const settings = Object.fromEntries(
    Object.entries(org.userSettings)
      .filter(([name]) => !notSettings.has(name))
      .map(([name, value]) => {
        const kind =
          typeof value === 'boolean' ? bool : typeof value === 'number' ? int : z.string();
        return [name, kind.optional()];
      }),
  );
  return z.object({
    ...settings,
    full_name: z.string().optional(),
    old_password: z.string().optional(),
    new_password: z.string().optional(),
    allow_private_data_export: bool.optional(),
  });
}

function checkSetting(org: Org, name: string, value: unknown): void {
  const allowed = choices[name];
  if (allowed && !allowed.includes(value as string | number)) throw badRequest(`Invalid ${name}`);
  if (name === 'default_language' && !Object.hasOwn(languageNames, String(value))) {
    throw badRequest('Invalid default_language');
  }
  if (name === 'notification_sound') {
    const sounds = org.userSettings.available_notification_sounds as string[];
    if (!sounds.includes(String(value))) {
      throw badRequest(`Invalid notification sound '${String(value)}'`);
    }
  }
  if (name === 'timezone' && value !== '') {
    try {
      new Intl.DateTimeFormat('en', { timeZone: String(value) });
    } catch {
      throw badRequest('Not a recognized time zone');
    }
  }
}

/** A new full name as Zulip's check_full_name takes it; administrators may rename where others may not. */
export function checkFullName(org: Org, userId: number, name: string, byAdmin: boolean): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest('Name too short!');
  if ([...trimmed].length > maxNameLength) throw badRequest('Name too long!');
  if (org.realm.realm_name_changes_disabled === true && !byAdmin) {
    throw badRequest('Name changes are disabled in this organization.');
  }
  const taken = org
    .allUserIds()
    .some((id) => id !== userId && org.user(id)?.full_name.toLowerCase() === trimmed.toLowerCase());
  if (org.realm.realm_require_unique_names === true && taken) {
    throw badRequest('Unique names required in this organization.');
  }
  return trimmed;
}

/** Tells everyone who can see the user of a change to them (Zulip's `realm_user` `update`). */
export function announceUserChange(context: Context, person: Record<string, unknown>): void {
  emit(context, context.org.allUserIds(), () => ({ type: 'realm_user', op: 'update', person }));
}

/**
 * PATCH /settings: the user's name, password and personal settings. Each
 * changed setting is a `user_settings` `update` event to the user's clients;
 * a new name and time zone reach everyone as `realm_user` `update`.
 */
export function updateSettings(context: Context, userId: number, raw: RawParams) {
  const { org } = context;
  const schema = settingsSchema(org);
  const params = parseParams(schema, raw) as Record<string, unknown>;
  const user = org.user(userId);
  if (!user) throw badRequest('No such user');
  const changed = Object.entries(params).filter(
    ([name, value]) =>
      value !== undefined &&
      !['full_name', 'old_password', 'new_password'].includes(name) &&
      org.settingsOf(userId)[name] !== value,
  );
  for (const [name, value] of changed) checkSetting(org, name, value);
  const fullName =
    typeof params.full_name === 'string'
      ? checkFullName(org, userId, params.full_name, org.isAdmin(userId))
      : undefined;
  if (params.new_password !== undefined) {
    if (params.old_password === undefined) throw badRequest('Please fill out all fields.');
    if (org.passwords.get(userId) !== params.old_password) throw badRequest('Wrong password!');
  }

  if (typeof params.new_password === 'string') org.passwords.set(userId, params.new_password);
  if (fullName !== undefined && fullName !== user.full_name) {
    user.full_name = fullName;
    announceUserChange(context, { user_id: userId, full_name: fullName });
  }
  const settings = org.settingsOf(userId);
  for (const [name, value] of changed) {
    settings[name] = value;
    if (name === 'enable_drafts_synchronization' && value === false) forgetDrafts(org, userId);
    emit(context, [userId], () => ({
      type: 'user_settings',
      op: 'update',
      property: name,
      value,
      ...(name === 'default_language' ? { language_name: languageNames[String(value)] } : {}),
    }));
    if (name === 'timezone') {
      user.timezone = value;
      announceUserChange(context, { user_id: userId, email: user.email, timezone: value });
    }
  }
  return successIgnoring(raw, Object.keys(schema.shape));
}
