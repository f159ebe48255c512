import { median } from '../server/percentiles';
import type { Direction, FigureRow } from './benchLog';

export type Verdict =
  | 'not worse'
  | 'worse by median, runs overlap'
  | 'worse in every run'
  | 'not judged'
  | 'only after'
  | 'only before';

export interface PartComparison {
  figure: string;
  part: string;
  direction: Direction;
  /** Each run's number, in the order the runs ran. */
  before: number[];
  after: number[];
  verdict: Verdict;
}

type Runs = readonly (readonly FigureRow[])[];

interface Collected {
  figure: string;
  part: string;
  direction: Direction;
  values: number[];
}

/** Each part's number in every run, in table order; a part some runs lack stops the comparison. */
function collect(runs: Runs, build: string): Map<string, Collected> {
  const parts = new Map<string, Collected>();
  for (const run of runs) {
    for (const row of run) {
      for (const part of row.parts) {
        const key = `${row.figure}\u0000${part.name}`;
        const entry = parts.get(key) ?? {
          figure: row.figure,
          part: part.name,
          direction: part.direction,
          values: [],
        };
        entry.values.push(part.value);
        parts.set(key, entry);
      }
    }
  }
  for (const { figure, part, values } of parts.values()) {
    if (values.length !== runs.length) {
      throw new Error(
        `${build}: "${figure}" (${part}) is in ${values.length} of ${runs.length} runs`,
      );
    }
  }
  return parts;
}

// Three runs against three cannot tell a small cost from this machine's own
// swing: the same build set against itself puts about half its rows' medians
// on the worse side. A median on the worse side is therefore shown as such,
// and called a cost only when every run after is worse than every run before,
// which two builds alike do once in twenty by chance for three runs each.
function verdictOf(direction: Direction, before: number[], after: number[]): Verdict {
  if (direction === 'not judged') return 'not judged';
  const worse = (a: number, b: number) => (direction === 'lower is better' ? a > b : a < b);
  if (!worse(median(after), median(before))) return 'not worse';
  return after.every((a) => before.every((b) => worse(a, b)))
    ? 'worse in every run'
    : 'worse by median, runs overlap';
}

/** Every part of every figure the two builds printed, before's order first, then what only after has. */
export function compareRuns(before: Runs, after: Runs): PartComparison[] {
  const was = collect(before, 'before');
  const is = collect(after, 'after');
  const compared: PartComparison[] = [];
  for (const [key, old] of was) {
    const now = is.get(key);
    compared.push({
      figure: old.figure,
      part: old.part,
      direction: old.direction,
      before: old.values,
      after: now?.values ?? [],
      verdict: now ? verdictOf(old.direction, old.values, now.values) : 'only before',
    });
  }
  for (const [key, now] of is) {
    if (was.has(key)) continue;
    compared.push({
      figure: now.figure,
      part: now.part,
      direction: now.direction,
      before: [],
      after: now.values,
      verdict: 'only after',
    });
  }
  return compared;
}
