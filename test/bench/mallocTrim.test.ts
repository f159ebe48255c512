import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildMallocTrim } from '../../bench/events/buildMallocTrim';

// In a process of its own: the test frees 64 MB of small blocks that
// survivors keep glibc from handing back by itself, then trims.
const script = `
const module = { exports: {} };
process.dlopen(module, process.argv[1]);
const rss = () => process.memoryUsage().rss;
let blocks = [];
const kept = [];
for (let index = 0; index < 16384; index++) {
  const block = new Uint8Array(4096).fill(1);
  if (index % 64 === 63) kept.push(block);
  else blocks.push(block);
}
blocks = null;
gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
const freed = rss();
const released = module.exports.trim();
console.log(JSON.stringify({ freed, released, trimmed: rss(), kept: kept.length }));
`;

describe("the memory probe's malloc trimmer", () => {
  it('builds, and hands the pages of freed blocks back to the system', async () => {
    const addon = await buildMallocTrim();
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--expose-gc',
      '-e',
      script,
      addon,
    ]);
    const { freed, released, trimmed } = JSON.parse(stdout) as {
      freed: number;
      released: boolean;
      trimmed: number;
    };
    expect(released).toBe(true);
    expect(freed - trimmed).toBeGreaterThan(32 * 1024 * 1024);
  });
});
