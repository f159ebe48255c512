import type { Destination, OutboxTarget } from '../../../src-preload/bridge';

/** A private conversation's people as a private narrow names them: the others, or the writer alone. */
function partners(userIds: readonly number[], me: number | null): string {
  const others = [...new Set(userIds)].filter((id) => id !== me).sort((a, b) => a - b);
  return (others.length > 0 || me === null ? others : [me]).join(',');
}

/**
 * Whether two addresses are one conversation, as the cache keys drafts:
 * Zulip matches topics without regard to case, and a private conversation
 * is its people whether or not the writer is listed.
 */
export function sameConversation(
  a: Destination | OutboxTarget,
  b: Destination | OutboxTarget,
  me: number | null,
): boolean {
  if (a.kind === 'stream' && b.kind === 'stream') {
    return (
      a.streamId === b.streamId && a.topic.trim().toLowerCase() === b.topic.trim().toLowerCase()
    );
  }
  if (a.kind === 'private' && b.kind === 'private') {
    return partners(a.userIds, me) === partners(b.userIds, me);
  }
  return false;
}
