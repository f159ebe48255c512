import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { removeProfile, startTestHearth, type TestHearth } from '../../helpers/hearth';

// Issue 57, point 6: the app reads the administrator's file as it starts,
// tells the window what it offers, and tells both the window and the log
// what was wrong with it.

let dir: string;
let hearth: TestHearth | undefined;
const logged: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hearth-system-config-'));
  logged.length = 0;
});
afterEach(async () => {
  await hearth?.stop();
  if (hearth) await removeProfile(hearth.profileDir);
  hearth = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function startWith(config: string): Promise<TestHearth> {
  const systemConfigFile = join(dir, 'config.json');
  await writeFile(systemConfigFile, config);
  hearth = await startTestHearth({
    secrets: createMemorySecretStore(),
    systemConfigFile,
    log: (line) => logged.push(line),
  });
  return hearth;
}

describe("the app started with an administrator's file", () => {
  it('offers its organizations to the window and keeps updates off', async () => {
    const { app, service } = await startWith(
      '{"presetOrganizations": ["chat.example.com"], "autoUpdate": false}',
    );
    await expect(service.systemConfig({})).resolves.toEqual({
      presetOrganizations: ['https://chat.example.com'],
      problem: null,
    });
    expect(app.systemConfig().autoUpdate).toBe(false);
    expect(logged).toEqual([]);
  });

  it('starts without a bad file, and says why in the window and the log alike', async () => {
    const { app, service } = await startWith('{"autoUpdate": false, "presetOrganizations": [1]}');
    const why =
      `The administrator's settings in ${join(dir, 'config.json')} were not used: ` +
      'presetOrganizations must be a list of server addresses, each in quotes.';
    await expect(service.systemConfig({})).resolves.toEqual({
      presetOrganizations: [],
      problem: why,
    });
    expect(app.systemConfig().autoUpdate).toBe(true);
    expect(logged).toContain(why);
  });
});
