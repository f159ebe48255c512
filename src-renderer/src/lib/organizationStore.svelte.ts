import type {
  ChatBridge,
  OrganizationChange,
  OrganizationSettings,
} from '../../../src-preload/bridge';
import { base64Of } from './base64';
import { ServerPage } from './serverPage.svelte';

// The organization settings page of the account in the window. A change
// another administrator makes shows here the same way as one made here.
export class OrganizationStore extends ServerPage<OrganizationSettings> {
  constructor(private readonly bridge: ChatBridge) {
    super(() => bridge.getOrganizationSettings({}));
  }

  /** False when the server refused the change, its reason then in `error`. */
  change(patch: OrganizationChange): Promise<boolean> {
    return this.send(() => this.bridge.changeOrganizationSettings({ patch }));
  }

  /** Uploads an image file as the icon, or, given null, goes back to the default one. */
  setIcon(file: File | null): Promise<boolean> {
    return this.send(async () => {
      const image = file === null ? null : base64Of(new Uint8Array(await file.arrayBuffer()));
      await this.bridge.setOrganizationIcon({ image });
    });
  }

  setDefaultStream(streamId: number, isDefault: boolean): Promise<boolean> {
    return this.send(() => this.bridge.setDefaultStream({ streamId, isDefault }));
  }
}
