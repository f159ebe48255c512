import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openCache } from '../../src-main/client/cache/openCache';
import { sessionEventOptions } from '../../src-main/client/cache/registerState';
import { applyEvent } from '../../src-main/reducer/applyEvent';
import type { InitialState } from '../../src-main/wire/registerState';
import { median } from '../server/percentiles';
import { requireAll, ShortWorkload } from '../server/workload';
import { messageEvent, rawInserts, storedIn } from './eventBurst';
import { registerState, syntheticMessages, type SyntheticOrg } from './syntheticOrg';

export interface PollByPollFigures {
  /** Milliseconds a poll of one message takes the session's state and cache. */
  hearthMs: number;
  /** Milliseconds the raw insert of that message's rows takes, one transaction each. */
  rawMs: number;
  /** The register state's size, in characters of JSON. */
  stateChars: number;
}

/** The synthetic organization's state with `people` in it, as a large organization registers. */
function largeState(org: SyntheticOrg, people: number): InitialState {
  const state = registerState(org);
  const realmUsers = Array.from({ length: people }, (_, index) => {
    const model = org.users[index % org.users.length];
    const userId = index + 1;
    return { ...model, user_id: userId, email: `user${userId}@bench.example` };
  });
  return { ...state, realm_users: realmUsers, max_message_id: 0 } as InitialState;
}

/**
 * `count` messages arriving one poll each, applied as a session applies a
 * poll's answer (the shared reducer on the register state, the cache, and
 * the state kept with the queue's position) with a state of `people`
 * people, against the raw inserts of the same rows one transaction each.
 * The state read back afterwards must hold the last message.
 */
export async function measurePollByPoll(
  org: SyntheticOrg,
  people: number,
  count: number,
  rounds: number,
  figure: string,
): Promise<PollByPollFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-bench-polls-'));
  const hearth: number[] = [];
  const raw: number[] = [];
  const start = largeState(org, people);
  try {
    for (let round = 0; round < rounds; round++) {
      const messages = [...syntheticMessages(org, 200 + round, 1_000_001, count)];
      const hearthFile = join(dir, `hearth-${round}.sqlite3`);
      const { cache } = openCache(hearthFile, { log: () => undefined });
      cache.storeRegister(start, { queueId: 'bench', lastEventId: -1 });
      let state = start;
      const started = performance.now();
      messages.forEach((message, index) => {
        const event = messageEvent(message, index);
        state = applyEvent(state, event, sessionEventOptions);
        cache.applyEvents([event]);
        cache.recordStateEvents(state, [event], { queueId: 'bench', lastEventId: index });
      });
      hearth.push((performance.now() - started) / count);
      const kept = cache.loadRegisterState();
      cache.close();
      const last = messages.at(-1)?.id ?? 0;
      if (kept?.state.max_message_id !== last) {
        throw new ShortWorkload(
          figure,
          `the state read back lacks the last poll's message ${last}`,
        );
      }
      requireAll(figure, 'messages in the cache after the polls', storedIn(hearthFile), count);
      const rawFile = join(dir, `raw-${round}.sqlite3`);
      raw.push(rawInserts(rawFile, messages, true) / count);
      requireAll(figure, 'rows after the raw inserts', storedIn(rawFile), count);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { hearthMs: median(hearth), rawMs: median(raw), stateChars: JSON.stringify(start).length };
}
