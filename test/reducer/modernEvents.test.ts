import { describe, expect, it } from 'vitest';
import { composeRulesOf } from '../../src-main/client/rules/composeAids';
import { applyEvent } from '../../src-main/reducer/applyEvent';
import type { InitialState } from '../../src-main/wire/registerState';
import type { QueuedEvent, Subscription, User } from '../../src-main/wire';

// Issue 34, point 5: events whose form changed after Zulip 7.0, applied to
// the register state the window reads (levels 228, 306 and 343 of the
// changelog), with Hearth hosts' 7.0 forms applied as before.

const person = (userId: number, active = true) =>
  ({ user_id: userId, full_name: `User ${userId}`, is_active: active }) as unknown as User;
const channel = (streamId: number) =>
  ({ stream_id: streamId, name: `channel ${streamId}` }) as unknown as Subscription;
const ids = (entries: { user_id: number }[] | undefined) =>
  (entries ?? []).map((entry) => entry.user_id);
const event = (type: string, fields: Record<string, unknown>) =>
  ({ id: 1, type, ...fields }) as QueuedEvent;

describe('a channel deletion', () => {
  const state: InitialState = {
    subscriptions: [channel(1), channel(2)],
    streams: [channel(1), channel(2), channel(3)],
    never_subscribed: [channel(3)] as unknown as NonNullable<InitialState['never_subscribed']>,
  };
  const left = (next: InitialState) => ({
    subscribed: (next.subscriptions ?? []).map((entry) => entry.stream_id),
    known: (next.streams ?? []).map((entry) => entry.stream_id),
    joinable: (next.never_subscribed ?? []).map((entry) => entry.stream_id),
  });

  it('names its channels by stream_ids from Zulip 10 (feature level 343)', () => {
    const next = applyEvent(state, event('stream', { op: 'delete', stream_ids: [2, 3] }));
    expect(left(next)).toEqual({ subscribed: [1], known: [1], joinable: [] });
  });

  it('still names them by the stream objects of Zulip 7.0', () => {
    const next = applyEvent(
      state,
      event('stream', { op: 'delete', streams: [{ stream_id: 2, name: 'channel 2' }] }),
    );
    expect(left(next)).toEqual({ subscribed: [1], known: [1, 3], joinable: [3] });
  });
});

describe('a person a guest stops seeing (realm_user remove)', () => {
  const users = { realm_users: [person(1), person(2)], realm_non_active_users: [person(3, false)] };
  const remove = (state: InitialState) =>
    applyEvent(state, event('realm_user', { op: 'remove', person: { user_id: 2 } }));

  it('leaves every list on a modern server, rather than showing as deactivated', () => {
    const next = remove({ ...users, zulip_feature_level: 300 });
    expect([ids(next.realm_users), ids(next.realm_non_active_users)]).toEqual([[1], [3]]);
  });

  it('is a deactivation on a Hearth host, as Zulip 7.0 sends one', () => {
    const next = remove(users);
    expect([ids(next.realm_users), ids(next.realm_non_active_users)]).toEqual([[1], [2, 3]]);
  });

  it('comes back with realm_user add when the guest sees them again', () => {
    const gone = remove({ ...users, zulip_feature_level: 300 });
    const back = applyEvent(gone, event('realm_user', { op: 'add', person: person(2) }));
    expect(ids(back.realm_users)).toEqual([1, 2]);
  });
});

describe('a change of plan (realm update_dict, Zulip 10 feature level 306)', () => {
  it('changes the largest upload the compose box sends, live', () => {
    const state: InitialState = { max_file_upload_size_mib: 25, realm_plan_type: 2 };
    const next = applyEvent(
      state,
      event('realm', {
        op: 'update_dict',
        property: 'default',
        data: { plan_type: 3, upload_quota_mib: 5120, max_file_upload_size_mib: 10 },
      }),
    );
    expect(next['max_file_upload_size_mib']).toBe(10);
    expect(next['realm_plan_type']).toBe(3);
    expect(composeRulesOf(next).maxUploadBytes).toBe(10 * 1024 * 1024);
    expect(composeRulesOf(state).maxUploadBytes).toBe(25 * 1024 * 1024);
  });
});

describe('subscriber counts (Zulip 11, feature level 394) as peers join and leave', () => {
  const counted = (streamId: number, count: number, subscribers?: number[]) =>
    ({
      ...channel(streamId),
      subscriber_count: count,
      ...(subscribers ? { subscribers } : {}),
    }) as Subscription;
  const state: InitialState = {
    user_id: 10,
    subscriptions: [counted(1, 3), counted(2, 5)],
    unsubscribed: [counted(3, 2)],
    never_subscribed: [counted(4, 7)] as unknown as NonNullable<InitialState['never_subscribed']>,
  };
  const counts = (next: InitialState) =>
    Object.fromEntries(
      [
        ...(next.subscriptions ?? []),
        ...(next.unsubscribed ?? []),
        ...(next.never_subscribed ?? []),
      ]
        .map((entry) => [entry.stream_id, (entry as Subscription).subscriber_count])
        .sort(([a], [b]) => Number(a) - Number(b)),
    );
  // As Zulip sends them: every channel that gained or lost the people, and the people.
  const peers = (op: 'peer_add' | 'peer_remove', streamIds: number[], userIds: number[]) =>
    event('subscription', { op, stream_ids: streamIds, user_ids: userIds });

  it('counts the people who joined into each channel the event names, and no other', () => {
    const next = applyEvent(state, peers('peer_add', [1, 3, 4], [12, 13]));
    expect(counts(next)).toEqual({ 1: 5, 2: 5, 3: 4, 4: 9 });
  });

  it('counts the people who left out of each channel the event names, and no other', () => {
    const next = applyEvent(state, peers('peer_remove', [2, 4], [12, 13]));
    expect(counts(next)).toEqual({ 1: 3, 2: 3, 3: 2, 4: 5 });
  });

  it('counts each person once, and only a change to the subscribers it lists', () => {
    const listed: InitialState = { subscriptions: [counted(1, 2, [10, 12])] };
    expect(counts(applyEvent(listed, peers('peer_add', [1], [12, 13, 13])))).toEqual({ 1: 3 });
    expect(counts(applyEvent(listed, peers('peer_remove', [1], [12, 14])))).toEqual({ 1: 1 });
    expect(counts(applyEvent(state, peers('peer_add', [2], [12, 12])))).toMatchObject({ 2: 6 });
  });

  it('counts the reader out of a channel they leave, for which no peer event comes', () => {
    const next = applyEvent(
      state,
      event('subscription', { op: 'remove', subscriptions: [{ stream_id: 2, name: 'channel 2' }] }),
    );
    expect(counts(next)).toEqual({ 1: 3, 2: 4, 3: 2, 4: 7 });
  });

  it('keeps the count of the channel objects beside the subscriptions, streams and default channels, too', () => {
    const beside: InitialState = {
      user_id: 10,
      subscriptions: [counted(1, 3)],
      never_subscribed: [counted(4, 7)] as unknown as NonNullable<InitialState['never_subscribed']>,
      streams: [counted(1, 3), counted(4, 7)],
      realm_default_streams: [counted(4, 7)],
    };
    const streamCounts = (next: InitialState) =>
      (next.streams ?? []).map((entry) => [entry.stream_id, entry.subscriber_count]);
    const defaultCount = (next: InitialState) =>
      (next.realm_default_streams as Subscription[] | undefined)?.[0]?.subscriber_count;
    const joinedByPeers = applyEvent(beside, peers('peer_add', [4], [12, 13]));
    expect(streamCounts(joinedByPeers)).toEqual([
      [1, 3],
      [4, 9],
    ]);
    expect(defaultCount(joinedByPeers)).toBe(9);
    // The reader's own joining and leaving come with no peer event.
    const joined = applyEvent(
      beside,
      event('subscription', { op: 'add', subscriptions: [counted(4, 8)] }),
    );
    expect(streamCounts(joined)).toEqual([
      [1, 3],
      [4, 8],
    ]);
    expect(defaultCount(joined)).toBe(8);
    const left = applyEvent(
      beside,
      event('subscription', { op: 'remove', subscriptions: [{ stream_id: 1, name: 'channel 1' }] }),
    );
    expect(streamCounts(left)).toEqual([
      [1, 2],
      [4, 7],
    ]);
  });

  it('leaves a Hearth host’s channels, which have no count, as they are', () => {
    const hearth: InitialState = { subscriptions: [channel(1)] };
    const next = applyEvent(hearth, peers('peer_add', [1], [12]));
    expect(next.subscriptions?.[0]).toEqual(channel(1));
  });
});
