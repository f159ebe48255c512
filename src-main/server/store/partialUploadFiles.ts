import {
  createWriteStream,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs';
import { join } from 'node:path';

const suffix = '.part';

/**
 * The bytes of resumable uploads not yet whole, one file per upload in a
 * folder of the data directory. What a file holds is what arrived: its length
 * is the upload's offset, so an upload cut off mid-request resumes from the
 * last byte written, across restarts too.
 */
export class PartialUploadFiles {
  // One request at a time writes an upload, as tusd's locks keep it.
  readonly #busy = new Set<number>();

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  #path(id: number): string {
    return join(this.dir, `${id}${suffix}`);
  }

  create(id: number): void {
    writeFileSync(this.#path(id), '', { mode: 0o600 });
  }

  /** The bytes received so far; none for a file lost (a restored backup's rows). */
  offsetOf(id: number): number {
    return statSync(this.#path(id), { throwIfNoEntry: false })?.size ?? 0;
  }

  /** When the upload last received bytes, or undefined when it has no file. */
  touchedAt(id: number): number | undefined {
    return statSync(this.#path(id), { throwIfNoEntry: false })?.mtimeMs;
  }

  read(id: number): Buffer {
    return readFileSync(this.#path(id));
  }

  appender(id: number): WriteStream {
    return createWriteStream(this.#path(id), { flags: 'a', mode: 0o600 });
  }

  remove(id: number): void {
    rmSync(this.#path(id), { force: true });
  }

  /** The uploads with a file in the folder, rows or not. */
  ids(): number[] {
    return readdirSync(this.dir)
      .filter((name) => /^\d+\.part$/.test(name))
      .map((name) => Number(name.slice(0, -suffix.length)));
  }

  /** Takes the upload for one request; false while another holds it. */
  take(id: number): boolean {
    if (this.#busy.has(id)) return false;
    this.#busy.add(id);
    return true;
  }

  release(id: number): void {
    this.#busy.delete(id);
  }

  isBusy(id: number): boolean {
    return this.#busy.has(id);
  }
}
