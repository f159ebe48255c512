import type { ChatBridge } from '../../../src-preload/bridge';
import { base64Of } from './base64';
import { errorText } from './errors';
import { t } from './i18n.svelte';

/** A file the compose box is sending, or failed to send. */
export interface ComposeUpload {
  id: string;
  name: string;
  /** Bytes of the request gone to the server, of `total`. */
  sent: number;
  total: number;
  /** Why it failed, in the server's words when it gave them; null while it goes. */
  error: string | null;
}

const mib = 1024 * 1024;

/**
 * The link Zulip's web app writes for an uploaded file: its name as the text
 * (brackets escaped, so that they do not end it) and its URL on the server.
 */
export function uploadLink(name: string, url: string): string {
  const text = name.replace(/[\\[\]]/g, '\\$&');
  const target = url.replace(/[\s()]/g, (character) => encodeURIComponent(character));
  return `[${text}](${target})`;
}

// Files from the compose box (the attach button, a drop, a paste) go to the
// account's server through main, which tells their progress; each one's link
// goes into the message once the server has it.
export class UploadsStore {
  uploads = $state<ComposeUpload[]>([]);
  /** A file is on its way: sending waits for its link. */
  busy = $derived(this.uploads.some((upload) => upload.error === null));

  constructor(
    private readonly bridge: ChatBridge,
    private readonly accountId: () => string | null,
  ) {}

  start(): void {
    this.bridge.on('uploadProgress', ({ uploadId, sent, total }) => {
      const upload = this.uploads.find((candidate) => candidate.id === uploadId);
      if (upload) {
        upload.sent = sent;
        upload.total = total;
      }
    });
  }

  /**
   * Sends each file, refusing at once one larger than `limitBytes`; `place`
   * puts a file's link in the message once the server has it. A file that
   * fails leaves the message as it was.
   */
  attach(files: readonly File[], limitBytes: number, place: (link: string) => void): void {
    for (const file of files) void this.#send(file, limitBytes, place);
  }

  async #send(file: File, limitBytes: number, place: (link: string) => void): Promise<void> {
    const accountId = this.accountId();
    if (accountId === null) return;
    const id = crypto.randomUUID();
    // A pasted screenshot may come without a name.
    const name = file.name.trim() || 'pasted-image.png';
    this.uploads.push({ id, name, sent: 0, total: file.size, error: null });
    if (file.size > limitBytes) {
      const limit = Math.round((limitBytes / mib) * 100) / 100;
      this.#fail(id, t('window.uploads.overLimit', { mib: limit }));
      return;
    }
    try {
      const data = base64Of(new Uint8Array(await file.arrayBuffer()));
      if (!this.#has(id)) return;
      const { url } = await this.bridge.uploadFile({
        accountId,
        uploadId: id,
        name,
        type: file.type,
        data,
      });
      if (!this.#has(id)) return;
      this.#remove(id);
      place(uploadLink(name, url));
    } catch (error) {
      this.#fail(id, errorText(error));
    }
  }

  /** Stops sending the file; its link never comes. */
  cancel(id: string): void {
    if (!this.#has(id)) return;
    this.#remove(id);
    this.bridge.cancelUpload({ uploadId: id }).catch(() => undefined);
  }

  /** Puts a failed upload's message away. */
  dismiss(id: string): void {
    this.#remove(id);
  }

  /** Gives up what belongs to the last account: its uploads stop. */
  clear(): void {
    for (const upload of this.uploads) {
      if (upload.error === null) this.bridge.cancelUpload({ uploadId: upload.id }).catch(() => {});
    }
    this.uploads = [];
  }

  #has(id: string): boolean {
    return this.uploads.some((upload) => upload.id === id);
  }

  #remove(id: string): void {
    this.uploads = this.uploads.filter((upload) => upload.id !== id);
  }

  #fail(id: string, error: string): void {
    const upload = this.uploads.find((candidate) => candidate.id === id);
    if (upload) upload.error = error;
  }
}
