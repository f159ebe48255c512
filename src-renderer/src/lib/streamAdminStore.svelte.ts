import type {
  ChatBridge,
  StreamAdminChange,
  StreamAdminSettings,
} from '../../../src-preload/bridge';
import { errorText } from './errors';

// The administrator's form for one stream's own settings, in a dialog. The
// sidebar and headers show a change once the server's event has come.
export class StreamAdminStore {
  /** The stream whose settings the dialog shows; null while it is closed. */
  settings = $state.raw<StreamAdminSettings | null>(null);
  error = $state<string | null>(null);
  saving = $state(false);
  /** The dialog asks whether to archive the stream, in place of its form. */
  confirmingArchive = $state(false);
  #opens = 0;

  constructor(private readonly bridge: ChatBridge) {}

  async open(streamId: number): Promise<void> {
    const open = ++this.#opens;
    this.error = null;
    try {
      const settings = await this.bridge.getStreamAdminSettings({ streamId });
      if (open === this.#opens) this.settings = settings;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  close(): void {
    this.#opens += 1;
    this.settings = null;
    this.error = null;
    this.saving = false;
    this.confirmingArchive = false;
  }

  askArchive(): void {
    this.error = null;
    this.confirmingArchive = true;
  }

  keepStream(): void {
    this.error = null;
    this.confirmingArchive = false;
  }

  /** Zulip's archiving; the sidebar drops the stream with the server's event. */
  async archive(): Promise<void> {
    const settings = this.settings;
    if (!settings) return;
    this.saving = true;
    try {
      await this.bridge.archiveStream({ streamId: settings.streamId });
      this.close();
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.saving = false;
    }
  }

  /** Sends what changed and closes; keeps the form open with the server's reason if refused. */
  async save(patch: StreamAdminChange): Promise<void> {
    const settings = this.settings;
    if (!settings) return;
    if (Object.keys(patch).length === 0) {
      this.close();
      return;
    }
    this.saving = true;
    try {
      await this.bridge.changeStreamAdminSettings({ streamId: settings.streamId, patch });
      this.close();
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.saving = false;
    }
  }
}
