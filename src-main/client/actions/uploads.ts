import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Api } from '../api';
import { certificateChange } from '../network/certificates';
import { FileTooLargeError, NetworkError, NotZulipError } from '../api/errors';
import type { InitialState } from '../../wire/registerState';
import { inlineImageTypes } from '../../wire';
import type { SaveDownload, SaveTarget } from '../ports/downloadPort';
import { mt } from '../../i18n/mainText';
import { uploadPathOf } from '../links/linkTargets';

/** The largest image the window is handed to show: a data: URL a third larger again. */
export const maxImageBytes = 10 * 1024 * 1024;
/** The largest file saved from a message, read whole before it is written. */
export const maxSavedBytes = 200 * 1024 * 1024;

const mib = 1024 * 1024;

export interface UploadsDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'uploadFile' | 'getUploadedFile' | 'temporaryUploadUrl'>;
  /** The register state as events keep it. */
  state: () => InitialState | null;
  serverUrl: () => string;
}

export interface FileToSend {
  name: string;
  data: Uint8Array;
  type: string;
}

/** One account's files: sending them, and reading those its messages link. */
export class AccountUploads {
  readonly #deps: UploadsDeps;

  constructor(deps: UploadsDeps) {
    this.#deps = deps;
  }

  /** Sends the file; resolves to its URL as a message links it, or fails with words for the person. */
  async send(
    file: FileToSend,
    onProgress: (sent: number, total: number) => void,
    signal: AbortSignal,
  ): Promise<string> {
    try {
      return await this.#deps.api().uploadFile({
        name: file.name,
        data: file.data,
        type: file.type === '' ? undefined : file.type,
        maxBytes: maxUploadBytesOf(this.#deps.state()),
        onProgress,
        signal,
      });
    } catch (error) {
      throw signal.aborted ? error : readable(error);
    }
  }

  /** An uploaded image as a data: URL; fails when the link is not one, or not an image. */
  async image(href: string): Promise<string> {
    const file = await this.#read(href, maxImageBytes);
    if (!inlineImageTypes.has(file.type)) {
      throw new Error(
        file.type
          ? mt('main.uploads.notImage', { type: file.type })
          : mt('main.uploads.notImageUntyped'),
      );
    }
    return `data:${file.type};base64,${Buffer.from(file.data).toString('base64')}`;
  }

  /**
   * Saves a file a message links into the target's folder under a name no
   * other file there has (the target's own, when the person gave one):
   * through the desktop's download pipeline when one is given, else read here
   * and written.
   */
  async save(
    href: string,
    target: SaveTarget,
    pipeline?: SaveDownload,
  ): Promise<{ name: string; path: string }> {
    if (pipeline) return this.#download(href, target, pipeline);
    const file = await this.#read(href, maxSavedBytes);
    const path = await writeNewFile(
      target,
      target.name ?? safeFileName(file.name ?? decodedLastSegment(href)),
      file.data,
    );
    return { name: basename(path), path };
  }

  async #download(href: string, target: SaveTarget, pipeline: SaveDownload) {
    const path = this.#uploadPath(href);
    let url: string;
    try {
      url = await this.#deps.api().temporaryUploadUrl(path);
    } catch (error) {
      throw readable(error);
    }
    // Created empty and exclusively, so that no other download takes the name meanwhile.
    const reserved = await writeNewFile(target, target.name ?? nameInLink(href), new Uint8Array());
    try {
      const saved = await pipeline({
        url: new URL(url, this.#deps.serverUrl()).href,
        path: reserved,
      });
      return { name: basename(saved), path: saved };
    } catch (error) {
      await rm(reserved, { force: true });
      throw error;
    }
  }

  #uploadPath(href: string): string {
    const path = uploadPathOf(href, this.#deps.serverUrl());
    if (path === null) throw new Error(mt('main.uploads.notOurs'));
    return path;
  }

  async #read(href: string, maxBytes: number) {
    const path = this.#uploadPath(href);
    try {
      return await this.#deps.api().getUploadedFile(path, { maxBytes });
    } catch (error) {
      if (error instanceof FileTooLargeError) {
        throw new Error(mt('main.uploads.tooLarge', { mib: Math.round(maxBytes / mib) }), {
          cause: error,
        });
      }
      throw readable(error);
    }
  }
}

/** An error's message for the window: the server's reason as it gave it, a network failure plainly. */
function readable(error: unknown): unknown {
  const changed = certificateChange(error);
  if (changed) return changed;
  if (error instanceof NotZulipError) {
    return new Error(mt('main.uploads.httpStatus', { status: String(error.status) }), {
      cause: error,
    });
  }
  if (error instanceof NetworkError) {
    return new Error(mt('main.uploads.unreachable'), {
      cause: error,
    });
  }
  return error;
}

/**
 * The name a file saved from `href` gets before its server is asked:
 * Zulip keeps the file's name, made safe, as the path's end.
 */
export const nameInLink = (href: string): string => safeFileName(decodedLastSegment(href));

const decodedLastSegment = (href: string): string => {
  const segment = href.split(/[?#]/)[0]?.split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * A name the file may have on this computer: no folder in it, no character
 * a file system refuses, not hidden, not too long for one.
 */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[/\\:*?"<>|\p{Cc}]/gu, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  const stem = cleaned.slice(0, cleaned.length - extension.length).slice(0, 150);
  return stem === '' ? `download${extension}` : `${stem}${extension}`;
}

/**
 * Writes the file as `name`, or `name (2)`… where that is taken; never over
 * another file, even one the person picked in a save dialog that offered to
 * replace it: a download that then failed would have lost both.
 */
async function writeNewFile(target: SaveTarget, name: string, data: Uint8Array): Promise<string> {
  if (target.makeFolder) await mkdir(target.folder, { recursive: true });
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let attempt = 1; ; attempt += 1) {
    const path = join(target.folder, attempt === 1 ? name : `${stem} (${attempt})${extension}`);
    try {
      await writeFile(path, data, { flag: 'wx' });
      return path;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EEXIST' && attempt < 1000) continue;
      throw folderProblem(target.folder, code) ?? error;
    }
  }
}

/** Why nothing can be written in the folder, in words; null for another failure. */
function folderProblem(folder: string, code: unknown): Error | null {
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new Error(mt('main.download.folderMissing', { folder }));
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new Error(mt('main.download.folderNotWritable', { folder }));
  }
  return null;
}

/**
 * Progress as often as a window can show it: every tenth of a second, and the
 * end. A fast link would otherwise tell it for every slice of the body.
 */
export function throttledProgress(
  report: (sent: number, total: number) => void,
  intervalMs = 100,
  now: () => number = Date.now,
): (sent: number, total: number) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (sent, total) => {
    const at = now();
    if (sent < total && at - last < intervalMs) return;
    last = at;
    report(sent, total);
  };
}

/** The server's max_file_upload_size_mib, in bytes; null when it does not say. */
export function maxUploadBytesOf(state: InitialState | null): number | null {
  const mib = state?.['max_file_upload_size_mib'];
  return typeof mib === 'number' && mib > 0 ? Math.floor(mib * 1024 * 1024) : null;
}
