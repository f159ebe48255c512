import { takeDownReadPushes } from './pushRemovals';
import type { UpdateMessageFlagsEvent } from '../../wire';
import { cached } from '../cached';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { canAccessStreamHistory } from '../narrow/history';
import type { Services } from '../services';
import { unreadMessageDetails } from '../shape/unreadMessageDetails';
import { Flag } from '../store/flags';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { streamById } from '../store/streams';
import {
  insertUserMessages,
  messagesForViewer,
  updateFlagBit,
  type ViewerMessageRow,
} from '../store/userMessages';
import type { UserRow } from '../store/users';

// Zulip's UserMessage flags as the API names them: clients may change the
// first three; the rest are bookkeeping set when a message arrives, or relics
// of removed features. `wildcard_mentioned` is no flag since feature level
// 224, only a name messages carry.
const editableFlags = { read: Flag.read, starred: Flag.starred, collapsed: Flag.collapsed };
const nonEditableFlags: ReadonlySet<string> = new Set([
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'summarize_in_stream',
  'force_expand',
  'force_collapse',
  'has_alert_word',
  'historical',
]);

// What a reader without a row sees: Zulip simulates `read` and `historical`.
const HISTORICAL_FLAGS = Flag.read | Flag.historical;

export interface FlagUpdate {
  messageIds: readonly number[];
  op: string;
  flag: string;
}

type FlagName = keyof typeof editableFlags;

function checkFlag(flag: string): FlagName {
  if (Object.hasOwn(editableFlags, flag)) return flag as FlagName;
  if (nonEditableFlags.has(flag)) throw errors.badRequest(`Flag not editable: '${flag}'`);
  throw errors.badRequest(`Invalid flag: '${flag}'`);
}

function checkOp(op: string): 'add' | 'remove' {
  if (op === 'add' || op === 'remove') return op;
  throw errors.badRequest(`Invalid message flag operation: '${op}'`);
}

// Zulip keeps stream messages unread only in streams the user is subscribed
// to, so marking others unread passes over them.
const mayBeUnread = (row: ViewerMessageRow) =>
  row.recipient_type !== RecipientType.stream || row.subscribed === 1;

// Zulip's has_message_access for a message the user never received: only a
// stream message, in a stream whose history the user may read.
function readableWithoutRow(sql: Sql, user: UserRow) {
  const streams = new Map<number, boolean>();
  return (row: ViewerMessageRow | undefined): boolean => {
    if (!row || row.recipient_type !== RecipientType.stream) return false;
    return cached(streams, row.recipient_type_id, (id) => {
      const stream = streamById(sql, id);
      return stream !== undefined && canAccessStreamHistory(sql, user, stream);
    });
  };
}

export interface FlagOutcome {
  /** The messages whose flag changed. */
  changed: number[];
  /** Streams the user is not subscribed to whose messages stayed read, by ID. */
  notSubscribedStreams: number[];
}

/**
 * Zulip's do_update_message_flags: sets or clears one flag on the user's
 * messages. A readable message the user has no row for gets a `historical`
 * row when the change matters (such as starring a public stream's message);
 * any other message without a row makes the whole request fail.
 */
export function updateMessageFlags(
  services: Services,
  user: UserRow,
  update: FlagUpdate,
): FlagOutcome {
  const { sql } = services;
  const flag = checkFlag(update.flag);
  const op = checkOp(update.op);
  const bit = editableFlags[flag];
  const target = op === 'add' ? bit : 0;
  const markingUnread = flag === 'read' && op === 'remove';
  const requested = [...new Set(update.messageIds)];

  const { changed, notSubscribedStreams } = sql.transaction(() => {
    const found = new Map(messagesForViewer(sql, user.id, requested).map((row) => [row.id, row]));
    const notSubscribed = new Set<number>();
    const changing = requested.filter((id) => {
      const row = found.get(id);
      if (markingUnread && row && !mayBeUnread(row)) {
        notSubscribed.add(row.recipient_type_id);
        return false;
      }
      return ((row?.flags ?? HISTORICAL_FLAGS) & bit) !== target;
    });
    const withoutRow = new Set(changing.filter((id) => (found.get(id)?.flags ?? null) === null));
    const readable = readableWithoutRow(sql, user);
    if (![...withoutRow].every((id) => readable(found.get(id)))) {
      throw errors.badRequest('Invalid message(s)');
    }
    const historical = (HISTORICAL_FLAGS & ~bit) | target;
    for (const id of withoutRow) {
      insertUserMessages(sql, id, new Map([[user.id, historical]]));
    }
    const withRow = changing.filter((id) => !withoutRow.has(id));
    updateFlagBit(sql, user.id, withRow, bit, op === 'add');
    return { changed: changing, notSubscribedStreams: [...notSubscribed].sort((a, b) => a - b) };
  });

  const event: Omit<UpdateMessageFlagsEvent, 'id' | 'type'> = {
    op,
    operation: op,
    flag,
    messages: changed,
    all: false,
  };
  if (markingUnread) {
    event.message_details = unreadMessageDetails(
      sql,
      user.id,
      messagesForViewer(sql, user.id, changed),
    );
  }
  services.queues.notify(plainNotice('update_message_flags', event), [user.id]);
  if (flag === 'read' && op === 'add') takeDownReadPushes(services, user.id, changed);
  return { changed, notSubscribedStreams };
}
