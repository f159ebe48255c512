import type { Org, TestUser } from '../../test/helpers/org';
import { Prng } from '../server/prng';
import { acknowledgedId, requireAll } from '../server/workload';
import { benchContent } from './uiMessages';

// Requests in flight while seeding: the host is quicker with a few at once.
const parallel = 8;

/**
 * Sends `count` messages to one stream's topic through the real API, from
 * the given senders in turn, and returns once all are stored; a send the
 * host does not acknowledge stops the bench, naming the figures (`figure`)
 * the narrow is for.
 */
export async function seedNarrow(
  org: Org,
  senders: readonly TestUser[],
  stream: string,
  count: number,
  seed: number,
  figure: string,
): Promise<void> {
  const prng = new Prng(seed);
  const contents = Array.from({ length: count }, (_, index) => benchContent(prng, index + 1));
  let next = 0;
  let acknowledged = 0;
  const worker = async (): Promise<void> => {
    while (next < contents.length) {
      const index = next++;
      const sender = senders[index % senders.length];
      if (!sender) return;
      const answer = await org.api(sender)('POST', '/messages', {
        type: 'stream',
        to: stream,
        topic: 'bench',
        content: contents[index] ?? '',
      });
      acknowledgedId(figure, { status: answer.status, body: JSON.stringify(answer.json) });
      acknowledged += 1;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  requireAll(figure, `messages acknowledged in #${stream}`, acknowledged, count);
}
