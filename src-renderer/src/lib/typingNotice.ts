import type { Narrow, TypingConversation } from '../../../src-preload/bridge';
import { t } from './i18n.svelte';

/**
 * The typing notice for a narrow, as Zulip words it; null when nobody there
 * is typing. `nameOf` names each typist as the window does (a muted person is
 * "Muted user").
 */
export function typingNotice(
  conversations: readonly TypingConversation[],
  narrow: Narrow | null,
  nameOf: (userId: number, name: string) => string,
): string | null {
  // Someone typing in two topics of a channel shown is named once.
  const typists = new Map(
    conversations
      .filter((conversation) => shows(narrow, conversation.narrow))
      .flatMap((conversation) => conversation.typists)
      .map((typist) => [typist.userId, nameOf(typist.userId, typist.name)]),
  );
  const [first, second, ...more] = [...typists.values()];
  if (first === undefined) return null;
  if (second === undefined) return t('window.typing.one', { name: first });
  if (more.length === 0) return t('window.typing.two', { first, second });
  return t('window.typing.several');
}

// A stream's feed shows who types in any of its topics; a topic or private
// conversation shows its own typists.
function shows(narrow: Narrow | null, typing: Narrow): boolean {
  if (narrow?.kind === 'stream' && typing.kind === 'stream') {
    return (
      narrow.streamId === typing.streamId &&
      (narrow.topic === undefined ||
        narrow.topic.toLowerCase() === (typing.topic ?? '').toLowerCase())
    );
  }
  if (narrow?.kind === 'private' && typing.kind === 'private') {
    const ids = new Set(narrow.userIds);
    return typing.userIds.length === ids.size && typing.userIds.every((id) => ids.has(id));
  }
  return false;
}
