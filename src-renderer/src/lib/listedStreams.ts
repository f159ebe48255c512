import type { BrowsedStream } from '../../../src-preload/bridge';

/** Which channels the browser lists, as Zulip's does since archived channels stay (Zulip 10). */
export type ChannelStatus = 'active' | 'archived' | 'all';

const byName = (a: BrowsedStream, b: BrowsedStream) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** The channels the browser lists under Zulip's filter: the active ones, the archived ones, or all by name. */
export function listedStreams(
  active: readonly BrowsedStream[],
  archived: readonly BrowsedStream[],
  status: ChannelStatus,
): readonly BrowsedStream[] {
  switch (status) {
    case 'active':
      return active;
    case 'archived':
      return archived;
    case 'all':
      return [...active, ...archived].sort(byName);
  }
}
