import type { Draft } from '../../../src-preload/bridge';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import { partnersOf, userNames } from './conversationsView';
import { dmKey } from '../cache/narrow';

/** The drafts as the Drafts view lists them, the last edited first, each named as the window names its conversation. */
export function draftRows(cache: Cache): Draft[] {
  const me = cache.ownUserId;
  const nameOf = userNames(cache);
  return cache.drafts.list().map(({ id, conversation, destination, content, updatedAt }): Draft => {
    if (destination.kind === 'stream') {
      const { streamId, topic } = destination;
      // A stream left since keeps its drafts; only its name may be unknown now.
      const stream = cache.subscription(streamId)?.name ?? mt('main.drafts.unknownChannel');
      return {
        id,
        conversation,
        to: { kind: 'stream', streamId, stream, topic },
        narrow: { kind: 'stream', streamId, topic },
        content,
        updatedAt,
      };
    }
    const userIds = partnersOf(dmKey(destination.userIds), me);
    return {
      id,
      conversation,
      to: {
        kind: 'private',
        userIds,
        names: userIds.map(nameOf),
      },
      narrow: { kind: 'private', userIds },
      content,
      updatedAt,
    };
  });
}
