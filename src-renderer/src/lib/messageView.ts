import type { Message, Narrow } from '../../../src-preload/bridge';

/** What a message list needs from the window around it: who reads, stream colours, and where clicks go. */
export interface MessageView {
  ownUserId: number;
  /** The reader's colour for a stream; null for one they are not subscribed to. */
  streamColor(streamId: number | undefined): string | null;
  openNarrow(narrow: Narrow): void;
  toggleStar(message: Message): void;
  /** The reader saw this message on screen; null where seeing does not mark messages read. */
  seen: ((messageId: number) => void) | null;
}
