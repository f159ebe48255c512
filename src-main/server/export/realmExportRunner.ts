import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { exportConsentRows } from '../store/exportConsents';
import {
  exportsWithStatus,
  markExportFailed,
  markExportStarted,
  markExportSucceeded,
  realmExportById,
} from '../store/realmExports';
import { REALM_ID } from '../store/realm';
import type { Sql } from '../store/sql';
import { exportForZulip } from './exportOrganization';
import { scopeOf } from './exportScope';
import { defaultZulipVersion } from './zulipTarget';

const run = promisify(execFile);
const now = () => Math.floor(Date.now() / 1000);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface RealmExportRunnerOptions {
  sql: Sql;
  databasePath: string;
  /** The organization's folder: each tarball lies at its export_path under it. */
  dataDir: string;
  /** Told when an export has finished or failed, to tell the administrators. */
  onChange: () => void;
  log: (line: string) => void;
}

/**
 * Runs the exports administrators request, one at a time and after the
 * request's answer, as Zulip's deferred_work queue does. Each reads the
 * database on a read-only connection of its own (the host goes on writing)
 * and yields to the host's requests between its files; the tarball is
 * packed by `tar` in a process of its own.
 */
export class RealmExportRunner {
  readonly #options: RealmExportRunnerOptions;
  #queue: Promise<void> = Promise.resolve();

  constructor(options: RealmExportRunnerOptions) {
    this.#options = options;
  }

  /**
   * After a restart: an export that was running when the host stopped has
   * failed, as Zulip marks one whose worker died; one only requested runs now.
   */
  resume(): void {
    const { sql } = this.#options;
    const interrupted = exportsWithStatus(sql, 'started');
    for (const row of interrupted) markExportFailed(sql, row.id, now());
    if (interrupted.length > 0) this.#options.onChange();
    for (const row of exportsWithStatus(sql, 'requested')) this.enqueue(row.id);
  }

  enqueue(id: number): void {
    this.#queue = this.#queue
      .then(() => this.#export(id))
      .catch((error: unknown) => {
        this.#options.log(`export ${id}: ${errorText(error)}`);
      });
  }

  /** Resolves once every export asked for so far has finished or failed. */
  settled(): Promise<void> {
    return this.#queue;
  }

  /** The tarball's file in the data folder. */
  fileOf(exportPath: string): string {
    return join(this.#options.dataDir, exportPath);
  }

  async removeTarball(exportPath: string): Promise<void> {
    await rm(dirname(this.fileOf(exportPath)), { recursive: true, force: true });
  }

  async #export(id: number): Promise<void> {
    const { sql, log } = this.#options;
    const row = realmExportById(sql, id);
    if (!row || row.status !== 'requested') return;
    markExportStarted(sql, id, now());
    // Zulip's local storage: exports/<realm>/<a random part, the URL's secret>/<tarball>.
    const name = `zulip-export-${randomBytes(6).toString('hex')}`;
    const exportPath = `exports/${REALM_ID}/${randomBytes(18).toString('base64url')}/${name}.tar.gz`;
    const folder = dirname(this.fileOf(exportPath));
    try {
      // Consent is read when the export runs, as Zulip reads it.
      const consenting = new Set(
        exportConsentRows(sql)
          .filter((consent) => consent.consented)
          .map((consent) => consent.user_id),
      );
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await exportForZulip({
        databasePath: this.#options.databasePath,
        outDir: join(folder, name),
        zulipVersion: defaultZulipVersion,
        scope: scopeOf(row.export_type, consenting),
      });
      await run('tar', ['-czf', `${name}.tar.gz`, name], { cwd: folder });
      await rm(join(folder, name), { recursive: true, force: true });
      markExportSucceeded(sql, id, now(), exportPath);
    } catch (error) {
      log(`export ${id} failed: ${errorText(error)}`);
      markExportFailed(sql, id, now());
      await rm(folder, { recursive: true, force: true }).catch((cleanup: unknown) => {
        log(`export ${id} left ${folder}: ${errorText(cleanup)}`);
      });
    }
    this.#options.onChange();
  }
}
