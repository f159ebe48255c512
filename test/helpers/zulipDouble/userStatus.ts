import { z } from 'zod';
import { emit, type Context } from './context';
import { badRequest } from './errors';
import { knownEmoji } from './flags';
import type { Org } from './org';
import { bool, parseParams, type RawParams } from './params';
import { accessibleUsers } from './register';

/** One user's UserStatus row: empty strings for what is not set. */
export interface StoredStatus {
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

const statusSchema = z.object({
  away: bool.optional(),
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.string().optional(),
});

// The double keeps no custom emoji, so a status emoji is a Unicode one.
const reactionTypes = ['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji'];

/**
 * Register's user_status: the users the reader may see who set something,
 * `away` for presence_enabled off, only what is set (get_all_users_status_dict).
 */
export function statusesFor(org: Org, readerId: number): Record<string, Record<string, unknown>> {
  const accessible = accessibleUsers(org, readerId);
  const statuses: Record<string, Record<string, unknown>> = {};
  for (const [userId, status] of org.userStatuses) {
    if (!accessible.has(userId) || !org.isActive(userId)) continue;
    const shown = {
      ...(org.settingsOf(userId).presence_enabled === false ? { away: true } : {}),
      ...(status.status_text ? { status_text: status.status_text } : {}),
      ...(status.emoji_name
        ? {
            emoji_name: status.emoji_name,
            emoji_code: status.emoji_code,
            reaction_type: status.reaction_type,
          }
        : {}),
    };
    if (Object.keys(shown).length > 0) statuses[String(userId)] = shown;
  }
  return statuses;
}

function checkedEmoji(params: z.output<typeof statusSchema>): Partial<StoredStatus> {
  const name = params.emoji_name;
  if (name === '') return { emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' };
  if (name === undefined) {
    if (params.emoji_code || params.reaction_type) {
      throw badRequest(
        'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
      );
    }
    return {};
  }
  const code = params.emoji_code ?? knownEmoji[name];
  if (code === undefined) throw badRequest(`Emoji '${name}' does not exist`);
  const type = params.reaction_type ?? 'unicode_emoji';
  if (!reactionTypes.includes(type)) throw badRequest('Invalid emoji type.');
  if (type === 'realm_emoji') throw badRequest('Invalid custom emoji.');
  return { emoji_name: name, emoji_code: code, reaction_type: type };
}

/**
 * POST /users/me/status: the text trimmed to 60 characters at most, the
 * emoji, and the deprecated `away` as presence_enabled; a user_status event
 * of the parts given to everyone who may see the user (feature level 228).
 */
export function updateStatus(context: Context, userId: number, raw: RawParams): void {
  const { org } = context;
  if (org.user(userId)?.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  const params = parseParams(statusSchema, raw);
  const text = params.status_text?.trim();
  if (text !== undefined && [...text].length > 60) {
    throw badRequest('status_text is too long (limit: 60 characters)');
  }
  if (params.away === undefined && text === undefined && params.emoji_name === undefined) {
    throw badRequest('Client did not pass any new values.');
  }
  const emoji = checkedEmoji(params);

  if (params.away !== undefined && org.settingsOf(userId).presence_enabled !== !params.away) {
    org.settingsOf(userId).presence_enabled = !params.away;
    emit(context, [userId], () => ({
      type: 'user_settings',
      op: 'update',
      property: 'presence_enabled',
      value: !params.away,
    }));
  }
  const stored = org.userStatuses.get(userId) ?? {
    status_text: '',
    emoji_name: '',
    emoji_code: '',
    reaction_type: 'unicode_emoji',
  };
  org.userStatuses.set(userId, {
    ...stored,
    ...(text !== undefined ? { status_text: text } : {}),
    ...emoji,
  });
  const hearing = org.allUserIds().filter((id) => accessibleUsers(org, id).has(userId));
  emit(context, hearing, () => ({
    type: 'user_status',
    user_id: userId,
    ...(params.away !== undefined ? { away: params.away } : {}),
    ...(text !== undefined ? { status_text: text } : {}),
    ...emoji,
  }));
}
