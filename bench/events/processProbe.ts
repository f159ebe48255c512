import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface MemorySample {
  rss: number;
  heapUsed: number;
}

export interface LoopSample {
  /**
   * The longest gap between the monitor's 1 ms ticks since the last
   * sample: the longest stall, overstated by less than one tick.
   */
  maxMs: number;
}

/** What a bench child tells about itself; the bench asks over IPC or HTTP. */
export interface ProcessProbe {
  /** Memory after full collections (the process runs with --expose-gc). */
  memory(): Promise<MemorySample>;
  /** The event loop since the last sample. */
  loop(): LoopSample;
}

const RELEASE_MS = 1000;

/** Starts watching this process's event loop. */
export function startProcessProbe(): ProcessProbe {
  // A tick every millisecond: at 10 ms a 44 ms stall could read as 54, a
  // fifth of the 50 ms limit being the instrument's. The monitor's timer is
  // native, so ticking costs the process no JavaScript.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  return {
    memory: async () => {
      // V8 hands freed pages back to the system from background threads, some
      // hundreds of milliseconds after a collection: read the resident size
      // once that is done, or it varies by more than 10,000 queues hold.
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, RELEASE_MS));
      globalThis.gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      return { rss, heapUsed };
    },
    loop: () => {
      const maxMs = delay.max / 1e6;
      delay.reset();
      return { maxMs };
    },
  };
}
