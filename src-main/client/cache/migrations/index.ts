import { sql as messages } from './001-messages';
import { sql as sidebar } from './002-sidebar';
import { sql as outbox } from './003-outbox';
import { sql as lastSync } from './004-last-sync';
import { sql as ftsPending } from './005-fts-pending';
import { sql as noSenderIndex } from './006-no-sender-index';
import { sql as unreadMentions } from './007-unread-mentions';
import { sql as drafts } from './008-drafts';
import { sql as serverEmoji } from './009-server-emoji';
import { sql as readReceipts } from './010-read-receipts';
import { sql as serverDrafts } from './011-server-drafts';
import { sql as partialDmIndex } from './012-partial-dm-index';
import { sql as noSenderEmail } from './013-no-sender-email';
import { sql as pendingSpans } from './014-pending-spans';
import { sql as outboxKnownNewest } from './015-outbox-known-newest';
import { sql as registerEvents } from './016-register-events';

// Position n (1-based) brings the cache to `PRAGMA user_version = n`; append,
// never reorder or edit a shipped one.
export const migrations: readonly string[] = [
  messages,
  sidebar,
  outbox,
  lastSync,
  ftsPending,
  noSenderIndex,
  unreadMentions,
  drafts,
  serverEmoji,
  readReceipts,
  serverDrafts,
  partialDmIndex,
  noSenderEmail,
  pendingSpans,
  outboxKnownNewest,
  registerEvents,
];
