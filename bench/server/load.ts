import type { HttpConnection, HttpRequest, HttpResponse } from './httpConnection';
import { describeAnswer, ShortWorkload } from './workload';

/** A connection and the request it sends n-th. */
export interface LoadClient {
  connection: HttpConnection;
  request(n: number): HttpRequest;
}

/** A load every request of which the server accepted. */
export interface LoadResult {
  requests: number;
  seconds: number;
  /** Accepted requests per second. */
  rate: number;
  /** Milliseconds per request. */
  latencies: number[];
  /** The rounds this load merges, when it is the sum of alternating rounds. */
  rounds?: readonly LoadResult[];
}

/**
 * The latencies of a load, and the first refusal, which ends it: a rate
 * counted over refused requests would be the rate of another workload.
 */
class Recorder {
  readonly latencies: number[] = [];
  refusal: string | undefined;

  constructor(private readonly figure: string) {}

  record(request: HttpRequest, response: HttpResponse, milliseconds: number): void {
    if (response.status !== 200) {
      this.refusal ??= `${request.method} ${request.path.split('?')[0] ?? ''} was refused: ${describeAnswer(response)}`;
      return;
    }
    this.latencies.push(milliseconds);
  }

  result(seconds: number): LoadResult {
    if (this.refusal !== undefined) {
      throw new ShortWorkload(
        this.figure,
        `${this.refusal} (after ${this.latencies.length.toLocaleString('en')} accepted)`,
      );
    }
    return {
      requests: this.latencies.length,
      seconds,
      rate: this.latencies.length / seconds,
      latencies: this.latencies,
    };
  }
}

/**
 * Every client sends its next request as soon as the last is answered, for
 * `seconds`, or until the server refuses one: then the load stops, for the
 * figure named `figure`.
 */
export async function closedLoop(
  clients: readonly LoadClient[],
  seconds: number,
  figure: string,
): Promise<LoadResult> {
  const recorder = new Recorder(figure);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let n = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline && recorder.refusal === undefined) {
        const sent = performance.now();
        const request = client.request(n++);
        const response = await client.connection.request(request);
        recorder.record(request, response, performance.now() - sent);
      }
    }),
  );
  return recorder.result((performance.now() - started) / 1000);
}

/**
 * Requests on a fixed schedule, `perSecond` of them, whatever the server does;
 * each latency counts from when its request was due, so a slow answer that
 * delays the next ones is charged to them too. A refusal stops the schedule.
 */
export function openLoop(
  clients: readonly LoadClient[],
  perSecond: number,
  seconds: number,
  figure: string,
): Promise<LoadResult> {
  const recorder = new Recorder(figure);
  const total = Math.round(perSecond * seconds);
  const interval = 1000 / perSecond;
  const idle = [...clients];
  const backlog: { due: number; n: number }[] = [];
  const started = performance.now();
  let issued = 0;
  let answered = 0;
  let inFlight = 0;
  return new Promise((resolve, reject) => {
    const finish = () => {
      try {
        resolve(recorder.result((performance.now() - started) / 1000));
      } catch (error) {
        reject(error as Error);
      }
    };
    const send = (client: LoadClient, due: number, n: number) => {
      const request = client.request(n);
      inFlight += 1;
      client.connection.request(request).then((response) => {
        inFlight -= 1;
        recorder.record(request, response, performance.now() - due);
        answered += 1;
        const stopped = recorder.refusal !== undefined;
        if (answered === total || (stopped && inFlight === 0)) {
          finish();
          return;
        }
        const next = stopped ? undefined : backlog.shift();
        if (next) send(client, next.due, next.n);
        else idle.push(client);
      }, reject);
    };
    const tick = () => {
      if (recorder.refusal !== undefined) return;
      const now = performance.now();
      while (issued < total && started + issued * interval <= now) {
        const due = started + issued * interval;
        const client = idle.shift();
        if (client) send(client, due, issued);
        else backlog.push({ due, n: issued });
        issued += 1;
      }
      if (issued < total)
        setTimeout(tick, Math.max(0, started + issued * interval - performance.now()));
    };
    tick();
  });
}
