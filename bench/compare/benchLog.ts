// Reads back the table a bench printed (report.ts's `formatTable`), so that
// runs of two builds can be set side by side without the benches themselves
// writing anything but what a person reads.
import { FIGURE_COLUMNS } from '../server/report';

/** Which way a number moves when it gets worse. */
export type Direction = 'lower is better' | 'higher is better' | 'not judged';

/** One number of a row: a part of its value (`p50 / p99` has two), or its same-run ratio. */
export interface Part {
  name: string;
  value: number;
  direction: Direction;
}

export interface FigureRow {
  figure: string;
  parts: Part[];
}

// A rate is better higher; a time or a size lower. "N of M" counts the work
// a run did (messages delivered, answers early): it proves the workload and
// is shown, not ranked.
function unitDirection(unit: string): Direction {
  if (unit === '/s') return 'higher is better';
  if (['ms', 'µs', 's', 'KB', 'MB'].includes(unit)) return 'lower is better';
  return 'not judged';
}

// The target says which way its number should go: `<= 1.2` caps it, `>= 0.8`
// floors it. A ratio can run against its value's unit (the nested group's is
// the administrator's rate over the member's), so its target decides.
function targetDirection(target: string): Direction | undefined {
  if (target.startsWith('<=')) return 'lower is better';
  if (target.startsWith('>=')) return 'higher is better';
  return undefined;
}

function valueParts(value: string): Part[] {
  if (/\d of [\d,]+$/.test(value)) {
    return [
      {
        name: 'value',
        value: Number(value.split(' of ')[0]?.replace(/,/g, '')),
        direction: 'not judged',
      },
    ];
  }
  const pieces = value.split(' / ');
  return pieces.map((piece, index) => {
    const match = /^(-?[\d,.]+)\s*(\/s|\S*)$/.exec(piece.trim());
    if (!match?.[1]) throw new Error(`a value this reader does not know: "${value}"`);
    return {
      name: pieces.length === 1 ? 'value' : `value ${index + 1}`,
      value: Number(match[1].replace(/,/g, '')),
      direction: unitDirection(match[2] ?? ''),
    };
  });
}

function rowOf(cells: readonly string[]): FigureRow {
  const [figure = '', value = '', , ratio = '', target = ''] = cells;
  const parts = valueParts(value);
  if (ratio !== '') {
    const valueDirection = parts[0]?.direction ?? 'not judged';
    parts.push({
      name: 'ratio',
      value: Number(ratio),
      direction: targetDirection(target) ?? valueDirection,
    });
  }
  return { figure, parts };
}

/**
 * Every row of every figure table in a bench's output. A log with no table
 * is a run that ended before its figures: it is refused, never read as a run
 * that measured nothing.
 */
export function figureRows(log: string): FigureRow[] {
  const rows: FigureRow[] = [];
  let inTable = false;
  for (const line of log.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (
      cells.length === FIGURE_COLUMNS.length &&
      cells.every((cell, i) => cell === FIGURE_COLUMNS[i])
    ) {
      inTable = true;
    } else if (line.trim() === '') {
      inTable = false;
    } else if (inTable && !/^-+(-\|-+)*$/.test(line)) {
      rows.push(rowOf(cells));
    }
  }
  if (rows.length === 0) throw new Error('no figure table in this log: the run did not finish');
  return rows;
}
