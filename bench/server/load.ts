import type { HttpConnection, HttpRequest, HttpResponse } from './httpConnection';

/** A connection and the request it sends n-th. */
export interface LoadClient {
  connection: HttpConnection;
  request(n: number): HttpRequest;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Completed requests per second. */
  rate: number;
  /** Milliseconds per request. */
  latencies: number[];
  failures: number;
  firstFailure: string | undefined;
}

class Recorder {
  readonly latencies: number[] = [];
  failures = 0;
  firstFailure: string | undefined;

  record(response: HttpResponse, milliseconds: number): void {
    this.latencies.push(milliseconds);
    if (response.status === 200) return;
    this.failures += 1;
    this.firstFailure ??= `${response.status} ${response.body.slice(0, 200)}`;
  }

  result(seconds: number): LoadResult {
    return {
      requests: this.latencies.length,
      seconds,
      rate: this.latencies.length / seconds,
      latencies: this.latencies,
      failures: this.failures,
      firstFailure: this.firstFailure,
    };
  }
}

/** Every client sends its next request as soon as the last is answered, for `seconds`. */
export async function closedLoop(
  clients: readonly LoadClient[],
  seconds: number,
): Promise<LoadResult> {
  const recorder = new Recorder();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let n = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const response = await client.connection.request(client.request(n++));
        recorder.record(response, performance.now() - sent);
      }
    }),
  );
  return recorder.result((performance.now() - started) / 1000);
}

/**
 * Requests on a fixed schedule, `perSecond` of them, whatever the server does;
 * each latency counts from when its request was due, so a slow answer that
 * delays the next ones is charged to them too.
 */
export function openLoop(
  clients: readonly LoadClient[],
  perSecond: number,
  seconds: number,
): Promise<LoadResult> {
  const recorder = new Recorder();
  const total = Math.round(perSecond * seconds);
  const interval = 1000 / perSecond;
  const idle = [...clients];
  const backlog: { due: number; n: number }[] = [];
  const started = performance.now();
  let issued = 0;
  let answered = 0;
  return new Promise((resolve, reject) => {
    const send = (client: LoadClient, due: number, n: number) => {
      client.connection.request(client.request(n)).then((response) => {
        recorder.record(response, performance.now() - due);
        answered += 1;
        if (answered === total) {
          resolve(recorder.result((performance.now() - started) / 1000));
          return;
        }
        const next = backlog.shift();
        if (next) send(client, next.due, next.n);
        else idle.push(client);
      }, reject);
    };
    const tick = () => {
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
