import { bareStreamMessage, closeClients, openClients, streamMessage } from './clients';
import type { Credentials } from './credentials';
import { MessageQueues } from './eventQueues';
import { closedLoop, openLoop, type LoadResult } from './load';
import { RawSender } from './rawSender';
import { alternate } from './rounds';

export interface SendResults {
  /** (a): every client sending back to back, each subscriber with a message event queue. */
  withEvents: LoadResult;
  /** The same with no event queue registered, to tell what events cost. */
  withoutEvents: LoadResult;
  /** Ceiling: bare node:http running the same transaction, same clients. */
  bare: LoadResult;
  /** Ceiling: the transaction alone, back to back. */
  raw: LoadResult;
  /** (ii): the open-loop steady schedule, event queues registered. */
  steady: LoadResult;
  /** The transaction alone on the same schedule. */
  rawSteady: LoadResult;
  /** Message events the clients' queues received, and how many the sends imply. */
  delivered: number;
  expectedDeliveries: number;
}

export interface SendPlan {
  hostUrl: string;
  bareUrl: string;
  databasePath: string;
  stream: string;
  /** The stream's subscribers, one client each. */
  senders: readonly Credentials[];
  contents: readonly string[];
  rounds: number;
  roundSeconds: number;
  steadyPerSecond: number;
  steadySeconds: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Alternating rounds of the host's sends and the ceilings', then the steady
 * schedule on the host and on the bare transaction.
 */
export async function measureSends(plan: SendPlan): Promise<SendResults> {
  const { senders } = plan;
  const host = await openClients(plan.hostUrl, senders, streamMessage(plan.stream, plan.contents));
  const bare = await openClients(
    plan.bareUrl,
    senders,
    bareStreamMessage(plan.stream, plan.contents),
    false,
  );
  const raw = new RawSender(plan.databasePath, plan.stream, plan.contents);
  let delivered = 0;
  let expectedDeliveries = 0;
  const withQueues = async (work: () => Promise<LoadResult>) => {
    const queues = await MessageQueues.register(plan.hostUrl, senders);
    queues.startReading();
    const load = await work();
    await queues.close();
    if (queues.failure) throw new Error(`reading events failed: ${queues.failure}`);
    delivered += queues.delivered;
    expectedDeliveries += (load.requests - load.failures) * senders.length;
    return load;
  };
  try {
    await closedLoop(bare, 1);
    await withQueues(() => closedLoop(host, 2));
    const rounds = await alternate(plan.rounds, {
      bare: () => closedLoop(bare, plan.roundSeconds),
      raw: async () => raw.closedLoop(plan.roundSeconds),
      withoutEvents: () => closedLoop(host, plan.roundSeconds),
      withEvents: () => withQueues(() => closedLoop(host, plan.roundSeconds)),
    });
    // A steady rate follows a quiet moment, not the backlog of the saturated rounds.
    await pause(2000);
    const steady = await withQueues(() => openLoop(host, plan.steadyPerSecond, plan.steadySeconds));
    await pause(2000);
    const rawSteady = await raw.scheduled(plan.steadyPerSecond, plan.steadySeconds);
    return { ...rounds, steady, rawSteady, delivered, expectedDeliveries };
  } finally {
    raw.close();
    closeClients(host);
    closeClients(bare);
  }
}
