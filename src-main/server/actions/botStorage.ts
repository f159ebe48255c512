import { ApiError } from '../errors';
import type { Services } from '../services';
import {
  botStorageEntries,
  botStorageOf,
  botStorageSize,
  deleteBotStorage,
  putBotStorage,
  type StoredEntry,
} from '../store/botStorage';
import type { UserRow } from '../store/users';

// Zulip's USER_STATE_SIZE_LIMIT: characters of keys and values together, per bot.
export const BOT_STORAGE_LIMIT = 10_000_000;

const characters = (text: string) => [...text].length;

// Zulip 12 (feature level 494): people have no storage of their own here.
function checkIsBot(user: UserRow): void {
  if (user.is_bot !== 1) throw new ApiError('Must be a bot user', 'PERMISSION_DENIED');
}

const missingKey = () => new ApiError('Key does not exist.');

/** Zulip's get_storage: the entries of `keys` (all of them when absent), each of which must exist. */
export function getBotStorage(
  services: Services,
  bot: UserRow,
  keys: readonly string[] | undefined,
): Record<string, string> {
  checkIsBot(bot);
  const entries =
    keys === undefined
      ? botStorageOf(services.sql, bot.id)
      : botStorageEntries(services.sql, bot.id, keys);
  const stored = new Map(entries.map((entry) => [entry.key, entry.value]));
  // Own properties whatever the key, `__proto__` included.
  return Object.fromEntries(
    [...(keys ?? stored.keys())].map((key) => {
      const value = stored.get(key);
      if (value === undefined) throw missingKey();
      return [key, value];
    }),
  );
}

/**
 * Zulip's set_bot_storage: every entry is stored, or none is when the bot's
 * storage would then hold more than its limit.
 */
export function updateBotStorage(
  services: Services,
  bot: UserRow,
  storage: Readonly<Record<string, string>>,
): void {
  checkIsBot(bot);
  const { sql } = services;
  const entries: StoredEntry[] = Object.entries(storage).map(([key, value]) => ({ key, value }));
  sql.transaction(() => {
    const replaced = botStorageEntries(
      sql,
      bot.id,
      entries.map((entry) => entry.key),
    ).reduce((sum, entry) => sum + characters(entry.key) + characters(entry.value), 0);
    const added = entries.reduce(
      (sum, entry) => sum + characters(entry.key) + characters(entry.value),
      0,
    );
    const size = botStorageSize(sql, bot.id) + added - replaced;
    if (size > BOT_STORAGE_LIMIT) {
      throw new ApiError(
        `Request exceeds storage limit by ${size - BOT_STORAGE_LIMIT} characters. ` +
          `The limit is ${BOT_STORAGE_LIMIT} characters.`,
      );
    }
    for (const entry of entries) putBotStorage(sql, bot.id, entry);
  });
}

/** Zulip's remove_bot_storage: `keys` (all of them when absent), each of which must exist. */
export function removeBotStorage(
  services: Services,
  bot: UserRow,
  keys: readonly string[] | undefined,
): void {
  checkIsBot(bot);
  const { sql } = services;
  sql.transaction(() => {
    const doomed = keys ?? botStorageOf(sql, bot.id).map((entry) => entry.key);
    // Zulip counts the rows found against the keys asked for, a key named twice included.
    if (botStorageEntries(sql, bot.id, doomed).length < doomed.length) throw missingKey();
    deleteBotStorage(sql, bot.id, doomed);
  });
}
