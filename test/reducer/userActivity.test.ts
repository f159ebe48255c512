import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../src-main/reducer/applyEvent';
import type { InitialState } from '../../src-main/wire/registerState';
import type { QueuedEvent, User, UserGroup } from '../../src-main/wire';

const person = (userId: number, active: boolean) =>
  ({ user_id: userId, full_name: `User ${userId}`, is_active: active }) as unknown as User;

const state: InitialState = {
  realm_users: [person(1, true), person(2, true)],
  realm_non_active_users: [person(3, false)],
};

const update = (userId: number, isActive: boolean) =>
  applyEvent(state, {
    id: 1,
    type: 'realm_user',
    op: 'update',
    person: { user_id: userId, is_active: isActive },
  } as QueuedEvent);

const ids = (users: User[] | undefined) => (users ?? []).map((user) => user.user_id);

describe('people deactivated and reactivated as Zulip 8 says it', () => {
  it('moves a deactivated person to the deactivated list', () => {
    const next = update(2, false);
    expect([ids(next.realm_users), ids(next.realm_non_active_users)]).toEqual([[1], [2, 3]]);
    expect(next.realm_non_active_users?.[0]?.is_active).toBe(false);
  });

  it('moves a reactivated person back', () => {
    const next = update(3, true);
    expect([ids(next.realm_users), ids(next.realm_non_active_users)]).toEqual([[1, 2, 3], []]);
  });
});

describe("groups and the reader's role, as Zulip 10 and 11 keep them", () => {
  const group = (id: number, members: number[]) => ({ id, members }) as unknown as UserGroup;

  it('takes a deactivated person out of every group (feature level 303)', () => {
    const next = applyEvent({ ...state, realm_user_groups: [group(10, [1, 2]), group(11, [2])] }, {
      id: 1,
      type: 'realm_user',
      op: 'update',
      person: { user_id: 2, is_active: false },
    } as QueuedEvent);
    expect(next.realm_user_groups?.map((found) => found.members)).toEqual([[1], []]);
  });

  it('counts an administrator as a moderator from feature level 380 only', () => {
    const becomeAdmin = {
      id: 1,
      type: 'realm_user',
      op: 'update',
      person: { user_id: 1, role: 200 },
    } as QueuedEvent;
    const own = { ...state, user_id: 1, is_admin: false, is_moderator: false, is_guest: false };
    expect(applyEvent({ ...own, zulip_feature_level: 380 }, becomeAdmin).is_moderator).toBe(true);
    expect(applyEvent({ ...own, zulip_feature_level: 379 }, becomeAdmin).is_moderator).toBe(false);
  });
});
