import { describe, expect, it } from 'vitest';
import {
  archivedStreams,
  browsedStreams,
  mutedTopics,
  streamNamed,
  streamNotifications,
  streamSettings,
  topicPolicyFor,
} from '../../../src-main/client/views/streamsView';
import { applyEvent } from '../../../src-main/reducer/applyEvent';
import type { InitialState } from '../../../src-main/wire/registerState';
import { isRowMuted } from '../../../src-main/registerReads/topicMuting';
import {
  zulipNotificationDefaults,
  type QueuedEvent,
  type Stream,
  type Subscription,
} from '../../../src-main/wire';

const stream = (id: number, name: string, extra: Partial<Stream> = {}): Stream => ({
  stream_id: id,
  name,
  description: `about ${name}`,
  rendered_description: `<p>about ${name}</p>`,
  invite_only: false,
  ...extra,
});

const subscription = (
  id: number,
  name: string,
  extra: Partial<Subscription> = {},
): Subscription => ({
  ...stream(id, name),
  color: '#76ce90',
  is_muted: false,
  in_home_view: true,
  pin_to_top: false,
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
  ...extra,
});

const event = (fields: Record<string, unknown>): QueuedEvent =>
  ({ id: 1, ...fields }) as QueuedEvent;

// A member subscribed to #kitchen, who left #attic and never joined #garden.
const state: InitialState = {
  user_id: 7,
  is_admin: false,
  subscriptions: [subscription(1, 'kitchen', { color: '#c2726a' })],
  unsubscribed: [subscription(2, 'attic')],
  never_subscribed: [{ ...stream(3, 'Garden'), stream_weekly_traffic: null }],
  streams: [stream(1, 'kitchen'), stream(2, 'attic'), stream(3, 'Garden')],
  user_topics: [
    { stream_id: 1, topic_name: 'lunch', last_updated: 1, visibility_policy: 1 },
    { stream_id: 3, topic_name: 'Weeds', last_updated: 1, visibility_policy: 1 },
    { stream_id: 1, topic_name: 'dinner', last_updated: 1, visibility_policy: 2 },
  ],
};

// The same member on a Zulip 10 server, which marks every channel object with is_archived.
const flagged = <T extends object>(list: T[] | undefined) =>
  (list ?? []).map((each) => ({ ...each, is_archived: false }));
const zulip10: InitialState = {
  ...state,
  zulip_feature_level: 400,
  subscriptions: flagged(state.subscriptions),
  unsubscribed: flagged(state.unsubscribed),
  never_subscribed: flagged(state.never_subscribed),
  streams: flagged(state.streams),
};

// Zulip's event for archiving or unarchiving a channel, to clients that declare archived_channels (level 378).
const archiving = (streamId: number, name: string, archived: boolean) =>
  event({
    type: 'stream',
    op: 'update',
    stream_id: streamId,
    name,
    property: 'is_archived',
    value: archived,
  });

describe('the stream browser', () => {
  it('lists every stream the user may see by name, with their subscription', () => {
    expect(browsedStreams(state, [])).toEqual([
      {
        streamId: 2,
        name: 'attic',
        renderedDescription: '<p>about attic</p>',
        inviteOnly: false,
        subscribed: false,
        color: null,
        archived: false,
      },
      expect.objectContaining({ name: 'Garden', subscribed: false }),
      expect.objectContaining({ name: 'kitchen', subscribed: true, color: '#c2726a' }),
    ]);
  });

  it('leaves out a channel a Zulip 10 server reports archived, once the event says so', () => {
    expect(browsedStreams(zulip10, []).map((row) => row.name)).toContain('attic');
    const archived = applyEvent(zulip10, archiving(2, 'attic', true));
    expect(browsedStreams(archived, []).map((row) => row.name)).toEqual(['Garden', 'kitchen']);
  });

  it('lists apart the archived channels the reader can see, subscribed or not, marked archived', () => {
    const withArchived: InitialState = {
      ...zulip10,
      subscriptions: [
        ...(zulip10.subscriptions ?? []),
        { ...subscription(5, 'Rome'), is_archived: true },
      ],
      never_subscribed: [
        ...(zulip10.never_subscribed ?? []),
        { ...stream(6, 'carthage'), stream_weekly_traffic: null, is_archived: true },
      ],
    };
    expect(archivedStreams(withArchived)).toEqual([
      expect.objectContaining({ streamId: 6, name: 'carthage', subscribed: false, archived: true }),
      expect.objectContaining({ streamId: 5, name: 'Rome', subscribed: true, archived: true }),
    ]);
    expect(browsedStreams(withArchived, []).map((row) => row.name)).not.toContain('Rome');
  });

  it('moves a channel between the lists as it is archived and unarchived', () => {
    expect(archivedStreams(zulip10)).toEqual([]);
    const archived = applyEvent(zulip10, archiving(1, 'kitchen', true));
    expect(archivedStreams(archived)?.map((row) => [row.name, row.subscribed])).toEqual([
      ['kitchen', true],
    ]);
    const unarchived = applyEvent(archived, archiving(1, 'kitchen', false));
    expect(archivedStreams(unarchived)).toEqual([]);
    expect(browsedStreams(unarchived, []).find((row) => row.streamId === 1)).toMatchObject({
      subscribed: true,
      archived: false,
    });
  });

  it('has no archived list where the server keeps no archived channels', () => {
    expect(archivedStreams(state)).toBeNull();
    expect(archivedStreams(null)).toBeNull();
  });

  it('follows the events: a stream created elsewhere, joining it, and leaving it', () => {
    const created = applyEvent(
      state,
      event({ type: 'stream', op: 'create', streams: [stream(4, 'bakery')] }),
    );
    expect(browsedStreams(created, []).map((row) => row.name)).toEqual([
      'attic',
      'bakery',
      'Garden',
      'kitchen',
    ]);
    const joined = applyEvent(
      created,
      event({ type: 'subscription', op: 'add', subscriptions: [subscription(4, 'bakery')] }),
    );
    expect(browsedStreams(joined, []).find((row) => row.streamId === 4)?.subscribed).toBe(true);
    const left = applyEvent(
      joined,
      event({
        type: 'subscription',
        op: 'remove',
        subscriptions: [{ stream_id: 4, name: 'bakery' }],
      }),
    );
    expect(browsedStreams(left, []).find((row) => row.streamId === 4)).toMatchObject({
      subscribed: false,
      color: null,
    });
  });

  it('shows the cached subscriptions before any registration', () => {
    expect(browsedStreams(null, [subscription(1, 'kitchen')])).toEqual([
      expect.objectContaining({ name: 'kitchen', subscribed: true }),
    ]);
  });

  it('finds a taken name without regard to case', () => {
    const rows = browsedStreams(state, []);
    expect(streamNamed(rows, ' garden ')?.streamId).toBe(3);
    expect(streamNamed(rows, 'gardens')).toBeUndefined();
  });
});

describe("a subscription's settings", () => {
  it('shows each notification setting as its own choice or the global one it follows', () => {
    const settings = { ...zulipNotificationDefaults, enable_stream_push_notifications: true };
    const kitchen = subscription(1, 'kitchen', {
      desktop_notifications: false,
      email_notifications: true,
    });
    expect(streamNotifications(kitchen, settings)).toEqual([
      { property: 'desktop_notifications', value: false, fallback: false },
      { property: 'audible_notifications', value: null, fallback: false },
      { property: 'push_notifications', value: null, fallback: true },
      { property: 'email_notifications', value: true, fallback: false },
      { property: 'wildcard_mentions_notify', value: null, fallback: true },
    ]);
  });

  it("lists the stream's own muted topics", () => {
    const kitchen = subscription(1, 'kitchen', { pin_to_top: true, is_muted: true });
    expect(streamSettings(kitchen, zulipNotificationDefaults, mutedTopics(state))).toMatchObject({
      streamId: 1,
      pinned: true,
      muted: true,
      mutedTopics: [{ streamId: 1, stream: 'kitchen', topic: 'lunch' }],
    });
  });
});

describe('muted topics', () => {
  it('lists the topics muted by policy, not those unmuted, by stream then topic', () => {
    expect(mutedTopics(state)).toEqual([
      { streamId: 3, stream: 'Garden', topic: 'Weeds' },
      { streamId: 1, stream: 'kitchen', topic: 'lunch' },
    ]);
  });

  it('follows user_topic events', () => {
    const unmuted = applyEvent(
      state,
      event({
        type: 'user_topic',
        stream_id: 1,
        topic_name: 'LUNCH',
        last_updated: 2,
        visibility_policy: 0,
      }),
    );
    expect(mutedTopics(unmuted).map((topic) => topic.topic)).toEqual(['Weeds']);
  });

  it("reads an older server's muted_topics, which name streams", () => {
    const older: InitialState = {
      subscriptions: [subscription(1, 'kitchen')],
      muted_topics: [
        ['kitchen', 'lunch', 1],
        ['gone', 'anything', 1],
      ],
    };
    expect(mutedTopics(older)).toEqual([{ streamId: 1, stream: 'kitchen', topic: 'lunch' }]);
  });

  it("mutes with policy 1 and unmutes as Zulip's web app: inherit, or unmuted in a muted stream", () => {
    expect(topicPolicyFor(true, false)).toBe(1);
    expect(topicPolicyFor(false, false)).toBe(0);
    expect(topicPolicyFor(false, true)).toBe(2);
  });

  it('dims a topic muted by itself or by its stream unless unmuted', () => {
    expect(isRowMuted(false, 1)).toBe(true);
    expect(isRowMuted(false, 0)).toBe(false);
    expect(isRowMuted(true, 0)).toBe(true);
    expect(isRowMuted(true, 2)).toBe(false);
  });
});
