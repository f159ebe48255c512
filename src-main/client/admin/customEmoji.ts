import { z } from 'zod';
import type { CustomEmojiPage } from '../../../src-preload/bridge';
import { maxCustomEmojiBytes } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { RoleNumber, roleNumberOf } from '../../permissions/rolePolicies';
import { readerMay } from '../../permissions/readerPermissions';
import type { Api } from '../api';
import { customEmojiOf } from '../actions/reactions';

export interface CustomEmojiDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'uploadRealmEmoji' | 'deleteRealmEmoji'>;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
  serverUrl: () => string;
  /** An emoji picture of the organization as a data: URL (the reactions' fetch and its cache). */
  emojiImage: (url: string) => Promise<string>;
}

// Who added each emoji: Zulip's author_id, which an emoji made before Zulip
// kept it lacks.
const authorsSchema = z.record(
  z.string(),
  z.looseObject({ author_id: z.number().int().nullable().optional() }),
);

const mib = 1024 * 1024;

/**
 * The organization's own emoji: read from the register state, which
 * realm_emoji events keep current (an emoji added elsewhere shows at once,
 * and the list outlives a restart in the cache), and changed on the server
 * only, which judges who may.
 */
export class CustomEmoji {
  constructor(private readonly deps: CustomEmojiDeps) {}

  page(): CustomEmojiPage {
    const state = this.deps.state();
    const authors = authorsSchema.safeParse(state?.['realm_emoji'] ?? {}).data ?? {};
    const people = new Map(
      [...(state?.realm_users ?? []), ...(state?.realm_non_active_users ?? [])].map((user) => [
        user.user_id,
        user.full_name,
      ]),
    );
    const role = roleNumberOf(state ?? {});
    const isAdmin = role <= RoleNumber.admin;
    const emoji = [...customEmojiOf(state, this.deps.serverUrl())].map(([id, { name, url }]) => {
      const authorId = authors[id]?.author_id ?? null;
      return {
        id,
        name,
        imageUrl: url,
        authorName: authorId === null ? null : (people.get(authorId) ?? null),
        canRemove: isAdmin || (authorId !== null && authorId === state?.user_id),
      };
    });
    const serverMib = state?.['max_emoji_file_size_mib'];
    return {
      emoji: emoji.sort((a, b) => a.name.localeCompare(b.name)),
      canAdd: readerMay(state ?? null).addCustomEmoji,
      maxBytes:
        typeof serverMib === 'number' && serverMib > 0
          ? Math.min(serverMib * mib, maxCustomEmojiBytes)
          : maxCustomEmojiBytes,
    };
  }

  async add(name: string, image: string): Promise<void> {
    await this.deps.api().uploadRealmEmoji(name, Buffer.from(image, 'base64'));
  }

  async remove(name: string): Promise<void> {
    await this.deps.api().deleteRealmEmoji(name);
  }

  /** The picture of a custom emoji a message shows, named by the `src` its server wrote. */
  messageImage(src: string): Promise<string> {
    return this.deps.emojiImage(new URL(src, `${this.deps.serverUrl().replace(/\/+$/, '')}/`).href);
  }
}
