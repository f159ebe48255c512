import type Database from 'better-sqlite3';
import type { LoadResult } from './load';
import { openLikeHost, rawSend, streamTarget, type RawSend } from './rawStore';

/**
 * The send transaction alone, in this process, on the database the servers
 * use: the ceiling of what any server can make of the storage.
 */
export class RawSender {
  private readonly db: Database.Database;
  private readonly send: RawSend;
  private readonly senders: readonly number[];
  private n = 0;

  constructor(
    databasePath: string,
    streamName: string,
    private readonly contents: readonly string[],
  ) {
    this.db = openLikeHost(databasePath);
    const target = streamTarget(this.db, streamName);
    this.send = rawSend(this.db, target);
    this.senders = target.subscriberIds;
  }

  /** Back to back for `seconds`. */
  closedLoop(seconds: number): LoadResult {
    const latencies: number[] = [];
    const started = performance.now();
    const deadline = started + seconds * 1000;
    while (performance.now() < deadline) {
      const sent = performance.now();
      this.sendNext();
      latencies.push(performance.now() - sent);
    }
    return resultOf(latencies, (performance.now() - started) / 1000);
  }

  /** On the open-loop schedule, each latency counted from when the send was due. */
  async scheduled(perSecond: number, seconds: number): Promise<LoadResult> {
    const latencies: number[] = [];
    const started = performance.now();
    for (let n = 0; n < perSecond * seconds; n++) {
      const due = started + (n * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.sendNext();
      latencies.push(performance.now() - due);
    }
    return resultOf(latencies, (performance.now() - started) / 1000);
  }

  close(): void {
    this.db.close();
  }

  // Subscribers take turns, as the clients do.
  private sendNext(): void {
    const n = this.n++;
    const { senders, contents } = this;
    this.send(senders[n % senders.length] ?? 1, 'bench raw', contents[n % contents.length] ?? '');
  }
}

function resultOf(latencies: number[], seconds: number): LoadResult {
  return {
    requests: latencies.length,
    seconds,
    rate: latencies.length / seconds,
    latencies,
  };
}
