// Loaded into a bench host with `node --import`: each SIGUSR2 asks for the
// longest stall of the host's event loop since the last ask, answered on
// stderr, where the bench reads the child's last lines, with where the
// longest gap between the probe's own ticks went.
import { closeSync, openSync, readSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { gapLine, stallLine, type Gap } from './loopStallLine';

// Sampled every millisecond: a stall is seen to within one.
const delays = monitorEventLoopDelay({ resolution: 1 });
delays.enable();

// The main thread's scheduler statistics (nanoseconds on a CPU, nanoseconds
// runnable but waiting for one) and its page faults, read at every tick: a
// gap is then split into running, waiting for a CPU, and blocked in the
// kernel (the rest).
const TICK_MS = 5;
const schedstat = openSync('/proc/thread-self/schedstat', 'r');
const stat = openSync('/proc/thread-self/stat', 'r');
// The machine's: time the hypervisor gave this machine's CPUs to others.
const machineStat = openSync('/proc/stat', 'r');
// Linux reports CPU time in USER_HZ ticks, 100 a second on every architecture.
const MS_PER_TICK = 10;
const buffer = Buffer.alloc(1024);
const readProc = (fd: number): string =>
  buffer.toString('latin1', 0, readSync(fd, buffer, 0, 1024, 0));

interface Sample {
  at: number;
  runNs: number;
  waitNs: number;
  faults: number;
  stealMs: number;
}

function sample(): Sample {
  const [run, wait] = readProc(schedstat).split(' ');
  // Fields after the command name: minor faults are the 8th of them, major the 10th.
  const fields = readProc(stat).split(') ')[1]?.split(' ') ?? [];
  // "cpu  user nice system idle iowait irq softirq steal ...", summed over CPUs.
  const steal = readProc(machineStat).split('\n')[0]?.trim().split(/\s+/)[8];
  return {
    stealMs: Number(steal) * MS_PER_TICK,
    at: performance.now(),
    runNs: Number(run),
    waitNs: Number(wait),
    faults: Number(fields[7]) + Number(fields[9]),
  };
}

const collections: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    collections.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }
}).observe({ entryTypes: ['gc'] });

function gcWithin(start: number, end: number): number {
  let total = 0;
  for (const gc of collections)
    total += Math.max(0, Math.min(end, gc.end) - Math.max(start, gc.start));
  return total;
}

let last = sample();
let longest: Gap | null = null;
const ticks = setInterval(() => {
  const now = sample();
  const milliseconds = now.at - last.at;
  if (!longest || milliseconds > longest.milliseconds) {
    longest = {
      milliseconds,
      runningMs: (now.runNs - last.runNs) / 1e6,
      waitingMs: (now.waitNs - last.waitNs) / 1e6,
      gcMs: gcWithin(last.at, now.at),
      faults: now.faults - last.faults,
      stealMs: now.stealMs - last.stealMs,
    };
  }
  last = now;
  while (collections.length > 0 && (collections[0]?.end ?? 0) < now.at - 1000) collections.shift();
}, TICK_MS);
ticks.unref();

let asks = 0;
process.on('SIGUSR2', () => {
  asks += 1;
  console.error(stallLine(asks, delays.max / 1e6));
  if (longest) console.error(gapLine(asks, longest));
  delays.reset();
  longest = null;
});
process.on('exit', () => {
  closeSync(schedstat);
  closeSync(stat);
  closeSync(machineStat);
});
