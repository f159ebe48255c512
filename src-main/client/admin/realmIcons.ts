import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { privateDir } from '../privateDir';

// Images a window can show from a data: URL; an SVG there runs no script.
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);
const maxBytes = 256 * 1024;

/**
 * Organizations' icons, fetched once by the main side and kept in the profile
 * as data: URLs: the window shows them offline, and its Content-Security-Policy
 * never has to trust another server's origin.
 */
export class RealmIcons {
  readonly #dir: string;
  readonly #fetch: typeof fetch;
  readonly #icons = new Map<string, string>();

  constructor(profileDir: string, fetchImpl: typeof fetch = fetch) {
    this.#dir = join(profileDir, 'icons');
    this.#fetch = fetchImpl;
  }

  get(accountId: string): string | null {
    return this.#icons.get(accountId) ?? null;
  }

  /** Reads the icons kept from earlier runs. */
  async load(accountIds: readonly string[]): Promise<void> {
    for (const id of accountIds) {
      const kept = await readFile(this.#file(id), 'utf8').catch(() => null);
      if (kept?.startsWith('data:image/')) this.#icons.set(id, kept);
    }
  }

  /** The icon as a data: URL, or null when there is none to show; nothing is kept. */
  async dataUrl(
    iconUrl: string | null,
    fetchImpl: typeof fetch = this.#fetch,
  ): Promise<string | null> {
    if (iconUrl === null || !/^https?:/i.test(iconUrl)) return null;
    try {
      const response = await fetchImpl(iconUrl, { signal: AbortSignal.timeout(10_000) });
      const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      if (!response.ok || !imageTypes.has(type)) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > maxBytes) return null;
      return `data:${type};base64,${bytes.toString('base64')}`;
    } catch {
      return null;
    }
  }

  /** Fetches and keeps the icon; false when there is none to show. */
  async fetch(
    accountId: string,
    iconUrl: string | null,
    fetchImpl: typeof fetch = this.#fetch,
  ): Promise<boolean> {
    const dataUrl = await this.dataUrl(iconUrl, fetchImpl);
    if (dataUrl === null) return false;
    await privateDir(this.#dir);
    await writeFile(this.#file(accountId), dataUrl);
    this.#icons.set(accountId, dataUrl);
    return true;
  }

  async forget(accountId: string): Promise<void> {
    this.#icons.delete(accountId);
    await rm(this.#file(accountId), { force: true });
  }

  #file(accountId: string): string {
    return join(this.#dir, `${accountId}.txt`);
  }
}
