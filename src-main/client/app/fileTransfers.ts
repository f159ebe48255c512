import { homedir } from 'node:os';
import { join } from 'node:path';
import { nameInLink, throttledProgress, type FileToSend } from '../actions/uploads';
import type { Emitter } from '../emitter';
import type { Network } from '../network/routing';
import { pipelineReaches, type SaveDownload } from '../ports/downloadPort';
import type { FilePickers } from '../ports/filePickers';
import { mt } from '../../i18n/mainText';
import type { AccountRuntimes } from './accountRuntimes';
import type { HearthAppEvents } from './appEvents';
import type { LinkOpener } from './linkOpener';
import { saveTarget, type SavingChoices } from './saveTarget';

export interface Downloads {
  /** The system's Downloads folder, where files go unless the person chose another. */
  dir: string;
  reveal?: (path: string) => void;
  saveDownload?: SaveDownload;
  /** The save and folder dialogs; without them, files go to the folder unasked. */
  pickers?: FilePickers;
}

export interface FileTransfersOptions {
  runtimes: AccountRuntimes;
  links: LinkOpener;
  network: Network;
  events: Emitter<HearthAppEvents>;
  downloads: Downloads | undefined;
  /** The person's choices for saved files, as they are now. */
  saving: () => SavingChoices;
}

/**
 * Files between the window and the accounts' servers: uploads with their
 * progress, the images messages show, and files saved from messages.
 */
export class FileTransfers {
  readonly #runtimes: AccountRuntimes;
  readonly #links: LinkOpener;
  readonly #network: Network;
  readonly #events: Emitter<HearthAppEvents>;
  readonly #downloads: Downloads | undefined;
  readonly #saving: () => SavingChoices;
  /** Uploads under way, by the window's name for each, to cancel them. */
  readonly #uploads = new Map<string, AbortController>();

  constructor(options: FileTransfersOptions) {
    this.#runtimes = options.runtimes;
    this.#links = options.links;
    this.#network = options.network;
    this.#events = options.events;
    this.#downloads = options.downloads;
    this.#saving = options.saving;
  }

  /**
   * Sends a file from the window to the account's server, telling how far it
   * got as `uploadProgress` events; resolves to its URL as a message links it.
   */
  async upload(accountId: string, uploadId: string, file: FileToSend): Promise<string> {
    const runtime = this.#runtimes.require(accountId);
    if (this.#uploads.has(uploadId)) throw new Error(mt('main.uploads.underWay'));
    const controller = new AbortController();
    this.#uploads.set(uploadId, controller);
    const progress = throttledProgress((sent, total) =>
      this.#events.emit('uploadProgress', { accountId, uploadId, sent, total }),
    );
    try {
      return await runtime.uploads.send(file, progress, controller.signal);
    } finally {
      this.#uploads.delete(uploadId);
    }
  }

  cancelUpload(uploadId: string): void {
    this.#uploads.get(uploadId)?.abort(new Error(mt('main.uploads.cancelled')));
  }

  /** An image a message of the account shows, as a data: URL for the window. */
  uploadedImage(accountId: string, href: string): Promise<string> {
    return this.#runtimes.require(accountId).uploads.image(href);
  }

  /** One of the organization's own emoji's pictures, as a data: URL for the window. */
  emojiImage(accountId: string, url: string): Promise<string> {
    return this.#runtimes.require(accountId).reactions.emojiImage(url);
  }

  /** A custom emoji's picture in one of `accountId`'s messages, as a data: URL for the window. */
  messageEmojiImage(accountId: string, src: string): Promise<string> {
    return this.#runtimes.require(accountId).customEmoji.messageImage(src);
  }

  /**
   * Saves a file a message links (shown in `accountId`'s messages) into the
   * person's download folder, or where the save dialog says, and shows it
   * there; null when they cancelled the dialog. Nothing is opened: a file
   * from a message is for the person to look at, not for the app to run.
   */
  async saveUpload(
    accountId: string,
    href: string,
  ): Promise<{ name: string; path: string } | null> {
    const target = this.#links.resolve(href, accountId);
    if (target.kind !== 'upload') {
      throw new Error(mt('main.uploads.notInApp'));
    }
    const runtime = this.#runtimes.require(target.accountId);
    const where = await saveTarget(
      this.#saving(),
      this.#systemFolder(),
      nameInLink(href),
      this.#downloads?.pickers,
    );
    if (where === null) return null;
    const pipeline = this.#downloads?.saveDownload;
    const saved = await runtime.uploads.save(
      target.url,
      where,
      pipeline && pipelineReaches(runtime.account, this.#network.setting) ? pipeline : undefined,
    );
    this.#downloads?.reveal?.(saved.path);
    return saved;
  }

  /** A folder for saved files, which the person picks in the desktop's dialog; null when cancelled. */
  chooseFolder(): Promise<string | null> {
    const pickers = this.#downloads?.pickers;
    if (!pickers) throw new Error(mt('main.download.noFolderPicker'));
    return pickers.folder(this.#saving().downloadFolder ?? this.#systemFolder());
  }

  #systemFolder(): string {
    return this.#downloads?.dir ?? join(homedir(), 'Downloads');
  }
}
