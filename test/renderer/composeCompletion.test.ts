import './englishWindow';
import { wildcardsOf } from '../../src-main/client/rules/composeAids';
import { describe, expect, it } from 'vitest';
import type { ComposeRules, SidebarStream, SidebarUser } from '../../src-preload/bridge';
import {
  complete,
  completingAt,
  completionsFor,
  type CompletionSources,
} from '../../src-renderer/src/lib/composeCompletion';
import { checkLength } from '../../src-renderer/src/lib/composeLimits';

const person = (userId: number, fullName: string): SidebarUser => ({
  userId,
  fullName,
  email: `${fullName.split(' ')[0]?.toLowerCase()}@example.com`,
  isBot: false,
  unread: 0,
  presence: 'active',
});

const garden: SidebarStream = {
  streamId: 5,
  name: 'garden club',
  color: '#76ce90',
  muted: false,
  pinned: false,
  unread: 0,
  topics: [
    { name: 'tomatoes', unread: 0, muted: false },
    { name: 'green beans', unread: 0, muted: false },
  ],
  topicsPolicy: 'disable_empty_topic',
  folderId: null,
};

const sources: CompletionSources = {
  people: [person(1, 'Bob Builder'), person(2, 'Bobby Tables'), person(3, 'Ann Bob')],
  groups: [
    { name: 'support', description: 'Answers questions' },
    { name: 'Board', description: '' },
  ],
  streams: [garden],
  wildcards: wildcardsOf({ zulip_feature_level: 440 }),
  emoji: [
    { name: 'heart', glyph: '❤', url: null },
    { name: 'red_heart', glyph: '❤', url: null },
    { name: 'broken_heart', glyph: '💔', url: null },
    { name: 'heartbeat', glyph: '💓', url: null },
    { name: 'head', glyph: null, url: 'data:image/png;base64,AA==' },
  ],
};

const at = (text: string) => completingAt(text, text.length);

describe('what the compose box is completing', () => {
  it.each([
    ['@bo', { kind: 'mention', start: 0, query: 'bo', silent: false }],
    ['hi @_Bob B', { kind: 'mention', start: 3, query: 'Bob B', silent: true }],
    ['(@**bo', { kind: 'mention', start: 1, query: 'bo', silent: false }],
    ['see #gar', { kind: 'stream', start: 4, query: 'gar' }],
    ['see #**garden club>to', { kind: 'topic', start: 4, stream: 'garden club', query: 'to' }],
    ['nice :he', { kind: 'emoji', start: 5, query: 'he' }],
  ])('completes %j', (text, completing) => {
    expect(at(text)).toEqual(completing);
  });

  it.each([
    'mail bob@ex',
    'at 10:30',
    'a :h',
    'done @**Bob Builder** ',
    'see #**garden club** ',
    '',
  ])('leaves %j as typed', (text) => {
    expect(at(text)).toBeNull();
  });

  it('reads only what is before the caret', () => {
    expect(completingAt('@bo and more', 3)).toEqual({
      kind: 'mention',
      start: 0,
      query: 'bo',
      silent: false,
    });
  });
});

describe('the suggestions', () => {
  const labels = (text: string) => {
    const completing = at(text);
    return completing ? completionsFor(completing, sources).map((each) => each.label) : [];
  };

  it('put names that start with the query before those with a word that does, then the wildcards', () => {
    expect(labels('@bo')).toEqual(['Bob Builder', 'Bobby Tables', 'Ann Bob', 'Board']);
    expect(labels('@a')).toEqual(['Ann Bob', 'all']);
    expect(labels('@_a')).toEqual(['Ann Bob']);
  });

  it('leave out the people the reader muted', () => {
    const [bob, bobby, ann] = sources.people;
    if (!bob || !bobby || !ann) throw new Error('no people');
    const muting = { ...sources, people: [bob, { ...bobby, muted: true }, ann] };
    const completing = at('@bo');
    if (!completing) throw new Error('no completion');
    expect(completionsFor(completing, muting).map((each) => each.label)).toEqual([
      'Bob Builder',
      'Ann Bob',
      'Board',
    ]);
  });

  it('offer the mentions of everyone the server knows: @channel and @topic on a modern one', () => {
    expect([labels('@ch'), labels('@to'), labels('@st')]).toEqual([
      ['channel'],
      ['topic'],
      ['stream'],
    ]);
    const zulip7 = { ...sources, wildcards: wildcardsOf({ zulip_feature_level: 185 }) };
    const offered = (text: string) => {
      const completing = at(text);
      return completing ? completionsFor(completing, zulip7).map((each) => each.label) : [];
    };
    expect([offered('@ch'), offered('@to'), offered('@st')]).toEqual([[], [], ['stream']]);
  });

  it('offer user groups after people, written as Zulip mentions a group', () => {
    expect(labels('@bo')).toEqual(['Bob Builder', 'Bobby Tables', 'Ann Bob', 'Board']);
    const loud = at('hi @sup');
    const silent = at('hi @_sup');
    if (!loud || !silent) throw new Error('no completion');
    expect(completionsFor(loud, sources).map((each) => [each.text, each.detail])).toEqual([
      ['@*support* ', 'Answers questions'],
    ]);
    expect(completionsFor(silent, sources).map((each) => each.text)).toEqual(['@_*support* ']);
  });

  it('offer a stream by any word of its name, a topic of the named stream, and emoji', () => {
    expect(labels('#clu')).toEqual(['#garden club']);
    expect(labels('#**garden club>bea')).toEqual(['green beans']);
    expect(labels('#**no such stream>')).toEqual([]);
    expect(labels(':hea')).toEqual([':head:', ':heart:', ':heartbeat:', ':broken_heart:']);
    expect(labels(':heart')).toEqual([':heart:', ':heartbeat:', ':broken_heart:']);
  });

  it("show a person's status beside their name, and nothing for one without", () => {
    const status = {
      text: 'In a meeting',
      emoji: {
        name: 'calendar',
        code: '1f4c6',
        type: 'unicode_emoji',
        glyph: '📆',
        imageUrl: null,
      },
    };
    const people = [{ ...person(1, 'Sam Lee'), status }, person(2, 'Sam Stone')];
    const completing = at('hi @sam');
    if (!completing) throw new Error('no completion');
    expect(
      completionsFor(completing, { ...sources, people }).map((each) => each.status ?? null),
    ).toEqual([status, null]);
  });

  it('write mentions and links as Zulip does, with the ID only where names are shared', () => {
    const twins: CompletionSources = {
      ...sources,
      people: [person(1, 'Sam Lee'), person(2, 'Sam Lee')],
    };
    const completing = at('hi @sam');
    if (!completing) throw new Error('no completion');
    expect(completionsFor(completing, twins).map((each) => each.text)).toEqual([
      '@**Sam Lee|1** ',
      '@**Sam Lee|2** ',
    ]);
    const topic = at('see #**garden club>tom');
    if (!topic) throw new Error('no completion');
    const [tomatoes] = completionsFor(topic, sources);
    if (!tomatoes) throw new Error('no topic offered');
    expect(complete('see #**garden club>tom and', 22, topic, tomatoes)).toEqual({
      text: 'see #**garden club>tomatoes**  and',
      caret: 30,
    });
  });
});

describe('the length check before sending', () => {
  const rules: ComposeRules = {
    enterSends: false,
    maxMessageBytes: 100,
    maxTopicLength: 10,
    maxUploadBytes: 1024,
    emptyTopicName: 'general chat',
    wildcards: [],
  };

  it('counts a message in UTF-8 bytes and says how much room is left near the end', () => {
    expect(checkLength('a'.repeat(90), 'lunch', rules)).toEqual({ tooLong: false, notice: null });
    expect(checkLength('a'.repeat(95), 'lunch', rules)).toEqual({
      tooLong: false,
      notice: '5 bytes left.',
    });
    expect(checkLength('é'.repeat(51), 'lunch', rules)).toEqual({
      tooLong: true,
      notice: 'The message is too long: 102 bytes, at most 100.',
    });
  });

  it('counts a topic in characters, and only for a stream message', () => {
    expect(checkLength('hi', '🍅'.repeat(10), rules).tooLong).toBe(false);
    expect(checkLength('hi', 'x'.repeat(11), rules)).toEqual({
      tooLong: true,
      notice: 'The topic is too long: 11 characters, at most 10.',
    });
    expect(checkLength('hi', null, rules).tooLong).toBe(false);
  });
});
