import { defineConfig } from 'vitest/config';

// Server, client and end-to-end tests each start real hosts on loopback and real
// SQLite files; two cores means running files two at a time at most.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/summaryReporter.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
