import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildGlibcMalloc } from '../../bench/events/buildGlibcMalloc';

// In a process of its own: the test frees 64 MB of small blocks that
// survivors keep glibc from handing back by itself, then trims.
const script = `
const module = { exports: {} };
process.dlopen(module, process.argv[1]);
const rss = () => process.memoryUsage().rss;
const start = module.exports.inUse();
let blocks = [];
const kept = [];
for (let index = 0; index < 16384; index++) {
  const block = new Uint8Array(4096).fill(1);
  if (index % 64 === 63) kept.push(block);
  else blocks.push(block);
}
const allocated = module.exports.inUse();
blocks = null;
gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
const freed = rss();
const afterFree = module.exports.inUse();
const released = module.exports.trim();
console.log(JSON.stringify({
  freed, released, trimmed: rss(), kept: kept.length, start, allocated, afterFree,
}));
`;

const MB = 1024 * 1024;

describe("the memory probe's glibc malloc addon", () => {
  it('builds, counts the bytes handed out, and hands the pages of freed blocks back', async () => {
    const addon = await buildGlibcMalloc();
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--expose-gc',
      '-e',
      script,
      addon,
    ]);
    const { freed, released, trimmed, start, allocated, afterFree } = JSON.parse(stdout) as {
      freed: number;
      released: boolean;
      trimmed: number;
      start: number;
      allocated: number;
      afterFree: number;
    };
    expect(allocated - start).toBeGreaterThan(64 * MB);
    // 63 blocks in 64 were freed; the 256 kept stay counted.
    expect(allocated - afterFree).toBeGreaterThan(60 * MB);
    expect(afterFree - start).toBeGreaterThan(MB / 2);
    expect(released).toBe(true);
    expect(freed - trimmed).toBeGreaterThan(32 * MB);
  });
});
