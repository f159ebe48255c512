import { defineConfig } from 'vitest/config';
import { plugins, runner } from './vitest.config';

// The slow fault tests of issue 55: each waits out real time limits (a
// server silent for half a minute) or kills real processes over and over,
// so they run on their own, after the fast ones, as `npm run test:faults`.
// They mostly wait: two at a time left the two cores 43% idle, so three
// run side by side.
export default defineConfig({
  plugins,
  test: {
    ...runner,
    maxWorkers: 3,
    testTimeout: 180_000,
    include: ['test/faults/**/*.test.ts'],
  },
});
