import type { AccountSummary, ChatBridge } from '../../../src-preload/bridge';

// The administrator's file, as far as the window shows it: the organizations
// it offers on the join screen and, until the person dismisses it, what was
// wrong with it. Read once, as main reads the file once, at start.
export class SystemConfigStore {
  problem = $state<string | null>(null);
  #presets = $state.raw<string[]>([]);

  /** The preset servers no account here is on: once joined, one needs no offer (until removed). */
  offered = $derived(
    this.#presets.filter((url) => !this.accounts().some((account) => account.serverUrl === url)),
  );

  constructor(
    private readonly bridge: ChatBridge,
    private readonly accounts: () => AccountSummary[],
  ) {}

  async load(): Promise<void> {
    try {
      const config = await this.bridge.systemConfig({});
      this.#presets = config.presetOrganizations;
      this.problem = config.problem;
    } catch {
      // Only a bridge gone would refuse; the join form then works as without the file.
    }
  }

  /** The person has read it: it shows again at the next start, until the administrator mends the file. */
  dismiss(): void {
    this.problem = null;
  }
}
