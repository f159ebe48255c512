import type {
  ChatBridge,
  OrganizationChange,
  OrganizationSettings,
} from '../../../src-preload/bridge';
import { errorText } from './errors';
import { changeOnServer } from './serverChange';

// The organization settings page of the account in the window. A change goes
// to the server and the page shows what the server then says, so a change
// another administrator makes shows here the same way.
export class OrganizationStore {
  page = $state<OrganizationSettings | null>(null);
  error = $state<string | null>(null);
  #loads = 0;

  constructor(private readonly bridge: ChatBridge) {}

  async load(): Promise<void> {
    const load = ++this.#loads;
    try {
      const page = await this.bridge.getOrganizationSettings({});
      if (load === this.#loads) this.page = page;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  clear(): void {
    this.#loads += 1;
    this.page = null;
    this.error = null;
  }

  /** False when the server refused the change, its reason then in `error`. */
  async change(patch: OrganizationChange): Promise<boolean> {
    return changeOnServer(this, () => this.bridge.changeOrganizationSettings({ patch }));
  }

  /** Uploads an image file as the icon, or, given null, goes back to the default one. */
  async setIcon(file: File | null): Promise<boolean> {
    return changeOnServer(this, async () => {
      const image = file === null ? null : base64Of(new Uint8Array(await file.arrayBuffer()));
      await this.bridge.setOrganizationIcon({ image });
    });
  }

  async setDefaultStream(streamId: number, isDefault: boolean): Promise<boolean> {
    return changeOnServer(this, () => this.bridge.setDefaultStream({ streamId, isDefault }));
  }
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
