import { readFileSync } from 'node:fs';
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

const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper') as {
  LinuxTargetHelper: { prototype: { computeDesktopEntry(options: object): Promise<string> } };
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

  it('registers hearth:// with the OS, and its Linux desktop entry hands the link to the app', async () => {
    const config = await packaging();
    expect(config.appId).toBe('org.hearth.desktop');
    expect(config.protocols).toEqual([{ name: 'Hearth', schemes: ['hearth'] }]);
    // The desktop file as electron-builder writes it for deb, rpm and AppImage.
    const entry = await LinuxTargetHelper.prototype.computeDesktopEntry.call(
      {
        packager: {
          appInfo: { productName: 'Hearth', sanitizedProductName: 'Hearth' },
          executableName: 'hearth',
          info: { metadata: {} },
          fileAssociations: [],
          config,
          platformSpecificBuildOptions: config.linux,
        },
        getDescription: () => '',
      },
      config.linux ?? {},
    );
    expect(entry).toContain('\nExec=/opt/Hearth/hearth %U\n');
    // AppImage's entry appends its own %U; arguments here would come before it.
    expect(config.linux?.executableArgs).toBeUndefined();
    expect(entry).toContain('\nMimeType=x-scheme-handler/hearth;\n');
  });

  it('builds AppImage, deb, rpm, a hardened and notarized dmg, and an NSIS installer signed from the environment', async () => {
    const { linux, mac, win, icon } = await packaging();
    expect(linux?.target).toEqual(['AppImage', 'deb', 'rpm']);
    expect(mac?.target).toBe('dmg');
    expect(mac?.hardenedRuntime).toBe(true);
    expect(mac?.notarize).toBe(true);
    expect(win?.target).toBe('nsis');
    // Certificates come from CSC_LINK / WIN_CSC_LINK, never from the file.
    expect(win?.signtoolOptions).toEqual({
      signingHashAlgorithms: ['sha256'],
      rfc3161TimeStampServer: 'http://timestamp.digicert.com',
    });
    for (const path of [icon, linux?.icon]) {
      expect(
        readFileSync(new URL(`../../${String(path)}`, import.meta.url))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
  });

  it('grants the hardened runtime nothing beyond the JIT Electron needs', async () => {
    const { mac } = await packaging();
    expect(mac?.entitlementsInherit).toBe(mac?.entitlements);
    const plist = readFileSync(
      new URL(`../../${String(mac?.entitlements)}`, import.meta.url),
      'utf8',
    );
    expect([...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((match) => match[1])).toEqual(
      ['com.apple.security.cs.allow-jit'],
    );
  });

  it('updates from a generic feed whose URL the release is built with', async () => {
    const { publish } = await packaging();
    expect(publish).toEqual({ provider: 'generic', url: '${env.HEARTH_UPDATE_URL}' });
  });
});
