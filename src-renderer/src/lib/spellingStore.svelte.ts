import type { ChatBridge, SpellingOffers } from '../../../src-preload/bridge';
import { errorText } from './errors';

// The spell-checker's languages Settings › Desktop offers: main asks the
// desktop once, when the page first shows them. The choice itself is a
// preference, changed as the others are.
export class SpellingStore {
  offers = $state.raw<SpellingOffers | null>(null);
  error = $state<string | null>(null);

  constructor(private readonly bridge: ChatBridge) {}

  async load(): Promise<void> {
    if (this.offers) return;
    try {
      this.offers = await this.bridge.spellingOffers({});
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }
}
