import type { Org, TestUser } from '../../test/helpers/org';
import { Prng } from '../server/prng';
import { benchContent } from './uiMessages';

// Requests in flight while seeding: the host is quicker with a few at once.
const parallel = 8;

/**
 * Sends `count` messages to one stream's topic through the real API, from
 * the given senders in turn, and returns once all are stored.
 */
export async function seedNarrow(
  org: Org,
  senders: readonly TestUser[],
  stream: string,
  count: number,
  seed: number,
): Promise<void> {
  const prng = new Prng(seed);
  const contents = Array.from({ length: count }, (_, index) => benchContent(prng, index + 1));
  let next = 0;
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
      if (answer.status !== 200) throw new Error(`seeding failed: ${JSON.stringify(answer.json)}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
