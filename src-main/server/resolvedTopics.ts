// Zulip's RESOLVED_TOPIC_PREFIX: a topic whose name starts with it is resolved.
export const RESOLVED_TOPIC_PREFIX = '✔ ';

/** Whether renaming topic `from` to `to` only marks it resolved or unresolved. */
export const isResolveToggle = (from: string, to: string): boolean =>
  to === RESOLVED_TOPIC_PREFIX + from || from === RESOLVED_TOPIC_PREFIX + to;
