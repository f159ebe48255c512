import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// A catalog's chunk is named for its language and area (assets/de-settings-….js),
// so what a window fetched says which languages it loaded.
function catalogChunkName(chunk: { facadeModuleId: string | null }): string {
  const catalog = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
  return catalog ? `assets/${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
}

// Our folders are not electron-vite's defaults, so every entry is named.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve('src-main/index.ts'),
          hostWorker: resolve('src-main/server/worker.ts'),
          cacheCheck: resolve('src-main/desktop/cacheCheckEntry.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only `electron`: everything else is bundled.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    // The notification sounds are served beside the page, which plays them.
    publicDir: resolve('resources'),
    plugins: [svelte()],
    build: {
      rollupOptions: {
        input: { index: resolve('src-renderer/index.html') },
        output: { chunkFileNames: catalogChunkName },
      },
    },
  },
});
