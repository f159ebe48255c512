import type { LoadResult } from './load';
import { median, summarize } from './percentiles';

export function mergeLoads(loads: readonly LoadResult[]): LoadResult {
  const requests = loads.reduce((sum, load) => sum + load.requests, 0);
  const seconds = loads.reduce((sum, load) => sum + load.seconds, 0);
  return {
    requests,
    seconds,
    rate: requests / seconds,
    latencies: loads.flatMap((load) => load.latencies),
    rounds: loads,
  };
}

/**
 * Runs each contender in turn, round after round, and merges each one's
 * rounds: a figure and its ceiling then share whatever else the machine was
 * doing, instead of each meeting a different moment of it. Each round starts
 * one contender further on, so that none always follows the same one: a
 * server just relieved of a round's load still collects its garbage through
 * the first seconds of the next, on a core the next one needs.
 */
export async function alternate<K extends string>(
  rounds: number,
  contenders: Readonly<Record<K, () => Promise<LoadResult>>>,
): Promise<Record<K, LoadResult>> {
  const names = Object.keys(contenders) as K[];
  const results = new Map<K, LoadResult[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(round + turn) % names.length] as K;
      results.get(name)?.push(await contenders[name]());
    }
  }
  return Object.fromEntries(
    names.map((name) => [name, mergeLoads(results.get(name) ?? [])]),
  ) as Record<K, LoadResult>;
}

// The machine the benches run on has two cores and other work besides: a
// burst of that work lands in one round and moves its figures by a third or
// more (a rate ratio of 0.72 in one run, 1.16 in the next, for the same
// code). The median of the rounds' own figures is the figure of the typical
// round, which one such burst does not move; the merged one it does.

/** `figure`'s rate over `ceiling`'s, as the median of the ratios within each alternating round. */
export function roundRatio(figure: LoadResult, ceiling: LoadResult): number {
  const ceilings = ceiling.rounds ?? [ceiling];
  const figures = figure.rounds ?? [figure];
  if (figures.length !== ceilings.length) return figure.rate / ceiling.rate;
  return median(figures.map((round, index) => round.rate / (ceilings[index]?.rate ?? NaN)));
}

/** The median of the rounds' p99 latencies, in milliseconds. */
export function roundP99(load: LoadResult): number {
  return median((load.rounds ?? [load]).map((round) => summarize(round.latencies).p99));
}
