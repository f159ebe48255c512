import type { ReactionType } from '../../wire';
import { unicodeEmojiByCode, unicodeEmojiByName, zulipExtraEmoji } from '../../wire/emojiData';
import { errors } from '../errors';
import type { EmojiKey } from '../store/reactions';
import { activeRealmEmojiByName, realmEmojiById } from '../store/realmEmoji';
import type { Sql } from '../store/sql';

/** An emoji as a reaction request names it, once its code and namespace are known. */
export interface RequestedEmoji extends EmojiKey {
  emojiName: string;
}

// Zulip clients name Unicode emoji from Zulip's own table, which differs from
// ours in places (`slight_smile`, `working_on_it`); the code is a reaction's
// identity, so a name in the shape Zulip's names take that our table lacks is
// kept as the client sent it.
const ZULIP_STYLE_NAME = /^[0-9a-z_+-]{1,100}$/;

/**
 * Zulip's get_emoji_data: a name means the organization's custom emoji of
 * that name first, then `zulip`, then the Unicode emoji; none is an error.
 */
export function emojiByName(sql: Sql, name: string): EmojiKey | undefined {
  const custom = activeRealmEmojiByName(sql).get(name);
  if (custom) return { emojiCode: String(custom.id), reactionType: 'realm_emoji' };
  if (name === zulipExtraEmoji.name) {
    return { emojiCode: zulipExtraEmoji.code, reactionType: 'zulip_extra_emoji' };
  }
  const unicode = unicodeEmojiByName(name);
  if (unicode) return { emojiCode: unicode.code, reactionType: 'unicode_emoji' };
  return undefined;
}

export function requireEmojiByName(sql: Sql, name: string): EmojiKey {
  const found = emojiByName(sql, name);
  if (!found) throw errors.badRequest(`Emoji '${name}' does not exist`);
  return found;
}

function checkUnicode(name: string, code: string): void {
  if (!unicodeEmojiByCode(code)) throw errors.badRequest('Invalid emoji code.');
  const named = unicodeEmojiByName(name);
  if (named ? named.code !== code : !ZULIP_STYLE_NAME.test(name)) {
    throw errors.badRequest('Invalid emoji name.');
  }
}

function checkZulipExtra(name: string, code: string): void {
  if (code !== zulipExtraEmoji.code) throw errors.badRequest('Invalid emoji code.');
  if (name !== code) throw errors.badRequest('Invalid emoji name.');
}

// A custom emoji is named by its id; a deactivated one keeps the reactions
// it has, but takes no new ones.
function checkRealmEmoji(sql: Sql, name: string, code: string): void {
  const emoji = /^\d+$/.test(code) ? realmEmojiById(sql, Number(code)) : undefined;
  if (!emoji) throw errors.badRequest('Invalid custom emoji.');
  if (emoji.name !== name) throw errors.badRequest('Invalid custom emoji name.');
  if (emoji.deactivated === 1) throw errors.badRequest('This custom emoji has been deactivated.');
}

const checks: Record<ReactionType, (sql: Sql, name: string, code: string) => void> = {
  unicode_emoji: (_sql, name, code) => checkUnicode(name, code),
  realm_emoji: checkRealmEmoji,
  zulip_extra_emoji: (_sql, name, code) => checkZulipExtra(name, code),
};

/**
 * Zulip's check_emoji_request: whether a new reaction may use this name and
 * code in this namespace. Each reaction_type has its one check here.
 */
export function checkEmojiRequest(sql: Sql, emoji: RequestedEmoji): void {
  const type = emoji.reactionType;
  if (!Object.hasOwn(checks, type)) throw errors.badRequest('Invalid emoji type.');
  checks[type as ReactionType](sql, emoji.emojiName, emoji.emojiCode);
}
