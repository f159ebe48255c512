import { messagesIn, PAGE_SIZE } from './clients';
import { HttpConnection } from './httpConnection';
import type { NarrowCase, NarrowKind } from './narrowTargets';
import { median, summarize, type LatencySummary } from './percentiles';
import { requireAccepted, requireAll } from './workload';

export interface ReadResult {
  /** p50 over every read; p99 the median of the rounds' p99s (see `readRounds`). */
  latency: LatencySummary;
  /** Messages in each answer: every one held as many as it asked for. */
  perPage: number;
}

const WARM_UP_ROUNDS = 2;

/**
 * One request at a time, cycling through the cases, so each latency is the
 * server's alone; `figure` names them if an answer is refused or short.
 */
export async function readLatencies(
  url: string,
  cases: readonly NarrowCase[],
  requests: number,
  figure: string,
): Promise<number[]> {
  const connections = new Map<number, HttpConnection>();
  for (const { viewer } of cases) {
    if (!connections.has(viewer.id)) {
      connections.set(viewer.id, await HttpConnection.open(url, viewer.authorization));
    }
  }
  const fetchCase = async (index: number) => {
    const narrowCase = cases[index % cases.length];
    const connection = narrowCase && connections.get(narrowCase.viewer.id);
    if (!narrowCase || !connection) throw new Error('no narrow cases');
    const started = performance.now();
    const response = await connection.request(messagesIn(narrowCase.narrow));
    return { response, milliseconds: performance.now() - started };
  };
  for (let i = 0; i < cases.length * WARM_UP_ROUNDS; i++) await fetchCase(i);

  const latencies: number[] = [];
  for (let i = 0; i < requests; i++) {
    const { response, milliseconds } = await fetchCase(i);
    latencies.push(milliseconds);
    requireAccepted(figure, 'GET /messages', response);
    const { messages } = JSON.parse(response.body) as { messages: unknown[] };
    requireAll(figure, `messages in answer ${i + 1}`, messages.length, PAGE_SIZE);
  }
  for (const connection of connections.values()) connection.close();
  return latencies;
}

export interface ReadPlan {
  url: string;
  cases: Record<NarrowKind, NarrowCase[]>;
  rounds: number;
  /** Timed reads of each narrow kind in each round. */
  requestsPerRound: number;
  figureOf: (kind: NarrowKind) => string;
  /** Wraps each kind's reads in a round, for the profile's phases. */
  phase: <T>(name: string, work: () => Promise<T>) => Promise<T>;
}

/**
 * Every narrow kind's reads, one kind after another, round after round. A p99
 * of 400 reads is their fourth slowest, which one burst of other work on the
 * machine decides; taken round by round, with the kinds in turn, such a burst
 * moves one round's p99 of one kind, and the median of the rounds' p99s is
 * the p99 of the typical round.
 */
export async function readRounds(plan: ReadPlan): Promise<Record<NarrowKind, ReadResult>> {
  const kinds = Object.keys(plan.cases) as NarrowKind[];
  const rounds = new Map<NarrowKind, number[][]>(kinds.map((kind) => [kind, []]));
  for (let round = 0; round < plan.rounds; round++) {
    for (const kind of kinds) {
      const figure = plan.figureOf(kind);
      const latencies = await plan.phase(figure, () =>
        readLatencies(plan.url, plan.cases[kind], plan.requestsPerRound, figure),
      );
      rounds.get(kind)?.push(latencies);
    }
  }
  const results = {} as Record<NarrowKind, ReadResult>;
  for (const [kind, latencies] of rounds) {
    const all = summarize(latencies.flat());
    const p99 = median(latencies.map((round) => summarize(round).p99));
    results[kind] = { latency: { ...all, p99 }, perPage: PAGE_SIZE };
  }
  return results;
}
