import type { Context } from './context';
import { ZulipError, badRequest } from './errors';
import type { StoredMessage } from './org';

// Zulip allows a few seconds past a limit, for the time a request takes.
const editLimitBuffer = 20;

function limitOf(context: Context, name: string): number | null {
  const value = context.org.realm[`realm_${name}`];
  return typeof value === 'number' ? value : null;
}

/**
 * Refuses a move by someone below moderator past the realm's time limits
 * (Zulip 7.0, feature level 162): the message's own age first, then, for
 * change_later and change_all, how many of the moved messages are too old
 * (MOVE_MESSAGES_TIME_LIMIT_EXCEEDED, feature level 172).
 */
export function checkMoveTimeLimits(
  context: Context,
  message: StoredMessage,
  moved: readonly StoredMessage[],
  change: { topic: boolean; channel: boolean },
): void {
  const channelLimit = change.channel
    ? limitOf(context, 'move_messages_between_streams_limit_seconds')
    : null;
  const topicLimit = change.topic
    ? limitOf(context, 'move_messages_within_stream_limit_seconds')
    : null;
  const past = (each: StoredMessage, limit: number | null) =>
    limit !== null && context.now() - each.timestamp > limit + editLimitBuffer;
  if (past(message, channelLimit)) {
    throw badRequest("The time limit for editing this message's channel has passed");
  }
  if (past(message, topicLimit)) {
    throw badRequest("The time limit for editing this message's topic has passed.");
  }
  const tooOld = (each: StoredMessage) => past(each, channelLimit) || past(each, topicLimit);
  const allowed = moved.filter((each) => !tooOld(each));
  if (allowed.length < moved.length) {
    throw new ZulipError(
      400,
      'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      `You only have permission to move the ${allowed.length}/${moved.length} most recent messages in this topic.`,
      {
        first_message_id_allowed_to_move: allowed[0]?.id ?? null,
        total_messages_allowed_to_move: allowed.length,
        total_messages_in_topic: moved.length,
      },
    );
  }
}
