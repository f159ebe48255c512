// How the stall probe in a bench host answers, and how the bench reads it.

export const stallLine = (ask: number, milliseconds: number): string =>
  `[stall probe] ask ${ask}: longest event-loop stall ${milliseconds.toFixed(3)} ms`;

/** The longest stall the probe reported for `ask`, if this line is its answer. */
export function stallOf(line: string, ask: number): number | undefined {
  const match = /^\[stall probe\] ask (\d+): longest event-loop stall ([\d.]+) ms$/.exec(line);
  return match && Number(match[1]) === ask ? Number(match[2]) : undefined;
}

/** The longest gap between the probe's ticks, and where the main thread spent it. */
export interface Gap {
  milliseconds: number;
  /** On a CPU: JavaScript, collection, or the kernel on the thread's behalf (page faults). */
  runningMs: number;
  /** Runnable, but every CPU was busy with something else. */
  waitingMs: number;
  /** Collection pauses of the main thread within the gap. */
  gcMs: number;
  /** The main thread's page faults within the gap. */
  faults: number;
  /** Time the hypervisor took from this machine's CPUs within the gap, to within 10 ms. */
  stealMs: number;
}

const gapPrefix = (ask: number) => `[stall probe] ask ${ask}: longest gap `;

export const gapLine = (ask: number, gap: Gap): string =>
  `${gapPrefix(ask)}${gap.milliseconds.toFixed(1)} ms: running ${gap.runningMs.toFixed(1)} ms ` +
  `(in GC ${gap.gcMs.toFixed(1)} ms, ${gap.faults} page faults), waiting for a CPU ` +
  `${gap.waitingMs.toFixed(1)} ms, blocked ${(gap.milliseconds - gap.runningMs - gap.waitingMs).toFixed(1)} ms; ` +
  `the machine's CPUs lost ${gap.stealMs} ms to the hypervisor`;

/** The probe's account of its longest gap for `ask`, if this line is it. */
export const gapOf = (line: string, ask: number): string | undefined =>
  line.startsWith(gapPrefix(ask)) ? line.slice('[stall probe] '.length) : undefined;
