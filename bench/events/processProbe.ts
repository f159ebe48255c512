import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadGlibcMalloc } from './glibcMalloc';

export interface MemorySample {
  rss: number;
  heapUsed: number;
  /** What glibc's malloc has handed out: native memory held, wherever its pages lie. */
  mallocInUse: number;
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
  /**
   * Memory once V8 and malloc have given back all they can (the process runs
   * with --expose-gc); only for a probe started with the glibc malloc addon.
   */
  memory(): Promise<MemorySample>;
  /** The event loop since the last sample. */
  loop(): LoopSample;
}

const RELEASE_MS = 1000;

// A plain full collection leaves the young generation the size V8 last chose
// for it, which follows the recent allocation rate: the same host sampled
// idle had it at 64 MB in one run and 1 MB in the next, and shrank it between
// the idle and the polling sample in some runs only. V8's last-resort
// collection shrinks it to its least every time.
const LEAN = { type: 'major', execution: 'sync', flavor: 'last-resort' } as const;

/**
 * Starts watching this process's event loop; `glibcMalloc` is the addon
 * `buildGlibcMalloc` made, which a memory sample needs.
 */
export function startProcessProbe(glibcMalloc?: string): ProcessProbe {
  // A tick every millisecond: at 10 ms a 44 ms stall could read as 54, a
  // fifth of the 50 ms limit being the instrument's. The monitor's timer is
  // native, so ticking costs the process no JavaScript.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const malloc = glibcMalloc === undefined ? undefined : loadGlibcMalloc(glibcMalloc);
  return {
    memory: async () => {
      if (!malloc) throw new Error('this probe was started without the glibc malloc addon');
      // V8 hands freed pages back to the system from background threads, some
      // hundreds of milliseconds after a collection: read the resident size
      // once that is done, or it varies by more than 10,000 queues hold.
      globalThis.gc?.(LEAN);
      await new Promise((resolve) => setTimeout(resolve, RELEASE_MS));
      globalThis.gc?.(LEAN);
      // glibc keeps what the process freed for its next allocations: after
      // 10,000 registrations hosts held 21 to 30 MB of it, and 1,000 polls
      // then took from 1 to 6 MB of that before taking new pages, while the
      // memory malloc handed out grew by 10.4 KB a poll in every run. Given
      // back, each sample counts what the process holds.
      malloc.trim();
      const { rss, heapUsed } = process.memoryUsage();
      return { rss, heapUsed, mallocInUse: malloc.inUse() };
    },
    loop: () => {
      const maxMs = delay.max / 1e6;
      delay.reset();
      return { maxMs };
    },
  };
}
