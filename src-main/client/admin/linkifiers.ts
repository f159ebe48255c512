import type { Linkifier, PlaygroundView } from '../../../src-preload/calls/linkifierCalls';
import type { InitialState } from '../../wire/registerState';
import { linkifierSchema, realmPlaygroundSchema } from '../../wire/linkifiers';
import type { Api } from '../api';
import type { PlaygroundRequest } from '../api/linkifiers';

type LinkifierCalls = Pick<
  Api,
  'addLinkifier' | 'updateLinkifier' | 'removeLinkifier' | 'addPlayground' | 'removePlayground'
>;

/** The organization's linkifiers in the order they apply, as register and realm_linkifiers events leave them. */
export function linkifiersOf(state: InitialState | null): Linkifier[] {
  const parsed = linkifierSchema.array().safeParse(state?.['realm_linkifiers'] ?? []);
  return parsed.success ? parsed.data : [];
}

// Zulip 7.0 keeps a prefix the code is appended to, later servers a
// template; the window only ever sees a template.
export function playgroundsOf(state: InitialState | null): PlaygroundView[] {
  const parsed = realmPlaygroundSchema.array().safeParse(state?.['realm_playgrounds'] ?? []);
  if (!parsed.success) return [];
  return parsed.data.flatMap((playground) => {
    const urlTemplate =
      playground.url_template ??
      (playground.url_prefix === undefined ? undefined : `${playground.url_prefix}{code}`);
    if (urlTemplate === undefined) return [];
    return [
      {
        id: playground.id,
        name: playground.name,
        pygmentsLanguage: playground.pygments_language,
        urlTemplate,
      },
    ];
  });
}

/** Changes to the linkifiers and playgrounds, on the server only: its events then change the snapshot. */
export class AccountLinkifiers {
  constructor(private readonly api: () => LinkifierCalls) {}

  add(pattern: string, urlTemplate: string): Promise<number> {
    return this.api().addLinkifier(pattern, urlTemplate);
  }

  update(id: number, pattern: string, urlTemplate: string): Promise<void> {
    return this.api().updateLinkifier(id, pattern, urlTemplate);
  }

  remove(id: number): Promise<void> {
    return this.api().removeLinkifier(id);
  }

  addPlayground(playground: PlaygroundRequest): Promise<number> {
    return this.api().addPlayground(playground);
  }

  removePlayground(id: number): Promise<void> {
    return this.api().removePlayground(id);
  }
}
