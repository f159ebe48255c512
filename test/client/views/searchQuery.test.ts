import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../../src-main/client/views/searchQuery';

describe('the search box', () => {
  it('reads channel: as Zulip 9 does, the stream operator by its new name', () => {
    expect(searchTerms('channel:garden -topic:"green beans" poles')).toEqual([
      { operator: 'stream', operand: 'garden' },
      { operator: 'topic', operand: 'green beans', negated: true },
      { operator: 'search', operand: 'poles' },
    ]);
    expect(searchTerms('stream:garden')).toEqual([{ operator: 'stream', operand: 'garden' }]);
  });
});
