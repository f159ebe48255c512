import type { AppState, ChatBridge } from '../../../src-preload/bridge';
import { errorText } from './errors';

// Settings › Desktop's folder for saved files. The window asks main for its
// folder dialog; only the person's answer there names a folder.
export class DownloadFolderStore {
  error = $state<string | null>(null);

  constructor(
    private readonly bridge: ChatBridge,
    private readonly applyAppState: (state: AppState) => void,
  ) {}

  /** Main's folder dialog; cancelled, the folder stays as it was. */
  async choose(): Promise<void> {
    try {
      this.applyAppState(await this.bridge.chooseDownloadFolder({}));
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }
}
