import { describe, expect, it } from 'vitest';
import type { BrowsedStream } from '../../src-preload/bridge';
import { listedStreams } from '../../src-renderer/src/lib/listedStreams';

const row = (name: string, archived = false): BrowsedStream => ({
  streamId: name.length,
  name,
  renderedDescription: '',
  inviteOnly: false,
  subscribed: false,
  color: null,
  archived,
});

const names = (rows: readonly BrowsedStream[]) => rows.map((each) => each.name);

describe('the channel browser’s filter', () => {
  const active = [row('Denmark'), row('Scotland')];
  const archived = [row('Rome', true)];

  it('lists the active channels, the archived ones, or all of them by name, as Zulip’s does', () => {
    expect(names(listedStreams(active, archived, 'active'))).toEqual(['Denmark', 'Scotland']);
    expect(names(listedStreams(active, archived, 'archived'))).toEqual(['Rome']);
    expect(names(listedStreams(active, archived, 'all'))).toEqual(['Denmark', 'Rome', 'Scotland']);
  });
});
