import { setTimeout as pause } from 'node:timers/promises';
import { bareStreamMessage, closeClients, openClients, streamMessage } from './clients';
import type { Credentials } from './credentials';
import { MessageQueues } from './eventQueues';
import { closedLoop, openLoop, type LoadResult } from './load';
import { RawSender } from './rawSender';
import { alternate, mergeLoads } from './rounds';
import { transportOf } from './transport';
import { requireAll } from './workload';

export interface SendResults {
  /** (a): every client sending back to back, each subscriber with a message event queue. */
  withEvents: LoadResult;
  /** The same with no event queue registered, to tell what events cost. */
  withoutEvents: LoadResult;
  /** Ceiling: bare node:http running the same transaction, same clients. */
  bare: LoadResult;
  /** Ceiling: the transaction alone, back to back. */
  raw: LoadResult;
  /** (ii): the open-loop steady schedule, event queues registered, once a round. */
  steady: LoadResult;
  /** The transaction alone on the same schedule, once a round. */
  rawSteady: LoadResult;
  /** Message events the clients' queues received, every one the accepted sends imply. */
  delivered: number;
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

/**
 * Alternating rounds of the host's sends and the ceilings', then rounds of
 * the steady schedule on the host and on the bare transaction.
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
  const { prefix, bare: bareName } = transportOf(plan.hostUrl);
  const clients = `${senders.length} clients, ${senders.length} subscribers`;
  const figures = {
    withEvents: `${prefix}(a) POST /messages throughput, ${clients}`,
    withoutEvents: `${prefix}(a) the same with no event queues registered`,
    bare: `${prefix}(c) ceiling: ${bareName} + send transaction`,
    steady: `${prefix}(ii) POST /messages at a steady ${plan.steadyPerSecond}/s`,
  };
  let delivered = 0;
  // Each accepted send is one message event in the queue of each subscriber.
  const withQueues = async (figure: string, work: () => Promise<LoadResult>) => {
    const queues = await MessageQueues.register(plan.hostUrl, senders);
    queues.startReading();
    const load = await work();
    await queues.close();
    if (queues.failure) throw new Error(`reading events failed: ${queues.failure}`);
    const what = "message events delivered to the clients' queues";
    requireAll(figure, what, queues.delivered, load.requests * senders.length);
    delivered += queues.delivered;
    return load;
  };
  try {
    await closedLoop(bare, 1, figures.bare);
    await withQueues(figures.withEvents, () => closedLoop(host, 2, figures.withEvents));
    const rounds = await alternate(plan.rounds, {
      bare: () => closedLoop(bare, plan.roundSeconds, figures.bare),
      raw: async () => raw.closedLoop(plan.roundSeconds),
      withoutEvents: () => closedLoop(host, plan.roundSeconds, figures.withoutEvents),
      withEvents: () =>
        withQueues(figures.withEvents, () =>
          closedLoop(host, plan.roundSeconds, figures.withEvents),
        ),
    });
    // The steady schedule runs once a round too, so that its p99 can be the
    // median of the rounds' (see roundP99). Each follows a quiet moment, not
    // the backlog of the saturated rounds or of the round before.
    const steady: LoadResult[] = [];
    const rawSteady: LoadResult[] = [];
    for (let round = 0; round < plan.rounds; round++) {
      await pause(2000);
      steady.push(
        await withQueues(figures.steady, () =>
          openLoop(host, plan.steadyPerSecond, plan.steadySeconds, figures.steady),
        ),
      );
      await pause(2000);
      rawSteady.push(await raw.scheduled(plan.steadyPerSecond, plan.steadySeconds));
    }
    return {
      ...rounds,
      steady: mergeLoads(steady),
      rawSteady: mergeLoads(rawSteady),
      delivered,
    };
  } finally {
    raw.close();
    closeClients(host);
    closeClients(bare);
  }
}
