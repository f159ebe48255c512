import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';

// Issue 37, point 2: the packaged binary's fuses, read as electron-builder
// itself reads and validates the configuration, so that a misspelt key fails
// here rather than being ignored by a release build.

const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: null, fromOptions: null): Promise<Configuration>;
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as {
  DebugLogger: new (enabled: boolean) => unknown;
};

const projectDir = new URL('../..', import.meta.url).pathname;

async function packaging(): Promise<Configuration> {
  const config = await getConfig(projectDir, null, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

describe('the packaged app', () => {
  it('flips every fuse that lets another process run code as Hearth, and keeps the app in its archive', async () => {
    const { electronFuses, asar } = await packaging();
    expect(electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // onlyLoadAppFromAsar and the integrity check need the archive.
    expect(asar).not.toBe(false);
  });
});
