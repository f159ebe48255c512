import type { ChatBridge, Linkifier, PlaygroundView } from '../../../src-preload/bridge';
import { errorText } from './errors';

/** What the Settings pages show: the lists from the snapshot, and whether the reader may change them. */
export interface LinkifierLists {
  linkifiers: readonly Linkifier[];
  playgrounds: readonly PlaygroundView[];
  mayManage: boolean;
}

/** Where a refusal is shown: beside the form that asked, or beside a row of the list. */
export type LinkifierErrorPlace =
  'linkifier' | 'playground' | `linkifier-${number}` | `playground-${number}`;

// The organization's linkifiers and code playgrounds, as Zulip's settings
// pages manage them. The lists come with the snapshot, which the server's
// realm_linkifiers and realm_playgrounds events keep current; a change goes
// to the server, and a refusal is kept, in the server's words, for the
// place it came from.
export class LinkifiersStore {
  errors = $state<Partial<Record<LinkifierErrorPlace, string>>>({});

  constructor(
    private readonly bridge: ChatBridge,
    private readonly snapshot: () => LinkifierLists | null,
  ) {}

  get lists(): LinkifierLists | null {
    return this.snapshot();
  }

  /** The code playgrounds offered for a code block of this language (Zulip matches it exactly). */
  playgroundsFor(language: string): PlaygroundView[] {
    return (this.snapshot()?.playgrounds ?? []).filter(
      (playground) => playground.pygmentsLanguage === language,
    );
  }

  /** False when the server refused, its reason then in `errors[place]`. */
  private async send(place: LinkifierErrorPlace, call: () => Promise<unknown>): Promise<boolean> {
    try {
      await call();
      this.errors = { ...this.errors, [place]: undefined };
      return true;
    } catch (error) {
      this.errors = { ...this.errors, [place]: errorText(error) };
      return false;
    }
  }

  addLinkifier(pattern: string, urlTemplate: string): Promise<boolean> {
    return this.send('linkifier', () => this.bridge.addLinkifier({ pattern, urlTemplate }));
  }

  updateLinkifier(id: number, pattern: string, urlTemplate: string): Promise<boolean> {
    return this.send(`linkifier-${id}`, () =>
      this.bridge.updateLinkifier({ id, pattern, urlTemplate }),
    );
  }

  removeLinkifier(id: number): Promise<boolean> {
    return this.send(`linkifier-${id}`, () => this.bridge.removeLinkifier({ id }));
  }

  addPlayground(name: string, pygmentsLanguage: string, urlTemplate: string): Promise<boolean> {
    return this.send('playground', () =>
      this.bridge.addPlayground({ name, pygmentsLanguage, urlTemplate }),
    );
  }

  removePlayground(id: number): Promise<boolean> {
    return this.send(`playground-${id}`, () => this.bridge.removePlayground({ id }));
  }

  clear(): void {
    this.errors = {};
  }
}
