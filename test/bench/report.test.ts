import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const report = new URL('../../bench/server/report.ts', import.meta.url).pathname;

/** A bench's ending, run as its own process: what it printed and how it exited. */
async function benchEnding(rows: string): Promise<{ stdout: string; code: number }> {
  const script =
    `const { printFigures } = await import(${JSON.stringify(report)});\n` +
    `printFigures(${rows});\nconsole.log('after the table');\n`;
  try {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]);
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; code: number };
    return { stdout: failed.stdout, code: failed.code };
  }
}

describe("a bench's verdict", () => {
  it('exits 0 when every target is met', async () => {
    const ending = await benchEnding(
      "[{ figure: 'fast', value: '1 ms', target: '<= 2 ms', met: true }, { figure: 'count', value: '3' }]",
    );
    expect(ending.code).toBe(0);
    expect(ending.stdout).toContain('[bench] every target met');
  });

  it('names each missed figure and exits 1 once everything is printed', async () => {
    const ending = await benchEnding(
      "[{ figure: 'fast', value: '3 ms', target: '<= 2 ms', met: false }, { figure: 'small', value: '1 MB', met: true }, { figure: 'steady', value: '9 ms', met: false }]",
    );
    expect(ending.code).toBe(1);
    expect(ending.stdout).toMatch(/fast +\| 3 ms +\| +\| +\| <= 2 ms +\| NOT MET/);
    expect(ending.stdout).toContain('[bench] NOT MET: fast; steady');
    expect(ending.stdout).toContain('after the table');
  });
});
