import type { Narrow, Snapshot } from '../../../src-preload/bridge';

/** The archived channel (Zulip 10) the narrow reads, if it reads one: it takes no messages. */
export function archivedChannelOf(
  narrow: Narrow | null,
  snapshot: Snapshot | null,
): Snapshot['archivedChannels'][number] | null {
  if (narrow?.kind !== 'stream') return null;
  return snapshot?.archivedChannels.find((channel) => channel.streamId === narrow.streamId) ?? null;
}
