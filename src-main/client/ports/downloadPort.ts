import type { ProxySetting } from '../../wire/proxySetting';

/** A file for the desktop's download pipeline to fetch into a path the client reserved for it. */
export interface DownloadRequest {
  /**
   * Where the file is, as a URL that needs no credentials (Zulip's temporary
   * file URL): the account's key never goes to the pipeline.
   */
  url: string;
  /** The file the client created, empty, under the name it chose; the pipeline writes over it. */
  path: string;
}

/**
 * The desktop's download pipeline, which marks what it saves as coming from
 * the internet (macOS's quarantine, Windows' Mark of the Web). Resolves with
 * the saved file's path; rejects with a reason a person can read.
 */
export type SaveDownload = (request: DownloadRequest) => Promise<string>;

/**
 * Whether the pipeline reaches the server as the client does. Chromium checks
 * certificates against its own authorities and follows the desktop's proxy, so
 * a server trusted by its pinned certificate, or reached through a route
 * Settings › Network chose, is read by the client itself.
 */
export function pipelineReaches(account: { certificate: unknown }, setting: ProxySetting): boolean {
  return account.certificate === null && setting.mode === 'system';
}

/** Where a file saved from a message goes. */
export interface SaveTarget {
  folder: string;
  /** The name the person gave it in the save dialog; absent, the file's own. */
  name?: string;
  /**
   * Made when missing: only the system's Downloads folder. A folder the
   * person chose and that is gone (an unplugged disk) is not made again
   * elsewhere on the computer, where they would not look.
   */
  makeFolder: boolean;
}
