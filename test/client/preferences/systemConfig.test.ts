import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  noSystemConfig,
  readSystemConfig,
  systemConfigPath,
  systemConfigProblemText,
} from '../../../src-main/client/preferences/systemConfig';

// Issue 57, point 6: an administrator's file presets organizations for
// everyone on a computer and may turn updates off; a bad one is told and
// the app starts without it.

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hearth-system-config-'));
  file = join(dir, 'config.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** What the app makes of the file holding `text`: its settings and the sentence it shows. */
async function reading(text: string) {
  await writeFile(file, text);
  const { config, problem } = await readSystemConfig(file);
  return { config, problem: problem && systemConfigProblemText(problem) };
}

describe("the administrator's file", () => {
  it('lives in /etc on Linux and macOS and in ProgramData on Windows', () => {
    const env = { ProgramData: 'D:\\ProgramData' };
    expect(systemConfigPath({ platform: 'linux', env, overridable: true })).toBe(
      '/etc/hearth/config.json',
    );
    expect(systemConfigPath({ platform: 'darwin', env, overridable: true })).toBe(
      '/etc/hearth/config.json',
    );
    expect(systemConfigPath({ platform: 'win32', env, overridable: true })).toBe(
      'D:\\ProgramData\\Hearth\\config.json',
    );
    expect(systemConfigPath({ platform: 'win32', env: {}, overridable: true })).toBe(
      'C:\\ProgramData\\Hearth\\config.json',
    );
  });

  it('is found where HEARTH_SYSTEM_CONFIG says, except in a shipped app', () => {
    const env = { HEARTH_SYSTEM_CONFIG: file };
    expect(systemConfigPath({ platform: 'linux', env, overridable: true })).toBe(file);
    expect(systemConfigPath({ platform: 'linux', env, overridable: false })).toBe(
      '/etc/hearth/config.json',
    );
  });

  it('is usually not there, which changes nothing and says nothing', async () => {
    await expect(readSystemConfig(join(dir, 'none.json'))).resolves.toEqual({
      config: noSystemConfig,
      problem: null,
    });
    // A file where its folder should be is no file there either.
    await writeFile(join(dir, 'hearth'), '');
    await expect(readSystemConfig(join(dir, 'hearth', 'config.json'))).resolves.toEqual({
      config: noSystemConfig,
      problem: null,
    });
  });

  it('offers its organizations as the join form would reach them, each once', async () => {
    const text = JSON.stringify({
      presetOrganizations: [
        ' chat.example.com/ ',
        'https://chat.example.com',
        'http://127.0.0.1:9991',
        'https://example.org/zulip/',
      ],
      autoUpdate: false,
    });
    await expect(reading(text)).resolves.toEqual({
      config: {
        presetOrganizations: [
          'https://chat.example.com',
          'http://127.0.0.1:9991',
          'https://example.org/zulip',
        ],
        autoUpdate: false,
      },
      problem: null,
    });
  });

  it('leaves updates on when it does not mention them', async () => {
    const { config } = await reading('{"presetOrganizations": []}');
    expect(config).toEqual({ presetOrganizations: [], autoUpdate: true });
  });

  it('reads a file Notepad saved with a byte-order mark', async () => {
    const { config, problem } = await reading('\uFEFF{"autoUpdate": false}');
    expect(problem).toBeNull();
    expect(config.autoUpdate).toBe(false);
  });

  it.each([
    ['{"presetOrganizations": ["https://chat.example.com",]}', 'is not valid JSON ('],
    ['["https://chat.example.com"]', 'must hold one JSON object of settings'],
    ['null', 'must hold one JSON object of settings'],
    ['{"autoUpdate": "no"}', 'autoUpdate must be true or false.'],
    [
      '{"presetOrganizations": "https://chat.example.com"}',
      'presetOrganizations must be a list of server addresses, each in quotes.',
    ],
    [
      '{"autoUpdate": false, "presetOrganizations": ["https://chat.example.com", 42]}',
      'presetOrganizations must be a list of server addresses, each in quotes.',
    ],
    [
      '{"autoUpdate": false, "presetOrganizations": ["ftp://files.example.com"]}',
      '“ftp://files.example.com” in presetOrganizations is not a server address',
    ],
    [
      '{"presetOrganizations": ["https://admin:secret@chat.example.com"]}',
      '“https://admin:secret@chat.example.com” in presetOrganizations is not a server address',
    ],
    ['{"presetOrganizations": ["   "]}', '“   ” in presetOrganizations is not a server address'],
  ])('is not used at all when it holds %s, and says why', async (text, why) => {
    const { config, problem } = await reading(text);
    expect(config).toEqual(noSystemConfig);
    expect(problem).toContain(`The administrator's settings in ${file} were not used: `);
    expect(problem).toContain(why);
  });

  it('names the keys it does not know and keeps the settings beside them', async () => {
    const { config, problem } = await reading(
      JSON.stringify({
        presetOrganizations: ['chat.example.com'],
        autoupdate: false,
        proxy: 'http://proxy:3128',
      }),
    );
    expect(config).toEqual({
      presetOrganizations: ['https://chat.example.com'],
      autoUpdate: true,
    });
    expect(problem).toBe(
      `Hearth ignored “autoupdate”, “proxy” in the administrator's settings in ${file}: ` +
        'the settings it knows are presetOrganizations and autoUpdate.',
    );
  });

  it('says it could not read a folder in its place', async () => {
    await mkdir(file);
    const { config, problem } = await readSystemConfig(file);
    expect(config).toEqual(noSystemConfig);
    expect(problem && systemConfigProblemText(problem)).toMatch(
      /^The administrator's settings in .* were not used: the file could not be read \(EISDIR/,
    );
  });
});
