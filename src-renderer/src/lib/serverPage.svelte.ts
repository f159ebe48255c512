import { errorText } from './errors';

/**
 * A page that shows what main reports, fetched anew on demand: the last
 * answer, or why it could not be had. An answer that comes after a later
 * request, or after the page was cleared, is dropped. Changes go to the
 * server, and the page then shows what the server holds.
 */
export class ServerPage<T> {
  page = $state<T | null>(null);
  error = $state<string | null>(null);
  #loads = 0;

  constructor(private readonly fetch: () => Promise<T>) {}

  async load(): Promise<void> {
    const load = ++this.#loads;
    try {
      const page = await this.fetch();
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

  /**
   * Sends a change the server judges, then shows what it holds now: the
   * change once its event came, or the old value with the server's reason.
   * False when the server refused it.
   */
  protected async send(call: () => Promise<unknown>): Promise<boolean> {
    let done = false;
    try {
      await call();
      this.error = null;
      done = true;
    } catch (error) {
      this.error = errorText(error);
    }
    await this.load();
    return done;
  }
}
