import type { InitialState } from '../../wire/registerState';
import type { Api } from '../api';

export interface AlertWordsDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'getAlertWords' | 'addAlertWords' | 'removeAlertWords'>;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
}

/**
 * The user's alert words: read from the register state, which alert_words
 * events keep current (so a change made on another device shows too), and
 * changed on the server only.
 */
export class AlertWords {
  constructor(private readonly deps: AlertWordsDeps) {}

  /** The words as the server keeps them, in its order; asked for when the register state lacks them. */
  async list(): Promise<string[]> {
    const words = this.deps.state()?.alert_words;
    return words ? [...words] : this.deps.api().getAlertWords();
  }

  add(word: string): Promise<string[]> {
    return this.deps.api().addAlertWords([word]);
  }

  remove(word: string): Promise<string[]> {
    return this.deps.api().removeAlertWords([word]);
  }
}
