import { cpus, loadavg, totalmem } from 'node:os';

export interface Row {
  figure: string;
  value: string;
  ceiling?: string;
  ratio?: number;
  target?: string;
  met?: boolean;
}

export const log = (line: string) => console.log(`[bench] ${line}`);

export const loadAverage = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The machine a run measured on, and how busy it was: figures mean little without it. */
export const machineLine = (): string =>
  `${cpus().length} cores, ${megabytes(totalmem())} memory, Node ${process.version}, load average ${loadAverage()}`;

export const ms = (milliseconds: number) => `${milliseconds.toFixed(2)} ms`;
export const perSecond = (rate: number) => `${Math.round(rate).toLocaleString('en')}/s`;
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Columns padded to their widest cell, under a header and its rule. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(' | ')
      .trimEnd();
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}

/** The figure table's columns; bench:compare finds the table in a log by them. */
export const FIGURE_COLUMNS = ['figure', 'value', 'ceiling (same run)', 'ratio', 'target', 'met'];

/** The benchmark's table: each figure, its same-run ceiling, the ratio and the target. */
export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => [
    row.figure,
    row.value,
    row.ceiling ?? '',
    row.ratio === undefined ? '' : row.ratio.toFixed(2),
    row.target ?? '',
    row.met === undefined ? '' : row.met ? 'met' : 'NOT MET',
  ]);
  return textTable(FIGURE_COLUMNS, cells);
}

/**
 * Prints a bench's figures and its verdict. A missed target ends the process
 * with code 1, but only once everything else has been printed: a failing run
 * still shows all it measured, and `npm run bench` still reports it as failed.
 */
export function printFigures(rows: readonly Row[]): void {
  console.log(`\n${formatTable(rows)}\n`);
  const missed = rows.filter((row) => row.met === false).map((row) => row.figure);
  log(missed.length === 0 ? 'every target met' : `NOT MET: ${missed.join('; ')}`);
  if (missed.length > 0) process.exitCode = 1;
}
