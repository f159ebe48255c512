import type { Snapshot } from '../../../src-preload/bridge';
import { t, type MessageKey } from './i18n.svelte';
import { matchesPerson } from './people';

/** One line under the search box: the whole query it would search for, described. */
export interface SearchSuggestion {
  query: string;
  description: string;
  /** Taking it fills the box to go on typing (an operator waiting for its operand). */
  incomplete: boolean;
}

// Zulip's operators, with what each narrows to, in the order its search offers them.
const operators: readonly [string, MessageKey][] = [
  ['stream:', 'window.search.operator.stream'],
  ['topic:', 'window.search.operator.topic'],
  ['sender:', 'window.search.operator.sender'],
  ['dm:', 'window.search.operator.dm'],
  ['is:', 'window.search.operator.is'],
  ['has:', 'window.search.operator.has'],
  ['near:', 'window.search.operator.near'],
];

const isOperands: readonly [string, MessageKey][] = [
  ['unread', 'window.search.is.unread'],
  ['starred', 'window.search.is.starred'],
  ['mentioned', 'window.search.is.mentioned'],
  ['dm', 'window.search.is.dm'],
];
const hasOperands: readonly [string, MessageKey][] = [
  ['link', 'window.search.has.link'],
  ['attachment', 'window.search.has.attachment'],
  ['image', 'window.search.has.image'],
];

const shownAtMost = 8;

// An operand with a space in it is quoted, as Zulip's search box writes it.
const operand = (value: string): string => (/\s/.test(value) ? `"${value}"` : value);

/** Where the part being typed starts: after the last space outside quotes. */
function lastPartAt(query: string): number {
  let quoted = false;
  let start = 0;
  [...query].forEach((character, index) => {
    if (character === '"') quoted = !quoted;
    else if (!quoted && /\s/.test(character)) start = index + 1;
  });
  return start;
}

/**
 * What the search box offers while the query is typed: the query itself,
 * then ways to finish its last part, an operator or an operand of one
 * (streams, topics, people, Zulip's `is:` and `has:` values).
 */
export function searchSuggestions(query: string, snapshot: Snapshot | null): SearchSuggestion[] {
  const start = lastPartAt(query);
  const kept = query.slice(0, start);
  const part = /^(-?)([^\s:"]*)(?::"?([^"]*))?$/.exec(query.slice(start));
  const negation = part?.[1] ?? '';
  const head = (part?.[2] ?? '').toLowerCase();
  const typedOperand = part?.[3];
  const suggestions: SearchSuggestion[] = [];
  if (query.trim() !== '') {
    suggestions.push({
      query: query.trim(),
      description: t('window.search.searchFor', { query: query.trim() }),
      incomplete: false,
    });
  }
  const offer = (operator: string, value: string, description: string) =>
    suggestions.push({
      query: `${kept}${negation}${operator}:${operand(value)}`,
      description,
      incomplete: false,
    });
  if (typedOperand === undefined) {
    for (const [operator, description] of operators) {
      if (head !== '' && operator.startsWith(head)) {
        suggestions.push({
          query: `${kept}${negation}${operator}`,
          description: t(description),
          incomplete: true,
        });
      }
    }
    return suggestions.slice(0, shownAtMost);
  }
  const wanted = typedOperand.toLowerCase();
  const streams = snapshot?.streams ?? [];
  switch (head) {
    case 'stream':
      for (const stream of streams.filter((each) => each.name.toLowerCase().startsWith(wanted))) {
        offer('stream', stream.name, t('window.search.inChannel', { channel: stream.name }));
      }
      break;
    case 'topic': {
      // The topics of the stream the query names, if any, else of every stream.
      const named = /(?:^|\s)stream:(?:"([^"]+)"|(\S+))/.exec(kept);
      const streamName = (named?.[1] ?? named?.[2])?.toLowerCase();
      const topics = streams
        .filter((stream) => streamName === undefined || stream.name.toLowerCase() === streamName)
        .flatMap((stream) => stream.topics.map((topic) => ({ stream, topic })));
      for (const { stream, topic } of topics.filter(({ topic }) =>
        topic.name.toLowerCase().startsWith(wanted),
      )) {
        offer(
          'topic',
          topic.name,
          t('window.search.inTopic', { channel: stream.name, topic: topic.name }),
        );
      }
      break;
    }
    case 'sender':
    case 'dm':
    case 'pm-with':
      for (const user of (snapshot?.users ?? []).filter((user) => matchesPerson(user, wanted))) {
        offer(
          head,
          user.email,
          t(head === 'sender' ? 'window.search.sentBy' : 'window.search.directWith', {
            name: user.fullName,
          }),
        );
      }
      break;
    case 'is':
      for (const [value, description] of isOperands.filter(([value]) => value.startsWith(wanted))) {
        offer('is', value, t(description));
      }
      break;
    case 'has':
      for (const [value, description] of hasOperands.filter(([value]) =>
        value.startsWith(wanted),
      )) {
        offer('has', value, t(description));
      }
      break;
  }
  return suggestions
    .filter((each, index) => index === 0 || each.query !== query.trim())
    .slice(0, shownAtMost);
}
