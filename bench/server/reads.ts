import { messagesIn } from './clients';
import { HttpConnection } from './httpConnection';
import type { NarrowCase } from './narrowTargets';
import { summarize, type LatencySummary } from './percentiles';

export interface ReadResult {
  latency: LatencySummary;
  /** Messages per answer, on average: 100 when every narrow had enough. */
  averageReturned: number;
  failures: number;
}

const WARM_UP_ROUNDS = 2;

/** One request at a time, cycling through the cases, so each latency is the server's alone. */
export async function readLatencies(
  url: string,
  cases: readonly NarrowCase[],
  requests: number,
): Promise<ReadResult> {
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
  let returned = 0;
  let failures = 0;
  for (let i = 0; i < requests; i++) {
    const { response, milliseconds } = await fetchCase(i);
    latencies.push(milliseconds);
    if (response.status !== 200) {
      failures += 1;
      continue;
    }
    returned += (JSON.parse(response.body) as { messages: unknown[] }).messages.length;
  }
  for (const connection of connections.values()) connection.close();
  return { latency: summarize(latencies), averageReturned: returned / requests, failures };
}
