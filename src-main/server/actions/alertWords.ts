import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { alertWordsOf, deleteAlertWord, insertAlertWord } from '../store/alertWords';
import type { UserRow } from '../store/users';

// Zulip's check_capped_string(100) on each word.
const MAX_ALERT_WORD_LENGTH = 100;

// Zulip's clean_alert_words: words are trimmed, and empty ones dropped.
function cleaned(words: readonly string[]): string[] {
  words.forEach((word, index) => {
    if (word.length > MAX_ALERT_WORD_LENGTH) {
      throw errors.badRequest(
        `alert_words[${index}] is too long (limit: ${MAX_ALERT_WORD_LENGTH} characters)`,
      );
    }
  });
  return words.map((word) => word.trim()).filter((word) => word !== '');
}

function announce(services: Services, user: UserRow): string[] {
  const words = alertWordsOf(services.sql, user.id);
  services.queues.notify(plainNotice('alert_words', { alert_words: words }), [user.id]);
  return words;
}

/**
 * Zulip's do_add_alert_words: a word already there in any case is kept as it
 * was first typed. Returns the user's words.
 */
export function addAlertWords(
  services: Services,
  user: UserRow,
  words: readonly string[],
): string[] {
  const { sql } = services;
  sql.transaction(() => {
    const known = new Set(alertWordsOf(sql, user.id).map((word) => word.toLowerCase()));
    for (const word of cleaned(words)) {
      if (known.has(word.toLowerCase())) continue;
      known.add(word.toLowerCase());
      insertAlertWord(sql, user.id, word);
    }
  });
  return announce(services, user);
}

/** Zulip's do_remove_alert_words: each word goes in whatever case it was kept. */
export function removeAlertWords(
  services: Services,
  user: UserRow,
  words: readonly string[],
): string[] {
  const { sql } = services;
  sql.transaction(() => {
    const gone = new Set(cleaned(words).map((word) => word.toLowerCase()));
    for (const word of alertWordsOf(sql, user.id)) {
      if (gone.has(word.toLowerCase())) deleteAlertWord(sql, user.id, word);
    }
  });
  return announce(services, user);
}
