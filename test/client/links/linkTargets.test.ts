import { describe, expect, it } from 'vitest';
import {
  messageLinkHash,
  narrowOfHash,
  resolveLink,
  type LinkAccount,
} from '../../../src-main/client/links/linkTargets';

const office: LinkAccount = { id: 'office', serverUrl: 'http://127.0.0.1:9991', userId: 7 };
const club: LinkAccount = { id: 'club', serverUrl: 'https://chat.example.org/club', userId: 3 };
const accounts = [office, club];

describe('Zulip narrow fragments', () => {
  it.each([
    ['#narrow/stream/42-general', { kind: 'stream', streamId: 42 }],
    ['#narrow/channel/42-general', { kind: 'stream', streamId: 42 }],
    [
      '#narrow/stream/42-general/topic/lunch.20plans',
      { kind: 'stream', streamId: 42, topic: 'lunch plans' },
    ],
    [
      '#narrow/stream/42-general/subject/caf.C3.A9/near/99',
      { kind: 'stream', streamId: 42, topic: 'café' },
    ],
    ['#narrow/channel/42-general/topic/', { kind: 'stream', streamId: 42, topic: '' }],
    ['#narrow/dm/12-alice', { kind: 'private', userIds: [12] }],
    ['#narrow/pm-with/12,14-group', { kind: 'private', userIds: [12, 14] }],
    ['#narrow/dm/7,12-group', { kind: 'private', userIds: [12] }],
    ['#narrow/dm/7-me', { kind: 'private', userIds: [7] }],
    ['#narrow/is/starred', { kind: 'starred' }],
    ['#narrow/is/mentioned', { kind: 'mentioned' }],
    ['#narrow/is/dm', { kind: 'dms' }],
    ['#narrow/is/private', { kind: 'dms' }],
  ])('opens %s', (hash, narrow) => {
    expect(narrowOfHash(hash, 7)).toEqual(narrow);
  });

  it.each([
    '#narrow/is/unread',
    '#narrow/is/starred/topic/lunch',
    '#narrow/search/soup',
    '#narrow/stream/general',
    '#narrow/stream',
    '#narrow/stream//topic/lunch',
    '#narrow/topic/lunch',
    '#narrow/stream/42-general/dm/12-alice',
    '#narrow/stream/42-x/topic/.E0.A4',
    '#streams/all',
  ])('leaves %s to the browser', (hash) => {
    expect(narrowOfHash(hash, 7)).toBeNull();
  });
});

describe('where a link goes', () => {
  it("opens a known organization's narrow in the app, on that account", () => {
    expect(resolveLink('/#narrow/stream/5-design', accounts, office)).toEqual({
      kind: 'narrow',
      accountId: 'office',
      narrow: { kind: 'stream', streamId: 5 },
    });
    expect(resolveLink('https://chat.example.org/club/#narrow/dm/9-bob', accounts, office)).toEqual(
      { kind: 'narrow', accountId: 'club', narrow: { kind: 'private', userIds: [9] } },
    );
  });

  it('takes hearth:// links naming a known server by host', () => {
    expect(resolveLink('hearth://127.0.0.1:9991/#narrow/stream/5-design', accounts)).toEqual({
      kind: 'narrow',
      accountId: 'office',
      narrow: { kind: 'stream', streamId: 5 },
    });
    expect(
      resolveLink('hearth://chat.example.org/club/#narrow/stream/1-a', accounts),
    ).toMatchObject({ kind: 'narrow', accountId: 'club' });
    expect(resolveLink('hearth://elsewhere.example/#narrow/stream/1-a', accounts)).toEqual({
      kind: 'refused',
    });
  });

  it('sends other web and mail links to the system, and refuses every other scheme', () => {
    expect(resolveLink('https://example.com/page', accounts, office)).toEqual({
      kind: 'external',
      url: 'https://example.com/page',
    });
    expect(resolveLink('https://chat.example.org/other/#narrow/stream/1-a', accounts)).toEqual({
      kind: 'external',
      url: 'https://chat.example.org/other/#narrow/stream/1-a',
    });
    expect(resolveLink('mailto:bob@example.com', accounts, office)).toEqual({
      kind: 'external',
      url: 'mailto:bob@example.com',
    });
    for (const href of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'app://hearth/x',
      'ht tp://x',
    ]) {
      expect(resolveLink(href, accounts), href).toEqual({ kind: 'refused' });
    }
  });
});

describe('links to uploaded files', () => {
  it('are read with the key of the organization whose server holds them, not opened outside', () => {
    expect(resolveLink('/user_uploads/1/ab/tok/cat.png', accounts, office)).toEqual({
      kind: 'upload',
      accountId: 'office',
      url: 'http://127.0.0.1:9991/user_uploads/1/ab/tok/cat.png',
    });
    expect(
      resolveLink(
        'https://chat.example.org/club/user_uploads/2/cd/tok/notes.pdf',
        accounts,
        office,
      ),
    ).toEqual({
      kind: 'upload',
      accountId: 'club',
      url: 'https://chat.example.org/club/user_uploads/2/cd/tok/notes.pdf',
    });
  });

  it('go outside when no organization of the app holds them', () => {
    expect(resolveLink('https://chat.zulip.org/user_uploads/2/cd/tok/a.png', accounts)).toEqual({
      kind: 'external',
      url: 'https://chat.zulip.org/user_uploads/2/cd/tok/a.png',
    });
    expect(resolveLink('/user_uploads/../api/v1/users/me', accounts, office)).toEqual({
      kind: 'external',
      url: 'http://127.0.0.1:9991/api/v1/users/me',
    });
  });
});

describe('links to a message', () => {
  const person = (id: number) => ({ id });

  it('name a stream message by stream and topic, encoded as Zulip encodes fragments', () => {
    const hash = messageLinkHash({
      id: 99,
      stream_id: 42,
      display_recipient: 'Garden club',
      subject: 'Lunch (today) 100% at 12.30',
    });
    expect(hash).toBe(
      '#narrow/stream/42-Garden-club/topic/Lunch.20.28today.29.20100.25.20at.2012.2E30/near/99',
    );
    expect(narrowOfHash(hash, 7)).toEqual({
      kind: 'stream',
      streamId: 42,
      topic: 'Lunch (today) 100% at 12.30',
    });
  });

  it('name a private message by every participant, the reader too, as a group from three', () => {
    const pair = messageLinkHash({
      id: 5,
      subject: '',
      display_recipient: [person(12), person(7)],
    });
    expect(pair).toBe('#narrow/pm-with/7,12-pm/near/5');
    expect(narrowOfHash(pair, 7)).toEqual({ kind: 'private', userIds: [12] });
    const group = messageLinkHash({
      id: 6,
      subject: '',
      display_recipient: [person(14), person(7), person(12)],
    });
    expect(group).toBe('#narrow/pm-with/7,12,14-group/near/6');
    expect(narrowOfHash(group, 7)).toEqual({ kind: 'private', userIds: [12, 14] });
  });
});
