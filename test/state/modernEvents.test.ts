import { describe, expect, it } from 'vitest';
import { composeRulesOf } from '../../src-main/client/app/composeAids';
import { applyEvent, type InitialState } from '../../src-main/state/applyEvent';
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
