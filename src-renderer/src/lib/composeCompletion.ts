import type {
  EmojiChoice,
  PersonStatus,
  SidebarStream,
  SidebarUser,
} from '../../../src-preload/bridge';
import { t } from './i18n.svelte';
import { markedName, matchesPerson } from './people';

/** What is being completed, from `start` (its trigger character) to the caret. */
export type Completing =
  | { kind: 'mention'; start: number; query: string; silent: boolean }
  | { kind: 'stream'; start: number; query: string }
  | { kind: 'topic'; start: number; stream: string; query: string }
  | { kind: 'emoji'; start: number; query: string };

export interface Completion {
  key: string;
  label: string;
  detail: string;
  /** What replaces the typed trigger and query. */
  text: string;
  /** Shown before the label: an emoji's glyph or picture. */
  glyph: string | null;
  picture: string | null;
  /** A person's status, shown after their name. */
  status?: PersonStatus;
}

export interface CompletionSources {
  people: readonly SidebarUser[];
  /** The user groups a message may mention. */
  groups: readonly { name: string; description: string }[];
  streams: readonly SidebarStream[];
  emoji: readonly EmojiChoice[];
  /** The server's mentions of everyone (@**all** and its kin). */
  wildcards: readonly { name: string; detail: string }[];
}

const shownAtMost = 8;

// Zulip completes a trigger only at the start of a word, so that "a@b" or
// "10:30" stay as typed; a mention's query may hold spaces (full names do).
const mentionBefore = /(?:^|[\s(])@(_?)(?:\*\*)?([^\n@*]{0,40})$/;
const topicBefore = /(?:^|[\s(])#\*\*([^\n*>]+)>([^\n*]{0,60})$/;
const streamBefore = /(?:^|[\s(])#(?:\*\*)?([^\n#*>]{0,60})$/;
const emojiBefore = /(?:^|[\s(]):([\w+-]{2,40})$/;

/** What the text before the caret is in the middle of completing, if anything. */
export function completingAt(text: string, caret: number): Completing | null {
  const before = text.slice(0, caret);
  // The match starts with the character before the trigger, unless the trigger opens the text.
  const at = (match: RegExpExecArray, trigger: string) =>
    match.index + (match[0].startsWith(trigger) ? 0 : 1);
  const topic = topicBefore.exec(before);
  if (topic) {
    return { kind: 'topic', start: at(topic, '#'), stream: topic[1] ?? '', query: topic[2] ?? '' };
  }
  const mention = mentionBefore.exec(before);
  if (mention) {
    return {
      kind: 'mention',
      start: at(mention, '@'),
      query: mention[2] ?? '',
      silent: mention[1] === '_',
    };
  }
  const stream = streamBefore.exec(before);
  if (stream) return { kind: 'stream', start: at(stream, '#'), query: stream[1] ?? '' };
  const emoji = emojiBefore.exec(before);
  if (emoji) return { kind: 'emoji', start: at(emoji, ':'), query: emoji[1] ?? '' };
  return null;
}

const startsWord = (name: string, query: string): boolean => {
  const wanted = query.toLowerCase();
  const lower = name.toLowerCase();
  return lower.startsWith(wanted) || lower.split(/[\s_-]+/).some((word) => word.startsWith(wanted));
};

/** Whole-name prefixes first, then matches inside the name, each alphabetically. */
const byFit =
  (query: string) =>
  (a: { name: string }, b: { name: string }): number => {
    const wanted = query.toLowerCase();
    const outside = (item: { name: string }) => Number(!item.name.toLowerCase().startsWith(wanted));
    return outside(a) - outside(b) || a.name.localeCompare(b.name);
  };

/**
 * Emoji for a query, each once under the name that fits best (an emoji has
 * several): the name itself, then names that start with the query, then
 * those with a word that does; shorter names first, as the commoner emoji
 * have the shorter names.
 */
function emojiMatches(emoji: readonly EmojiChoice[], query: string): EmojiChoice[] {
  const wanted = query.toLowerCase();
  const fit = (name: string) => {
    const lower = name.toLowerCase();
    return lower === wanted ? 0 : lower.startsWith(wanted) ? 1 : 2;
  };
  const ranked = emoji
    .filter((choice) => startsWord(choice.name, query))
    .toSorted(
      (a, b) =>
        fit(a.name) - fit(b.name) || a.name.length - b.name.length || a.name.localeCompare(b.name),
    );
  const seen = new Set<string>();
  return ranked
    .filter((choice) => {
      const identity = choice.url ?? choice.glyph ?? choice.name;
      if (seen.has(identity)) return false;
      seen.add(identity);
      return true;
    })
    .slice(0, shownAtMost);
}

function mentions(
  completing: { query: string; silent: boolean },
  people: readonly SidebarUser[],
  groups: CompletionSources['groups'],
  wildcards: CompletionSources['wildcards'],
) {
  const query = completing.query.trim();
  const prefix = completing.silent ? '@_' : '@';
  // Zulip writes the ID only where two people share a name.
  const shared = new Set(
    people
      .map((person) => person.fullName)
      .filter((name, index, names) => names.indexOf(name) !== index),
  );
  // Zulip leaves out the people the reader muted.
  const found: Completion[] = people
    .filter((person) => person.muted !== true && matchesPerson(person, query))
    .map((person) => ({ ...person, name: person.fullName }))
    .toSorted((a, b) => Number(a.isBot) - Number(b.isBot) || byFit(query)(a, b))
    .map((person) => ({
      key: `user:${person.userId}`,
      label: markedName(person.fullName, person.guest),
      detail: person.email,
      text: shared.has(person.fullName)
        ? `${prefix}**${person.fullName}|${person.userId}** `
        : `${prefix}**${person.fullName}** `,
      glyph: null,
      picture: null,
      ...(person.status ? { status: person.status } : {}),
    }));
  // Zulip's user group mention: @*name*, silently @_*name*.
  const teams: Completion[] = groups
    .filter((group) => startsWord(group.name, query))
    .toSorted(byFit(query))
    .map((group) => ({
      key: `group:${group.name}`,
      label: group.name,
      detail: group.description || t('window.completion.userGroup'),
      text: `${prefix}*${group.name}* `,
      glyph: null,
      picture: null,
    }));
  // A silent mention cannot be one of everyone.
  const everyone = completing.silent
    ? []
    : wildcards
        .filter((wildcard) => wildcard.name.startsWith(query.toLowerCase()))
        .map((wildcard) => ({
          key: `wildcard:${wildcard.name}`,
          label: wildcard.name,
          detail: wildcard.detail,
          text: `@**${wildcard.name}** `,
          glyph: null,
          picture: null,
        }));
  return [...found, ...teams, ...everyone];
}

/** The suggestions for what is being completed, best first. */
export function completionsFor(completing: Completing, sources: CompletionSources): Completion[] {
  switch (completing.kind) {
    case 'mention':
      return mentions(completing, sources.people, sources.groups, sources.wildcards).slice(
        0,
        shownAtMost,
      );
    case 'stream':
      return sources.streams
        .filter((stream) => startsWord(stream.name, completing.query))
        .toSorted(byFit(completing.query))
        .slice(0, shownAtMost)
        .map((stream) => ({
          key: `stream:${stream.streamId}`,
          label: `#${stream.name}`,
          detail: '',
          text: `#**${stream.name}** `,
          glyph: null,
          picture: null,
        }));
    case 'topic': {
      const stream = sources.streams.find(
        (each) => each.name.toLowerCase() === completing.stream.toLowerCase(),
      );
      if (!stream) return [];
      return stream.topics
        .filter((topic) => startsWord(topic.name, completing.query))
        .slice(0, shownAtMost)
        .map((topic) => ({
          key: `topic:${topic.name}`,
          label: topic.name,
          detail: `#${stream.name}`,
          text: `#**${stream.name}>${topic.name}** `,
          glyph: null,
          picture: null,
        }));
    }
    case 'emoji':
      return emojiMatches(sources.emoji, completing.query).map((emoji) => ({
        key: `emoji:${emoji.name}`,
        label: `:${emoji.name}:`,
        detail: '',
        text: `:${emoji.name}: `,
        glyph: emoji.glyph,
        picture: emoji.url,
      }));
  }
}

/** The text with the completion in place of what was typed, and where the caret goes. */
export function complete(
  text: string,
  caret: number,
  completing: Completing,
  completion: Completion,
): { text: string; caret: number } {
  const before = text.slice(0, completing.start) + completion.text;
  return { text: before + text.slice(caret), caret: before.length };
}
