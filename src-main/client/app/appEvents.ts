import type { AppState, Narrow, TypingConversation } from '../../../src-preload/bridge';
import type { Message } from '../../wire';

export interface HearthAppEvents {
  appState: AppState;
  /** The active account's sidebar changed. */
  snapshot: undefined;
  feed: { accountId: string; upserted: Message[]; deleted: number[] };
  outbox: { accountId: string };
  typing: { accountId: string; conversations: TypingConversation[] };
  /** The window should show this conversation: a notification was clicked. */
  navigate: { accountId: string; narrow: Narrow };
  /** The active account's drafts changed. */
  drafts: { accountId: string };
  /** This computer's host changed its status or logged a line. */
  hosting: undefined;
  /** An invitation link was opened: the window offers to join by it. */
  invitation: { link: string };
  /** A file the window is uploading went further. */
  uploadProgress: { accountId: string; uploadId: string; sent: number; total: number };
}
