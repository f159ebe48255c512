import { mt } from '../../i18n/mainText';

/**
 * What the policy needs of electron-updater (src-main/desktop/autoUpdate.ts).
 * The feed's signature checks happen inside it; the policy only decides when.
 */
export interface UpdaterPort {
  /** Asks the feed; an update it offers downloads, then `UpdatePolicy.downloaded` is called. */
  check(): Promise<void>;
  /** Quits, installs the downloaded update and starts the new version. */
  installNow(): void;
  /** Whether a downloaded update installs when the app next quits. */
  installOnQuit(on: boolean): void;
}

/** Timers the policy waits on; tests move time by hand. */
export interface UpdateTimers {
  /** Calls `fire` once, `ms` from now; the answer cancels it. */
  after(ms: number, fire: () => void): () => void;
}

export const systemTimers: UpdateTimers = {
  after(ms, fire) {
    const timer = setTimeout(fire, ms);
    // A pending check must not keep a quitting app alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Whether this computer hosts an organization, and whether its person lets updates in meanwhile. */
export interface UpdateSituation {
  hosting: boolean;
  updateWhileHosting: boolean;
}

export interface UpdateNotice {
  version: string;
  message: string;
  detail: string;
}

export type UpdateChoice = 'restart' | 'later';

export interface UpdatePolicyOptions {
  updater: UpdaterPort;
  timers: UpdateTimers;
  situation: () => UpdateSituation;
  /** False where the administrator's file turned updates off (systemConfig.ts): nothing is checked or installed. */
  autoUpdate: boolean;
  /** Tells the person an update is ready; resolves to their choice (Restart or Later). */
  ask: (notice: UpdateNotice) => Promise<UpdateChoice>;
  log: (line: string) => void;
}

/** Long enough for the app to have started its sessions and its host undisturbed. */
export const firstCheckAfterMs = 10 * 60_000;
export const checkEveryMs = 4 * 60 * 60_000;

/**
 * When Hearth looks for an update, tells the person about it and installs it.
 * It checks a while after starting and then every few hours; never while
 * the app hosts an organization, unless the person allowed it in the app's
 * preferences, since installing stops the host. A downloaded update installs
 * when the person chooses Restart, or else when the app next quits, and
 * neither while it hosts without that consent. Where the administrator's
 * file turned updates off, it never looks and never installs.
 */
export class UpdatePolicy {
  readonly #options: UpdatePolicyOptions;
  #cancelTimer: (() => void) | undefined;
  #checking = false;
  #ready: string | undefined;
  /** The version the person was told of, so that one notice is shown per update. */
  #told: string | undefined;

  constructor(options: UpdatePolicyOptions) {
    this.#options = options;
  }

  start(): void {
    this.#options.updater.installOnQuit(false);
    if (!this.#options.autoUpdate) {
      this.#options.log("updates are turned off by the administrator's settings");
      return;
    }
    this.#schedule(firstCheckAfterMs);
  }

  stop(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
  }

  /** An update finished downloading, its signature and checksum verified by the updater. */
  downloaded(version: string): void {
    this.#ready = version;
    this.situationChanged();
  }

  /** Hosting started or stopped, or the preference changed: what is allowed now follows. */
  situationChanged(): void {
    const allowed = this.#allowed();
    this.#options.updater.installOnQuit(this.#ready !== undefined && allowed);
    if (this.#ready !== undefined && allowed && this.#told !== this.#ready)
      void this.#tell(this.#ready);
  }

  #allowed(): boolean {
    const { hosting, updateWhileHosting } = this.#options.situation();
    return this.#options.autoUpdate && (!hosting || updateWhileHosting);
  }

  #schedule(afterMs: number): void {
    this.#cancelTimer?.();
    this.#cancelTimer = this.#options.timers.after(afterMs, () => {
      this.#schedule(checkEveryMs);
      void this.#check();
    });
  }

  async #check(): Promise<void> {
    // One ready update is enough; the next check looks again after it installs.
    if (this.#checking || this.#ready !== undefined || !this.#allowed()) return;
    this.#checking = true;
    try {
      await this.#options.updater.check();
    } catch (error) {
      this.#options.log(
        `update check failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.#checking = false;
    }
  }

  async #tell(version: string): Promise<void> {
    this.#told = version;
    const choice = await this.#options.ask({
      version,
      message: mt('main.update.ready', { version }),
      detail: mt('main.update.laterDetail'),
    });
    // Hosting may have started while the question was open.
    if (choice === 'restart' && this.#allowed()) this.#options.updater.installNow();
  }
}
