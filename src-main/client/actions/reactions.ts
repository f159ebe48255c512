import type {
  EmojiPicker,
  PickerEmoji,
  ReactionChip,
} from '../../../src-preload/calls/reactionCalls';
import type { InitialState } from '../../wire/registerState';
import type { Message, Reaction } from '../../wire';
import {
  emojiCategories,
  emojiGlyph,
  unicodeEmoji,
  unicodeEmojiByCode,
} from '../../wire/emojiData';
import type { Api, ReactionEmoji } from '../api';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import { refusedWhenUnreachable } from './unreachable';
import type { CodeToNames } from '../cache/serverEmoji';

/** A Unicode emoji's names, the canonical first; none for one the server does not know. */
export type UnicodeNames = (code: string) => readonly string[];

/**
 * Names from the server's emoji data when it sent any (the names it takes in
 * a reaction); otherwise the emoji data package's, which a Hearth host and
 * older Zulip servers use.
 */
export function unicodeNamesOf(serverNames: CodeToNames | null): UnicodeNames {
  if (serverNames) return (code) => serverNames[code] ?? [];
  return (code) => unicodeEmojiByCode(code)?.names ?? [];
}

interface RealmEmoji {
  id?: unknown;
  name?: unknown;
  source_url?: unknown;
  deactivated?: unknown;
}

/**
 * Which of the organization's emoji are in use, as one string: it changes
 * when one is added or removed, so the window knows to read its emoji again.
 */
export const customEmojiVersion = (state: InitialState | null, serverUrl: string): string =>
  [...customEmojiOf(state, serverUrl).keys()].sort().join(',');

/**
 * The organization's own emoji, by id (their reaction code): those still in
 * use, or with `removed` also those taken away, which old messages and
 * reactions still show, as Zulip keeps their pictures.
 */
export function customEmojiOf(
  state: InitialState | null,
  serverUrl: string,
  { removed = false }: { removed?: boolean } = {},
): Map<string, { name: string; url: string }> {
  const root = `${serverUrl.replace(/\/+$/, '')}/`;
  const all = Object.entries((state?.['realm_emoji'] ?? {}) as Record<string, RealmEmoji>);
  return new Map(
    all.flatMap(([id, emoji]) =>
      (removed || emoji.deactivated !== true) &&
      typeof emoji.name === 'string' &&
      typeof emoji.source_url === 'string'
        ? [
            [
              String(emoji.id ?? id),
              { name: emoji.name, url: new URL(emoji.source_url, root).href },
            ],
          ]
        : [],
    ),
  );
}

/** A Unicode emoji's character, or null for a code that names none. */
export const safeGlyph = (code: string): string | null => {
  try {
    return emojiGlyph(code);
  } catch {
    return null;
  }
};

const keyOf = (reaction: Pick<Reaction, 'reaction_type' | 'emoji_code'>) =>
  `${reaction.reaction_type}:${reaction.emoji_code}`;

interface ChipContext {
  ownUserId: number | null;
  nameOf: (userId: number) => string;
  custom: ReadonlyMap<string, { url: string }>;
}

/**
 * A message's reactions as the window shows them: one chip per emoji, in the
 * order each was first used, with who reacted (the viewer as "You", first).
 */
export function reactionChips(
  reactions: readonly Reaction[],
  context: ChipContext,
): ReactionChip[] {
  const chips = new Map<string, ReactionChip>();
  for (const reaction of reactions) {
    const key = keyOf(reaction);
    let chip = chips.get(key);
    if (!chip) {
      const unicode = reaction.reaction_type === 'unicode_emoji';
      chip = {
        key,
        code: reaction.emoji_code,
        type: reaction.reaction_type,
        name: reaction.emoji_name,
        glyph: unicode ? safeGlyph(reaction.emoji_code) : null,
        imageUrl:
          reaction.reaction_type === 'realm_emoji'
            ? (context.custom.get(reaction.emoji_code)?.url ?? null)
            : null,
        count: 0,
        reacted: false,
        names: [],
        userIds: [],
      };
      chips.set(key, chip);
    }
    if (chip.userIds.includes(reaction.user_id)) continue;
    chip.userIds.push(reaction.user_id);
    chip.count += 1;
    if (reaction.user_id === context.ownUserId) chip.reacted = true;
  }
  return [...chips.values()].map((chip) => {
    const own = context.ownUserId;
    const userIds = [
      ...chip.userIds.filter((id) => id === own),
      ...chip.userIds.filter((id) => id !== own),
    ];
    return {
      ...chip,
      userIds,
      names: userIds.map((id) => (id === own ? mt('main.names.you') : context.nameOf(id))),
    };
  });
}

// Zulip's web app offers these before the reader has reacted with anything.
const popularNames = ['+1', 'tada', 'smile', 'heart', 'working_on_it', 'octopus'];

/** The picker's emoji: the organization's own first, then Unicode's by category. */
export function emojiPicker(
  names: UnicodeNames,
  custom: ReadonlyMap<string, { name: string; url: string }>,
  frequentKeys: readonly string[],
): EmojiPicker {
  const byCategory = new Map<string, PickerEmoji[]>(emojiCategories.map((name) => [name, []]));
  for (const emoji of unicodeEmoji) {
    const [name, ...aliases] = names(emoji.code);
    if (name === undefined) continue;
    byCategory.get(emoji.category)?.push({
      key: `unicode_emoji:${emoji.code}`,
      code: emoji.code,
      type: 'unicode_emoji',
      name,
      aliases,
      glyph: emojiGlyph(emoji.code),
      imageUrl: null,
    });
  }
  const own: PickerEmoji[] = [...custom].map(([code, emoji]) => ({
    key: `realm_emoji:${code}`,
    code,
    type: 'realm_emoji',
    name: emoji.name,
    aliases: [],
    glyph: null,
    imageUrl: emoji.url,
  }));
  const categories = [
    ...(own.length > 0 ? [{ name: 'Custom', emoji: own }] : []),
    ...[...byCategory].map(([name, emoji]) => ({ name, emoji })),
  ].filter((category) => category.emoji.length > 0);
  const offered = new Set(categories.flatMap((category) => category.emoji.map((e) => e.key)));
  const popular = popularNames.flatMap((name) => {
    const found = unicodeEmoji.find((emoji) => emoji.names.includes(name));
    return found ? [`unicode_emoji:${found.code}`] : [];
  });
  const frequent = [...new Set([...frequentKeys, ...popular])]
    .filter((key) => offered.has(key))
    .slice(0, 16);
  return { categories, frequent };
}

export interface ReactionsDeps {
  cache: Cache;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'changeReaction' | 'getServerEmojiData'>;
  state: () => InitialState | null;
  online: () => boolean;
  serverUrl: () => string;
  fetchImage: typeof fetch;
  log: (line: string) => void;
}

// Images the window can show from a data: URL; an SVG there runs no script.
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);
const maxImageBytes = 1024 * 1024;

/** One account's reactions: their chips, the picker's emoji and the server's names for them. */
export class AccountReactions {
  readonly #deps: ReactionsDeps;
  #names: { url: string | null; names: UnicodeNames } | null = null;
  #fetching: Promise<void> | null = null;
  readonly #images = new Map<string, Promise<string>>();

  constructor(deps: ReactionsDeps) {
    this.#deps = deps;
  }

  /** The Unicode emoji's names the server takes: its own file's when it names one. */
  unicodeNames(): UnicodeNames {
    const saved = this.#deps.cache.serverEmoji();
    const url = saved?.url ?? null;
    if (this.#names?.url !== url || this.#names === null) {
      this.#names = { url, names: unicodeNamesOf(saved?.codeToNames ?? null) };
    }
    return this.#names.names;
  }

  /**
   * Fetches the server's emoji names once per file: register's
   * server_emoji_data_url changes with the server's version. Servers before
   * Zulip 6.0, and a Hearth host, name none.
   */
  refreshServerNames(): Promise<void> {
    const url = this.#deps.state()?.['server_emoji_data_url'];
    if (typeof url !== 'string' || this.#deps.cache.serverEmoji()?.url === url) {
      return Promise.resolve();
    }
    this.#fetching ??= this.#deps
      .api()
      .getServerEmojiData(url)
      .then((codeToNames) => this.#deps.cache.saveServerEmoji({ url, codeToNames }))
      .catch((error: unknown) => this.#deps.log(`could not read ${url}: ${String(error)}`))
      .finally(() => (this.#fetching = null));
    return this.#fetching;
  }

  /** What shapes messages' reactions into chips, read once for a page of them. */
  chipShaper(nameOf: (userId: number) => string): (message: Message) => ReactionChip[] {
    const context = {
      ownUserId: this.#deps.cache.ownUserId,
      nameOf,
      custom: this.#custom({ removed: true }),
    };
    return (message) => reactionChips(message.reactions, context);
  }

  picker(): EmojiPicker {
    return emojiPicker(this.unicodeNames(), this.#custom(), this.#deps.cache.frequentReactions(16));
  }

  /**
   * Adds the viewer's reaction, or takes it away when they have it, as a
   * click on a chip does in Zulip. Offline it is refused rather than queued:
   * a reaction answers the conversation as it is now, and one that lands
   * minutes later, or that a second click meanwhile should have undone, says
   * something the person no longer means.
   */
  async toggle(messageId: number, emoji: ReactionEmoji): Promise<void> {
    await refusedWhenUnreachable(
      this.#deps.online(),
      () => mt('main.offline.reaction'),
      () => {
        const message = this.#deps.cache.messagesAmong({ kind: 'all' }, [messageId])[0];
        const me = this.#deps.cache.ownUserId;
        const had = message?.reactions.some(
          (reaction) =>
            reaction.user_id === me &&
            reaction.emoji_code === emoji.code &&
            reaction.reaction_type === emoji.type,
        );
        return this.#deps.api().changeReaction(messageId, emoji, had ? 'remove' : 'add');
      },
    );
  }

  /** A custom emoji's picture as a data: URL; only the organization's own emoji are fetched. */
  emojiImage(url: string): Promise<string> {
    const known = [...this.#custom({ removed: true }).values()].some((emoji) => emoji.url === url);
    if (!known) return Promise.reject(new Error(mt('main.emoji.notOurs')));
    let image = this.#images.get(url);
    if (!image) {
      image = this.#readImage(url);
      image.catch(() => this.#images.delete(url));
      this.#images.set(url, image);
    }
    return image;
  }

  async #readImage(url: string): Promise<string> {
    const response = await this.#deps.fetchImage(url, { signal: AbortSignal.timeout(10_000) });
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!response.ok || !imageTypes.has(type)) throw new Error(mt('main.emoji.notImage'));
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > maxImageBytes) throw new Error(mt('main.emoji.tooLarge'));
    return `data:${type};base64,${bytes.toString('base64')}`;
  }

  #custom(options: { removed?: boolean } = {}) {
    return customEmojiOf(this.#deps.state(), this.#deps.serverUrl(), options);
  }
}
