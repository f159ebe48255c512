import { mkdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// Inside node_modules so that the bundles' package imports resolve, as a
// shipped build's do; never committed, rebuilt on every run.
export const outDir = join(repoRoot, 'node_modules', '.cache', 'hearth-bench');

/**
 * How a server entry is compiled to one plain JavaScript file, so that child
 * processes run as a built host would: no TypeScript loader in their memory
 * or on their start-up path. As electron-vite builds the app, the runtime
 * dependencies stay packages and the rest (the emoji data) is bundled in.
 */
export async function bundleOptions(entry: string, outfile: string): Promise<BuildOptions> {
  const manifest = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return {
    entryPoints: [join(repoRoot, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(manifest.dependencies),
    sourcemap: 'linked',
    logLevel: 'warning',
  };
}

/** Compiles a server entry as `bundleOptions` says, and gives the file's path. */
export async function bundleEntry(entry: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const outfile = join(outDir, basename(entry).replace(/\.ts$/, '.mjs'));
  await build(await bundleOptions(entry, outfile));
  return outfile;
}
