// Python's fnmatch, which Zulip matches only_events and exclude_events with:
// `*` any run, `?` one character, `[abc]` / `[!abc]` a set or its complement.
function patternToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] ?? '';
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) {
        source += '\\[';
        continue;
      }
      let set = pattern.slice(i + 1, close);
      const negated = set.startsWith('!');
      if (negated) set = set.slice(1);
      source += `[${negated ? '^' : ''}${set.replace(/[\\\]^]/g, '\\$&')}]`;
      i = close;
    } else source += char.replace(/[.+^${}()|\\/-]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

export interface EventFilter {
  only: readonly string[] | undefined;
  exclude: readonly string[] | undefined;
}

/** Zulip's check_send_webhook_message: whether a message of this event type is sent. */
export function eventWanted(filter: EventFilter, event: string | undefined): boolean {
  if (event === undefined) return true;
  const matches = (pattern: string) => patternToRegExp(pattern).test(event);
  if (filter.only !== undefined && !filter.only.some(matches)) return false;
  return !(filter.exclude !== undefined && filter.exclude.some(matches));
}
