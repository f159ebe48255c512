import { readFile } from 'node:fs/promises';
import { win32 } from 'node:path';
import { z } from 'zod';
import { mt } from '../../i18n/mainText';
import { normaliseServerUrl } from '../accounts/serverUrl';

/** What an administrator's file sets for everyone on this computer. */
export interface SystemConfig {
  /** Servers the join screen offers, each as the join form makes a typed address its URL. */
  presetOrganizations: string[];
  /** False: Hearth never looks for an update, nor installs one. */
  autoUpdate: boolean;
}

export const noSystemConfig: SystemConfig = { presetOrganizations: [], autoUpdate: true };

const settings = ['presetOrganizations', 'autoUpdate'] as const;
type Setting = (typeof settings)[number];

/**
 * What was wrong with the file, kept as data: the log words it at start, the
 * window later, in the language main speaks by then.
 */
export type SystemConfigProblem =
  | { kind: 'unreadable' | 'notJson'; file: string; reason: string }
  | { kind: 'notObject'; file: string }
  | { kind: 'wrongType'; file: string; key: Setting }
  | { kind: 'badAddress'; file: string; address: string }
  | { kind: 'unknownKeys'; file: string; keys: string[] };

export interface SystemConfigReading {
  config: SystemConfig;
  problem: SystemConfigProblem | null;
}

const fileSchema = z.object({
  presetOrganizations: z.array(z.string()).optional(),
  autoUpdate: z.boolean().optional(),
});

/**
 * Where the administrator's file is. HEARTH_SYSTEM_CONFIG names another only
 * where `overridable` (never in a shipped app, so that nobody escapes what
 * the administrator set by starting Hearth with a variable of their own).
 */
export function systemConfigPath(options: {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  overridable: boolean;
}): string {
  const override = options.overridable ? options.env['HEARTH_SYSTEM_CONFIG'] : undefined;
  if (override) return override;
  if (options.platform === 'win32') {
    return win32.join(options.env['ProgramData'] ?? 'C:\\ProgramData', 'Hearth', 'config.json');
  }
  return '/etc/hearth/config.json';
}

/**
 * The administrator's file, checked whole: a file that cannot be read, is
 * not JSON, or holds a setting of the wrong kind or an address that is no
 * server's is not used at all, as if there were none, and its problem is told.
 * A key Hearth does not know (a typo, a later version's setting) is told and
 * ignored, the settings beside it kept.
 */
export async function readSystemConfig(file: string): Promise<SystemConfigReading> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Most computers have no such file: nothing to say.
    if (code === 'ENOENT' || code === 'ENOTDIR') return { config: noSystemConfig, problem: null };
    return unused({ kind: 'unreadable', file, reason: reasonOf(error) });
  }
  let value: unknown;
  try {
    // Notepad saves UTF-8 with a byte-order mark, which JSON.parse refuses.
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return unused({ kind: 'notJson', file, reason: reasonOf(error) });
  }
  const object = z.record(z.string(), z.unknown()).safeParse(value);
  if (!object.success) return unused({ kind: 'notObject', file });
  const parsed = fileSchema.safeParse(object.data);
  if (!parsed.success) {
    const key =
      parsed.error.issues[0]?.path[0] === 'autoUpdate' ? 'autoUpdate' : 'presetOrganizations';
    return unused({ kind: 'wrongType', file, key });
  }
  const presets: string[] = [];
  for (const address of parsed.data.presetOrganizations ?? []) {
    let serverUrl: string;
    try {
      // As the join form takes a typed address: no credentials, http or https only.
      serverUrl = normaliseServerUrl(address);
    } catch {
      return unused({ kind: 'badAddress', file, address });
    }
    if (!presets.includes(serverUrl)) presets.push(serverUrl);
  }
  const config = { presetOrganizations: presets, autoUpdate: parsed.data.autoUpdate ?? true };
  const unknown = Object.keys(object.data).filter(
    (key) => !(settings as readonly string[]).includes(key),
  );
  return {
    config,
    problem: unknown.length > 0 ? { kind: 'unknownKeys', file, keys: unknown } : null,
  };
}

const unused = (problem: SystemConfigProblem): SystemConfigReading => ({
  config: noSystemConfig,
  problem,
});

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The problem as one sentence, for the log and the window. */
export function systemConfigProblemText(problem: SystemConfigProblem): string {
  switch (problem.kind) {
    case 'unreadable':
      return mt('main.systemConfig.unreadable', { file: problem.file, reason: problem.reason });
    case 'notJson':
      return mt('main.systemConfig.notJson', { file: problem.file, reason: problem.reason });
    case 'notObject':
      return mt('main.systemConfig.notObject', { file: problem.file });
    case 'wrongType':
      return mt('main.systemConfig.wrongType', { file: problem.file, key: problem.key });
    case 'badAddress':
      return mt('main.systemConfig.badAddress', { file: problem.file, address: problem.address });
    case 'unknownKeys':
      return mt('main.systemConfig.unknownKeys', {
        file: problem.file,
        keys: problem.keys.map((key) => `“${key}”`).join(', '),
      });
  }
}
