import type { AlertWordList, ChatBridge } from '../../../src-preload/bridge';
import { errorText } from './errors';
import { ServerPage } from './serverPage.svelte';

// The user's alert words. A change shows the list the server answers with;
// a change made on another device comes as an event, which reloads the page.
export class AlertWordsStore extends ServerPage<AlertWordList> {
  constructor(private readonly bridge: ChatBridge) {
    super(() => bridge.listAlertWords({}));
  }

  /** False when the server refused the word, its reason then in `error`. */
  add(word: string): Promise<boolean> {
    return this.#change(() => this.bridge.addAlertWord({ word }));
  }

  remove(word: string): Promise<boolean> {
    return this.#change(() => this.bridge.removeAlertWord({ word }));
  }

  async #change(call: () => Promise<AlertWordList>): Promise<boolean> {
    try {
      this.page = await call();
      this.error = null;
      return true;
    } catch (error) {
      this.error = errorText(error);
      return false;
    }
  }
}
