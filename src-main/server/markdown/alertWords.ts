// Zulip's AlertWordNotificationProcessor: a word counts where it stands on
// its own, after the start or one of these, and before the end or one of those.
const openers = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const closers = new Set([' ', '\n', ')', '"', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/** The users one of whose alert words the message's text contains. */
export function alertedUserIds(
  content: string,
  words: ReadonlyMap<string, readonly number[]>,
): Set<number> {
  const alerted = new Set<number>();
  if (words.size === 0) return alerted;
  const text = content.toLowerCase();
  for (const [word, userIds] of words) {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      const end = at + word.length;
      const startsAlone = at === 0 || openers.has(text.charAt(at - 1));
      const endsAlone = end === text.length || closers.has(text.charAt(end));
      if (startsAlone && endsAlone) {
        for (const userId of userIds) alerted.add(userId);
        break;
      }
    }
  }
  return alerted;
}
