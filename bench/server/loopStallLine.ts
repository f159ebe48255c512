// How the stall probe in a bench host answers, and how the bench reads it.

export const stallLine = (ask: number, milliseconds: number): string =>
  `[stall probe] ask ${ask}: longest event-loop stall ${milliseconds.toFixed(3)} ms`;

/** The longest stall the probe reported for `ask`, if this line is its answer. */
export function stallOf(line: string, ask: number): number | undefined {
  const match = /^\[stall probe\] ask (\d+): longest event-loop stall ([\d.]+) ms$/.exec(line);
  return match && Number(match[1]) === ask ? Number(match[2]) : undefined;
}
