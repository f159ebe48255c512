import './englishWindow';
import { describe, expect, it } from 'vitest';
import type {
  ChatBridge,
  Message,
  Narrow,
  RecentConversation,
  Snapshot,
} from '../../src-preload/bridge';
import { MutedUsersStore } from '../../src-renderer/src/lib/mutedUsersStore.svelte';
import { RecentStore } from '../../src-renderer/src/lib/recentStore.svelte';
import {
  windowMessageView,
  type WindowMessageViewDeps,
} from '../../src-renderer/src/lib/windowMessageView';

// Issue 56, point 3: Zulip's help ("Mute a user"). A one-to-one conversation
// with a muted person is "excluded from all views, including search", but
// its own; the muted are "Muted user" where a conversation's people are named.

const me = 1;
const muted = 2;
const carol = 3;

const person = (id: number, name: string) => ({
  id,
  email: `${name.toLowerCase()}@example.com`,
  full_name: name,
  is_mirror_dummy: false,
});
const people = new Map(
  [me, muted, carol].map((id) => [id, person(id, ['Me', 'Bob', 'Carol'][id - 1] ?? '')]),
);

const direct = (id: number, ...ids: number[]): Message =>
  ({
    id,
    type: 'private',
    display_recipient: [me, ...ids].map((each) => people.get(each)),
    sender_id: ids[0],
    subject: '',
    flags: [],
    reactions: [],
    submessages: [],
  }) as unknown as Message;

const muting = () => new MutedUsersStore({} as ChatBridge, () => [muted]);

const channel = 7;

describe('a message list', () => {
  const listOf = (
    showsMutedConversations: boolean,
    may = { deleteTopics: false },
    archived = false,
  ) =>
    windowMessageView(
      {
        bridge: {} as ChatBridge,
        sidebar: { snapshot: { user: { userId: me }, may } as Snapshot, clockHours: 24 },
        mutedUsers: muting(),
        messageActions: { rules: { channels: { [channel]: { archived } } } },
      } as unknown as WindowMessageViewDeps,
      {
        seen: null,
        narrow: () => null,
        toggleStar: () => undefined,
        match: null,
        showsMutedConversations: () => showsMutedConversations,
      },
    );

  it('leaves out a one-to-one conversation with a muted person, not a group with them', () => {
    const list = listOf(false);
    expect(list.shows(direct(10, muted))).toBe(false);
    expect(list.shows(direct(11, carol))).toBe(true);
    expect(list.shows(direct(12, muted, carol))).toBe(true);
  });

  it('keeps it in its own conversation, and in a search for it', () => {
    expect(listOf(true).shows(direct(10, muted))).toBe(true);
  });

  it('offers topic deletion where the organization lets the reader delete topics, outside archived channels', () => {
    const inChannel = { ...direct(13, carol), type: 'stream', stream_id: channel } as Message;
    expect(listOf(false).deleteTopic(inChannel)).toBeNull();
    expect(listOf(false, { deleteTopics: true }).deleteTopic(inChannel)).toBeTypeOf('function');
    expect(listOf(false, { deleteTopics: true }, true).deleteTopic(inChannel)).toBeNull();
    expect(listOf(false, { deleteTopics: true }).deleteTopic(direct(14, carol))).toBeNull();
  });
});

describe('Recent conversations', () => {
  const conversation = (narrow: Narrow, dmNames: string[]): RecentConversation => ({
    narrow,
    stream: narrow.kind === 'stream' ? { name: 'garden', color: '#c2c2c2' } : null,
    topic: narrow.kind === 'stream' ? 'beans' : '',
    dmNames,
    participants: [
      { userId: muted, fullName: 'Bob' },
      { userId: carol, fullName: 'Carol' },
    ],
    unread: 0,
    muted: false,
    timestamp: 1_700_000_000,
  });

  it('leave out the one-to-one conversation with a muted person and name them "Muted user"', async () => {
    const conversations = [
      conversation({ kind: 'private', userIds: [muted] }, ['Bob']),
      conversation({ kind: 'private', userIds: [muted, carol] }, ['Bob', 'Carol']),
      conversation({ kind: 'stream', streamId: 5, topic: 'beans' }, []),
    ];
    const bridge = { recentConversations: async () => ({ conversations }) };
    const recent = new RecentStore(bridge as unknown as ChatBridge, muting());
    await recent.open();
    expect(
      recent.shown.map((shown) => ({
        dmNames: shown.dmNames,
        participants: shown.participants.map((each) => each.fullName),
      })),
    ).toEqual([
      { dmNames: ['Muted user', 'Carol'], participants: ['Muted user', 'Carol'] },
      { dmNames: [], participants: ['Muted user', 'Carol'] },
    ]);
  });
});
