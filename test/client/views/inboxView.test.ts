import { describe, expect, it } from 'vitest';
import { inboxOf } from '../../../src-main/client/views/inboxView';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import { applyEvent } from '../../../src-main/reducer/applyEvent';
import type { InitialState } from '../../../src-main/wire/registerState';
import type { QueuedEvent } from '../../../src-main/wire';
import { bob, carol, freshCache, me, subscription, user } from '../cache/fixtures';

const inboxFrom = (cache: Cache, state: InitialState | null = null) =>
  inboxOf(cache, cache.unreadCounts(), state ?? cache.loadRegisterState()?.state ?? null);

/** A reader with unread messages in two streams (one pinned, one muted), a muted topic and two private conversations. */
function readerWithUnreads() {
  const cache = freshCache();
  cache.storeRegister(
    {
      user_id: me.id,
      subscriptions: [
        subscription(1, 'kitchen'),
        { ...subscription(2, 'workshop'), pin_to_top: true, color: '#e4523d' },
        subscription(3, 'noise', true),
        subscription(4, 'attic'),
      ],
      realm_users: [user(me), user(bob), user(carol)],
      user_topics: [{ stream_id: 1, topic_name: 'gossip', last_updated: 1, visibility_policy: 1 }],
      unread_msgs: {
        streams: [
          { stream_id: 1, topic: 'Lunch', unread_message_ids: [10, 14] },
          { stream_id: 1, topic: 'menu', unread_message_ids: [12] },
          { stream_id: 1, topic: 'gossip', unread_message_ids: [16] },
          { stream_id: 2, topic: 'saws', unread_message_ids: [11] },
          { stream_id: 3, topic: 'chatter', unread_message_ids: [17] },
          { stream_id: 4, topic: 'boxes', unread_message_ids: [9] },
        ],
        pms: [{ other_user_id: bob.id, unread_message_ids: [13] }],
        huddles: [{ user_ids_string: `${me.id},${bob.id},${carol.id}`, unread_message_ids: [15] }],
        mentions: [12],
        count: 9,
        old_unreads_missing: false,
      },
    },
    { queueId: 'q', lastEventId: -1 },
  );
  return cache;
}

describe("the Inbox's rows", () => {
  it('lists private conversations first, newest unread first, each with its count', () => {
    const cache = readerWithUnreads();
    expect(inboxFrom(cache).dms).toEqual([
      {
        narrow: { kind: 'private', userIds: [bob.id, carol.id] },
        label: 'Bob, Carol',
        unread: 1,
        mentioned: false,
      },
      { narrow: { kind: 'private', userIds: [bob.id] }, label: 'Bob', unread: 1, mentioned: false },
    ]);
  });

  it('groups topics under their stream, pinned streams first then by name, leaving out muted ones', () => {
    const cache = readerWithUnreads();
    const { streams } = inboxFrom(cache);
    expect(streams.map(({ name, color, unread }) => ({ name, color, unread }))).toEqual([
      { name: 'workshop', color: '#e4523d', unread: 1 },
      { name: 'attic', color: '#76ce90', unread: 1 },
      { name: 'kitchen', color: '#76ce90', unread: 3 },
    ]);
    // By newest unread message; the mention is marked on its topic.
    expect(streams[2]?.topics).toEqual([
      {
        narrow: { kind: 'stream', streamId: 1, topic: 'Lunch' },
        label: 'Lunch',
        unread: 2,
        mentioned: false,
      },
      {
        narrow: { kind: 'stream', streamId: 1, topic: 'menu' },
        label: 'menu',
        unread: 1,
        mentioned: true,
      },
    ]);
  });

  it('is empty when nothing is unread', () => {
    const cache = freshCache();
    cache.storeRegister({ user_id: me.id }, { queueId: 'q', lastEventId: -1 });
    expect(inboxFrom(cache)).toEqual({ dms: [], streams: [], folders: [] });
  });
});

// The reader's channels filed in Zulip 12's folders: kitchen and workshop in
// "Home", attic in "Storage" (ordered first), noise in none.
function readerWithFolders(showFolders?: boolean) {
  const cache = freshCache();
  const filed = (sub: ReturnType<typeof subscription>, folderId: number | null) => ({
    ...sub,
    is_archived: false,
    folder_id: folderId,
  });
  cache.storeRegister(
    {
      user_id: me.id,
      zulip_feature_level: 440,
      channel_folders: [
        {
          id: 1,
          name: 'Home',
          description: '',
          rendered_description: '',
          order: 1,
          is_archived: false,
        },
        {
          id: 2,
          name: 'Storage',
          description: '',
          rendered_description: '',
          order: 0,
          is_archived: false,
        },
      ],
      subscriptions: [
        filed(subscription(1, 'kitchen'), 1),
        filed({ ...subscription(2, 'workshop'), pin_to_top: true }, 1),
        filed(subscription(3, 'noise'), null),
        filed(subscription(4, 'attic'), 2),
      ],
      realm_users: [user(me), user(bob)],
      user_settings:
        showFolders === undefined ? {} : { web_inbox_show_channel_folders: showFolders },
      unread_msgs: {
        streams: [1, 2, 3, 4].map((id) => ({
          stream_id: id,
          topic: 't',
          unread_message_ids: [10 + id],
        })),
        pms: [],
        huddles: [],
        mentions: [],
        count: 4,
        old_unreads_missing: false,
      },
    },
    { queueId: 'q', lastEventId: -1 },
  );
  return cache;
}

describe('the Inbox by channel folders', () => {
  it('files each channel under its folder, in the server’s order of folders, where the reader groups by folder', () => {
    const cache = readerWithFolders(true);
    const inbox = inboxFrom(cache);
    expect(inbox.folders).toEqual([
      { id: 2, name: 'Storage' },
      { id: 1, name: 'Home' },
    ]);
    expect(inbox.streams.map(({ name, pinned, folderId }) => [name, pinned, folderId])).toEqual([
      ['workshop', true, 1],
      ['attic', false, 2],
      ['kitchen', false, 1],
      ['noise', false, null],
    ]);
  });

  it('groups by folder on a server older than the setting, and not once the reader turns it off', () => {
    expect(inboxFrom(readerWithFolders()).folders).toHaveLength(2);
    expect(inboxFrom(readerWithFolders(false)).folders).toEqual([]);
    const cache = readerWithFolders(true);
    const state = cache.loadRegisterState()?.state ?? null;
    const turnedOff = applyEvent(state ?? {}, {
      id: 1,
      type: 'user_settings',
      op: 'update',
      property: 'web_inbox_show_channel_folders',
      value: false,
    } as QueuedEvent);
    expect(inboxFrom(cache, turnedOff).folders).toEqual([]);
  });

  it('has no folders on a Hearth host', () => {
    expect(inboxFrom(readerWithUnreads()).folders).toEqual([]);
    expect(inboxFrom(readerWithUnreads()).streams.every((each) => each.folderId === null)).toBe(
      true,
    );
  });
});
