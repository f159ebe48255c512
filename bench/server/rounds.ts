import type { LoadResult } from './load';

export function mergeLoads(loads: readonly LoadResult[]): LoadResult {
  const requests = loads.reduce((sum, load) => sum + load.requests, 0);
  const seconds = loads.reduce((sum, load) => sum + load.seconds, 0);
  return {
    requests,
    seconds,
    rate: requests / seconds,
    latencies: loads.flatMap((load) => load.latencies),
  };
}

/**
 * Runs each contender in turn, round after round, and merges each one's
 * rounds: a figure and its ceiling then share whatever else the machine was
 * doing, instead of each meeting a different moment of it.
 */
export async function alternate<K extends string>(
  rounds: number,
  contenders: Readonly<Record<K, () => Promise<LoadResult>>>,
): Promise<Record<K, LoadResult>> {
  const names = Object.keys(contenders) as K[];
  const results = new Map<K, LoadResult[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) results.get(name)?.push(await contenders[name]());
  }
  return Object.fromEntries(
    names.map((name) => [name, mergeLoads(results.get(name) ?? [])]),
  ) as Record<K, LoadResult>;
}
