import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { InlineConfig } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Files that change what every later file in their process would see: zulip-js
// replaces the global FormData, tests of the desktop mock Electron, one points GSettings
// at a directory of its own. Each runs in a fresh process.
export const isolated = [
  'test/compat/zulipJs*.test.ts',
  'test/client/zulipDouble/multipart.test.ts',
  'test/server/events.test.ts',
  'test/e2e/chat.test.ts',
  'test/e2e/newUserWalkthrough.test.ts',
  'test/e2e/pushService.test.ts',
  'test/desktop/electronNotifier.test.ts',
  'test/desktop/downloads.test.ts',
  'test/desktop/filePickers.test.ts',
  'test/desktop/spelling.test.ts',
  'test/desktop/electronStartup.test.ts',
  'test/desktop/gnomeBanners.test.ts',
  'test/desktop/trayAndWindow.test.ts',
];

// The slow fault tests run apart, by `npm run test:faults` (vitest.faults.config.ts).
const slowFaults = ['test/faults/**'];

// Server, client and end-to-end tests each start real hosts on loopback and real
// SQLite files; two cores means running files two at a time at most.
export const runner: InlineConfig = {
  reporters: ['default', './test/summaryReporter.ts'],
  setupFiles: ['./test/windowsAtFailure.ts'],
  pool: 'forks',
  maxWorkers: 2,
  // Vitest's one second is less than an event can take to reach a window
  // while another file's host, app and Chromium share the two cores.
  expect: { poll: { timeout: 5_000 } },
  hookTimeout: 60_000,
};

// The window's language lives in runes (i18n.svelte.ts), which tests of its
// scripts reach: Svelte's compiler makes them code.
export const plugins = [svelte()];

// Files other than the isolated share their process's modules, since
// importing them again for each file took a third of a run.
export default defineConfig({
  plugins,
  test: {
    ...runner,
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...isolated, ...slowFaults],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
