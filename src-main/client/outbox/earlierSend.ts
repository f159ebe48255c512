import type { Api } from '../api';
import type { OutboxEntry } from '../cache/outbox';

// How far back an earlier attempt's copy is looked for, and how much the
// server's clock may differ from ours.
const recentCount = 50;
const clockSlackMs = 5 * 60_000;

/**
 * The ID of the message an earlier, unconfirmed attempt of this entry became,
 * if the server has it: the user's own message in the same conversation, with
 * the same text, sent after the entry was written and newer than any message
 * the cache held then (the same words sent a minute before are another
 * message). Null when there is none, so the entry is sent.
 */
export async function findEarlierSend(
  api: Api,
  ownEmail: string,
  entry: OutboxEntry,
): Promise<number | null> {
  const { destination } = entry;
  const conversation =
    destination.type === 'stream'
      ? [
          { operator: 'stream', operand: destination.streamId },
          { operator: 'topic', operand: destination.topic },
        ]
      : [{ operator: 'pm-with', operand: destination.userIds }];
  const page = await api.getMessages({
    anchor: 'newest',
    numBefore: recentCount,
    numAfter: 0,
    narrow: [...conversation, { operator: 'sender', operand: ownEmail }],
    applyMarkdown: false,
  });
  const since = entry.createdAt - clockSlackMs;
  const known = entry.knownNewest ?? -1;
  const match = page.messages.find(
    (message) =>
      message.content === entry.content && message.timestamp * 1000 >= since && message.id > known,
  );
  return match?.id ?? null;
}
