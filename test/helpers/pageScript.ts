import { build } from 'esbuild';

/**
 * A module and what it imports, bundled into one script that, evaluated in a
 * page, leaves the module's exports on `globalThis[name]`. Evaluated through
 * Playwright, it is not subject to the page's Content-Security-Policy, which
 * the app's own scripts are.
 */
export async function pageScript(entry: string, name: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: name,
    platform: 'browser',
    target: 'chrome120',
    footer: { js: `globalThis.${name} = ${name};` },
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced nothing for ${entry}`);
  return output.text;
}
