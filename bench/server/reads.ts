import { messagesIn, PAGE_SIZE } from './clients';
import { HttpConnection } from './httpConnection';
import type { NarrowCase } from './narrowTargets';
import { summarize, type LatencySummary } from './percentiles';
import { requireAccepted, requireAll } from './workload';

export interface ReadResult {
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
  for (let i = 0; i < requests; i++) {
    const { response, milliseconds } = await fetchCase(i);
    latencies.push(milliseconds);
    requireAccepted(figure, 'GET /messages', response);
    const { messages } = JSON.parse(response.body) as { messages: unknown[] };
    requireAll(figure, `messages in answer ${i + 1}`, messages.length, PAGE_SIZE);
  }
  for (const connection of connections.values()) connection.close();
  return { latency: summarize(latencies), perPage: PAGE_SIZE };
}
