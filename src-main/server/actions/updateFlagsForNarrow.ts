import { errors } from '../errors';
import { messagesInRange, type MessageRange } from '../queries/messages';
import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { updateMessageFlags } from './updateMessageFlags';

// Zulip bounds one request's transaction to this many messages, shrinking
// the range rather than refusing it.
const MAX_MESSAGES_PER_UPDATE = 5000;

export interface NarrowFlagUpdate extends MessageRange {
  op: string;
  flag: string;
}

/** What POST /messages/flags/narrow answers, Zulip's fields. */
// A type, not an interface: it is the endpoint's result as it is.
export type NarrowFlagOutcome = {
  processed_count: number;
  updated_count: number;
  first_processed_id: number | null;
  last_processed_id: number | null;
  found_oldest: boolean;
  found_newest: boolean;
  ignored_because_not_subscribed_channels: number[];
};

/**
 * Zulip's update_message_flags_for_narrow: the messages GET /messages would
 * return for the same anchor, range and narrow get the flag change of
 * POST /messages/flags, so that a client marks a whole conversation read in
 * batches, continuing from `last_processed_id` until `found_newest`.
 */
export function updateFlagsForNarrow(
  services: Services,
  user: UserRow,
  update: NarrowFlagUpdate,
): NarrowFlagOutcome {
  if (update.numBefore > 0 && update.numAfter > 0 && !update.includeAnchor) {
    throw errors.badRequest('The anchor can only be excluded at an end of the range');
  }
  const numBefore = Math.min(
    update.numBefore,
    Math.max(MAX_MESSAGES_PER_UPDATE - update.numAfter, 0),
  );
  const numAfter = Math.min(update.numAfter, MAX_MESSAGES_PER_UPDATE - numBefore);
  const { window } = messagesInRange(services, user, { ...update, numBefore, numAfter });
  const ids = window.rows.map((row) => row.id);
  const { changed, notSubscribedStreams } = updateMessageFlags(services, user, {
    messageIds: ids,
    op: update.op,
    flag: update.flag,
  });
  return {
    processed_count: ids.length,
    updated_count: changed.length,
    first_processed_id: ids[0] ?? null,
    last_processed_id: ids.at(-1) ?? null,
    found_oldest: window.found_oldest,
    found_newest: window.found_newest,
    ignored_because_not_subscribed_channels: notSubscribedStreams,
  };
}
