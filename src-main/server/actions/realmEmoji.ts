import { randomBytes } from 'node:crypto';
import { unicodeEmojiByName } from '../../wire/emojiData';
import { errors } from '../errors';
import { plainNotice, type NoticeCapabilities } from '../events/notice';
import type { Services } from '../services';
import { realmEmojiDicts } from '../shape/realmEmoji';
import {
  activeRealmEmojiByName,
  allRealmEmoji,
  deactivateRealmEmoji,
  forgetActiveRealmEmoji,
  insertRealmEmoji,
} from '../store/realmEmoji';
import type { Sql } from '../store/sql';
import { activeUserIds, Role, type UserRow } from '../store/users';
import { checkMayManageBots } from './botAccess';
import { sniffImageType } from './imageType';
import { mayInRealm } from './groupPermission';

// Zulip's MAX_EMOJI_FILE_SIZE_MIB, which register reports as max_emoji_file_size_mib.
export const MAX_EMOJI_FILE_SIZE_MIB = 5;

/** Zulip's check_valid_emoji_name, with its words for each way a name is wrong. */
export function checkValidEmojiName(name: string): void {
  if (name === '') throw errors.badRequest('Emoji name is missing');
  if (/^[0-9a-z_-]+$/.test(name)) {
    if (/[0-9a-z]$/.test(name)) return;
    throw errors.badRequest('Emoji names must end with either a letter or digit.');
  }
  throw errors.badRequest(
    'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
  );
}

const oneByOne = (queue: NoticeCapabilities) => queue.individualEmojiChanges === true;

/**
 * Zulip's notify_realm_emoji: the whole set again to older clients, and to
 * those with the individual_emoji_changes capability (feature level 491)
 * only the change, an `add` of the new emoji or an `update_one` of what changed.
 */
function announce(
  services: Services,
  change: { op: 'add'; emojiId: number } | { op: 'update_one'; emojiId: number },
): void {
  const { sql, queues } = services;
  const dicts = realmEmojiDicts(allRealmEmoji(sql));
  const audience = activeUserIds(sql);
  queues.notify(
    plainNotice('realm_emoji', { op: 'update', realm_emoji: dicts }, (queue) => !oneByOne(queue)),
    audience,
  );
  const emojiId = String(change.emojiId);
  const event =
    change.op === 'add'
      ? { op: 'add', emoji: dicts[emojiId] }
      : { op: 'update_one', emoji_id: emojiId, data: { deactivated: true } };
  queues.notify(plainNotice('realm_emoji', event, oneByOne), audience);
}

// Zulip salts its file names so that the images, served without
// credentials, cannot be found by counting; Hearth draws them at random.
function freshFileName(sql: Sql, extension: string): string {
  for (;;) {
    const name = `${randomBytes(4).toString('hex')}${extension}`;
    if (!sql.get('SELECT 1 FROM realm_emoji WHERE file_name = ?', [name])) return name;
  }
}

/** The emoji name as Zulip's upload_emoji reads it from the path: spaces become underscores. */
export const emojiNameOfPath = (name: string): string => name.trim().replace(/ /g, '_');

/**
 * Zulip 7.0's upload_emoji and check_add_realm_emoji: checks come in Zulip's
 * order, so a client sees the same first complaint; the row and its image
 * are written in one transaction, and everyone hears the whole new dict.
 */
export function uploadRealmEmoji(
  services: Services,
  user: UserRow,
  name: string,
  files: readonly { data: Buffer }[],
): void {
  checkMayManageBots(user);
  checkValidEmojiName(name);
  const { sql } = services;
  if (!mayInRealm(sql, user, 'can_add_custom_emoji_group')) {
    throw errors.badRequest('Insufficient permission');
  }
  if (activeRealmEmojiByName(sql).has(name)) {
    throw errors.badRequest('A custom emoji with this name already exists.');
  }
  const [file] = files;
  if (!file || files.length !== 1) throw errors.badRequest('You must upload exactly one file.');
  if (unicodeEmojiByName(name) && user.role > Role.admin) {
    throw errors.badRequest('Only administrators can override built-in emoji.');
  }
  if (file.data.length > MAX_EMOJI_FILE_SIZE_MIB * 1024 * 1024) {
    throw errors.fileTooLarge(MAX_EMOJI_FILE_SIZE_MIB * 1024 * 1024);
  }
  const image = sniffImageType(file.data);
  if (!image) throw errors.badRequest('Invalid image format');
  let emojiId: number;
  try {
    emojiId = sql.transaction(() =>
      insertRealmEmoji(sql, {
        name,
        authorId: user.id,
        fileName: freshFileName(sql, image.extension),
        image: { content_type: image.type, data: file.data },
      }),
    );
  } finally {
    forgetActiveRealmEmoji(sql);
  }
  announce(services, { op: 'add', emojiId });
}

/**
 * Zulip's delete_emoji and do_remove_realm_emoji: the emoji's author or an
 * administrator deactivates it; it stays in the list, marked deactivated,
 * so that reactions and messages that used it keep their picture.
 */
export function removeRealmEmoji(services: Services, user: UserRow, name: string): void {
  const { sql } = services;
  const emoji = activeRealmEmojiByName(sql).get(name);
  // Zulip 8 answers 404 for an emoji that is not there (feature level 190).
  if (!emoji) throw errors.notFound(`Emoji '${name}' does not exist`);
  if (user.role > Role.admin && emoji.author_id !== user.id) {
    throw errors.badRequest('Must be an organization administrator or emoji author');
  }
  try {
    sql.transaction(() => deactivateRealmEmoji(sql, emoji.id));
  } finally {
    forgetActiveRealmEmoji(sql);
  }
  announce(services, { op: 'update_one', emojiId: emoji.id });
}
