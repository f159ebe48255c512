import type { CallArgs, ChatBridge, NetworkSettings } from '../../../src-preload/bridge';
import { errorText } from './errors';
import { ServerPage } from './serverPage.svelte';

// Settings › Network: how this computer reaches servers. It belongs to the
// computer, not to an account, so it outlives switching accounts and shows
// before the first one is joined. Main answers a change with what it keeps.
export class NetworkStore extends ServerPage<NetworkSettings> {
  /** Set once main has taken a change, until the next one. */
  saved = $state(false);
  busy = $state(false);

  constructor(private readonly bridge: ChatBridge) {
    super(() => bridge.networkSettings({}));
  }

  override load(): Promise<void> {
    this.saved = false;
    return super.load();
  }

  /** False when main refused the setting, its reason then in `error`. */
  async save(change: CallArgs<'setNetworkSettings'>): Promise<boolean> {
    this.busy = true;
    this.saved = false;
    try {
      this.page = await this.bridge.setNetworkSettings(change);
      this.error = null;
      this.saved = true;
      return true;
    } catch (error) {
      this.error = errorText(error);
      return false;
    } finally {
      this.busy = false;
    }
  }
}
