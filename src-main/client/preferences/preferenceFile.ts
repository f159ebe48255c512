import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, setAsideDamaged, writeJsonFile } from '../jsonFile';
import { systemProxySetting } from '../network/proxySetting';
import { proxySettingSchema } from '../../wire/proxySetting';
import { defaultZoom, largestZoom, smallestZoom } from '../../wire/zoomSteps';

// This computer's choices for the app itself, as opposed to an account's
// settings, which live on its server.
const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(200).max(20_000),
  maximized: z.boolean(),
});
export type WindowBounds = z.infer<typeof boundsSchema>;

const preferencesSchema = z.object({
  doNotDisturb: z.object({ until: z.number().nullable() }).nullable().catch(null),
  /** Closing the window keeps the app in the tray even when it hosts nothing. */
  keepInTray: z.boolean().catch(false),
  startAtLogin: z.boolean().catch(false),
  spellcheck: z.boolean().catch(true),
  /** Installing an update stops the organization this computer hosts: only with the person's consent. */
  updateWhileHosting: z.boolean().catch(false),
  startMinimized: z.boolean().catch(false),
  showTray: z.boolean().catch(true),
  flashOnMessage: z.boolean().catch(false),
  spellcheckLanguages: z.array(z.string().min(1).max(35)).max(20).nullable().catch(null),
  downloadFolder: z.string().min(1).max(4096).nullable().catch(null),
  askWhereToSave: z.boolean().catch(false),
  zoomFactor: z.number().min(smallestZoom).max(largestZoom).catch(defaultZoom),
  /** Where the window was when it last closed. */
  windowBounds: boundsSchema.nullable().catch(null),
  /** How this computer reaches servers (Settings › Network); the proxy's password is in the keychain. */
  network: proxySettingSchema.catch(systemProxySetting),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A new computer's preferences, and a damaged file's. */
export const defaultPreferences: Preferences = {
  doNotDisturb: null,
  keepInTray: false,
  startAtLogin: false,
  spellcheck: true,
  updateWhileHosting: false,
  startMinimized: false,
  showTray: true,
  flashOnMessage: false,
  spellcheckLanguages: null,
  downloadFolder: null,
  askWhereToSave: false,
  zoomFactor: defaultZoom,
  windowBounds: null,
  network: systemProxySetting,
};
const fileName = 'preferences.json';

/** The app's preferences in its data folder, written whole on every change. */
export class PreferenceFile {
  #values: Preferences;
  #writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    values: Preferences,
  ) {
    this.#values = values;
  }

  /**
   * Reads the file; a missing or damaged one gives the defaults, a damaged
   * field its default. A damaged file is kept beside the new one.
   */
  static async open(dataDir: string, log: (line: string) => void): Promise<PreferenceFile> {
    const file = join(dataDir, fileName);
    const json = await readJsonFile(file);
    if (json === undefined) return new PreferenceFile(file, defaultPreferences);
    // A file that is not JSON (invalidJson) fails the schema like any other damage.
    const parsed = preferencesSchema.safeParse(json);
    if (parsed.success) return new PreferenceFile(file, parsed.data);
    const aside = await setAsideDamaged(file);
    log(
      `${file} could not be read; the app's preferences are back to their defaults (the file is kept as ${aside})`,
    );
    return new PreferenceFile(file, defaultPreferences);
  }

  get values(): Preferences {
    return this.#values;
  }

  /** Changes preferences at once in memory; the file follows, one write at a time. */
  change(patch: Partial<Preferences>): Promise<void> {
    this.#values = { ...this.#values, ...patch };
    const values = this.#values;
    const write = this.#writes.then(() => writeJsonFile(this.file, values));
    this.#writes = write.catch(() => undefined);
    return write;
  }
}
