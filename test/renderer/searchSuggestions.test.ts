import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src-preload/bridge';
import { searchSuggestions } from '../../src-renderer/src/lib/searchSuggestions';

const topic = (name: string) => ({ name, unread: 0, muted: false });
const stream = (streamId: number, name: string, topics: string[]) => ({
  streamId,
  name,
  color: '#76ce90',
  muted: false,
  pinned: false,
  unread: 0,
  topics: topics.map(topic),
});
const user = (userId: number, fullName: string, email: string) => ({
  userId,
  fullName,
  email,
  isBot: false,
  unread: 0,
  presence: 'active' as const,
});

const snapshot = {
  streams: [stream(1, 'garden', ['tomatoes', 'beans']), stream(2, 'garage sale', ['bikes'])],
  users: [user(5, 'Bob Builder', 'bob@example.com'), user(6, 'Carol', 'carol@example.com')],
} as unknown as Snapshot;

const queries = (query: string) => searchSuggestions(query, snapshot).map((each) => each.query);

describe('search suggestions', () => {
  it('offer the query itself first, then the operators its last word begins', () => {
    expect(queries('s')).toEqual(['s', 'stream:', 'sender:']);
    expect(searchSuggestions('s', snapshot)[1]).toEqual({
      query: 'stream:',
      description: 'Messages in a channel',
      incomplete: true,
    });
    expect(queries('')).toEqual([]);
  });

  it('finish a stream, quoting a name with a space, and a topic of the stream already named', () => {
    expect(queries('stream:ga')).toEqual(['stream:ga', 'stream:garden', 'stream:"garage sale"']);
    expect(queries('stream:garden topic:')).toEqual([
      'stream:garden topic:',
      'stream:garden topic:tomatoes',
      'stream:garden topic:beans',
    ]);
    expect(queries('topic:bi')).toEqual(['topic:bi', 'topic:bikes']);
  });

  it('finish people by name or email, and Zulip’s is: and has: values, keeping a negation', () => {
    expect(queries('soup sender:bo')).toEqual(['soup sender:bo', 'soup sender:bob@example.com']);
    expect(queries('dm:car')).toEqual(['dm:car', 'dm:carol@example.com']);
    expect(queries('-is:u')).toEqual(['-is:u', '-is:unread']);
    expect(queries('has:')).toEqual(['has:', 'has:link', 'has:attachment', 'has:image']);
  });

  it('do not offer the query twice when it is already complete', () => {
    expect(queries('is:starred')).toEqual(['is:starred']);
  });
});
