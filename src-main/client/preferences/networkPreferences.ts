import type { NetworkSettings } from '../../../src-preload/calls/networkCalls';
import { mt } from '../../i18n/mainText';
import type { Network } from '../network/routing';
import { proxyLabel } from '../network/proxySetting';
import type { ProxySetting } from '../../wire/proxySetting';
import type { SecretStore } from '../secretStore';
import type { PreferenceFile } from './preferenceFile';

// The keychain entry of the manual proxy's password; account keys are named
// `email@origin`, which this can never be.
const proxySecret = 'proxy password';

// Where the system's settings are shown to lead: a server on the internet.
const internetServer = new URL('https://chat.zulip.org/');

export interface NetworkChange {
  proxy: ProxySetting;
  /** A new password, null to forget it, undefined to keep it. */
  password?: string | null | undefined;
}

/**
 * Settings › Network: the route chosen on this computer, kept in its
 * preferences, with the proxy's password in the keychain (in memory only where
 * no keychain answers, as API keys are), applied to the network as it changes.
 */
export class NetworkPreferences {
  constructor(
    private readonly network: Network,
    private readonly preferences: PreferenceFile,
    private readonly secrets: SecretStore,
  ) {}

  /** Routes requests as this computer's preferences say, from the start of a run. */
  async apply(): Promise<void> {
    this.network.configure(this.preferences.values.network, await this.secrets.get(proxySecret));
  }

  async settings(): Promise<NetworkSettings> {
    const system = await this.network.systemRoute(internetServer);
    return {
      proxy: this.network.setting,
      hasPassword: (await this.secrets.get(proxySecret)) !== null,
      passwordInMemoryOnly: !this.secrets.persistent,
      systemProxy: system.kind === 'proxy' ? proxyLabel(system.proxy) : null,
    };
  }

  /** Keeps the change, then routes every request by it: connections under way are dropped. */
  async change({ proxy, password }: NetworkChange): Promise<void> {
    if (typeof password === 'string' && (proxy.mode !== 'manual' || proxy.username === null)) {
      throw new Error(mt('main.proxy.passwordWithoutUser'));
    }
    if (password === null) await this.secrets.delete(proxySecret);
    else if (password !== undefined) await this.secrets.set(proxySecret, password);
    await this.preferences.change({ network: proxy });
    this.network.configure(proxy, await this.secrets.get(proxySecret));
  }
}
