import { NetworkError, NotZulipError } from '../api/errors';

export interface SilenceWatchOptions {
  /** How long the server may say nothing before it is asked something. */
  quietMs: number;
  /** When the server last answered, on `now`'s clock. */
  answeredAt: () => number;
  /** A monotonic clock: a wall clock set back by hours would hold the question off for those hours. */
  now: () => number;
  /**
   * Asks the server something cheap; resolves or fails as its answer does,
   * within its own time limit, or once `signal` aborts (the watch stopped).
   */
  probe: (signal: AbortSignal) => Promise<unknown>;
  /** The server answered the probe. */
  onAnswer: () => void;
  /** The probe got no answer at all: refused, reset, or timed out. */
  onNoAnswer: (error: unknown) => void;
}

/**
 * A long poll waits minutes for an event by design, so its silence says
 * nothing: a server that stopped answering (a laptop asleep, a link that
 * drops packets without closing) looks the same as a quiet one until the
 * poll's own time limit. While the poll waits, this asks the server
 * something cheap whenever it has said nothing for `quietMs`; any answer,
 * even an error of Zulip's, shows it alive. Returns what stops the watch.
 */
export function watchSilence(options: SilenceWatchOptions): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const asking = new AbortController();
  const schedule = () => {
    if (stopped) return;
    const due = options.answeredAt() + options.quietMs - options.now();
    timer = setTimeout(() => void look(), Math.max(0, due));
  };
  const look = async () => {
    if (options.now() - options.answeredAt() < options.quietMs) {
      schedule();
      return;
    }
    const failure = await options.probe(asking.signal).then(
      () => null,
      (error: unknown) => (answeredAnyway(error) ? null : { error }),
    );
    if (stopped) return;
    if (failure) {
      options.onNoAnswer(failure.error);
      return;
    }
    options.onAnswer();
    schedule();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    asking.abort();
  };
}

/** An error the server sent, rather than the network's failure to reach it. */
const answeredAnyway = (error: unknown): boolean =>
  error instanceof NotZulipError || !(error instanceof NetworkError);

/**
 * Whether a request failed for want of any answer within its time limit,
 * rather than being refused: the server is there, or was, and is silent.
 */
export function isNoAnswer(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'TimeoutError') return true;
    if ((cause as { code?: unknown }).code === 'ETIMEDOUT') return true;
  }
  return false;
}
