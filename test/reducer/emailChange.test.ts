import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../src-main/reducer/applyEvent';
import type { InitialState } from '../../src-main/wire/registerState';
import type { QueuedEvent, User } from '../../src-main/wire';

const person = (userId: number, email: string) =>
  ({
    user_id: userId,
    email,
    delivery_email: email,
    full_name: `User ${userId}`,
  }) as unknown as User;

const state: InitialState = {
  user_id: 2,
  email: 'two@old.test',
  delivery_email: 'two@old.test',
  realm_users: [person(1, 'one@old.test'), person(2, 'two@old.test')],
};

const update = (change: Record<string, unknown>) =>
  applyEvent(state, { id: 1, type: 'realm_user', op: 'update', person: change } as QueuedEvent);

describe("a person's email changed, as Zulip's do_change_user_delivery_email tells it", () => {
  it('takes new_email as the API email, of the person and of oneself', () => {
    const next = update({ user_id: 2, new_email: 'two@new.test' });
    expect(next.realm_users?.map((user) => user.email)).toEqual(['one@old.test', 'two@new.test']);
    expect(next.realm_users?.[1]).not.toHaveProperty('new_email');
    expect(next.email).toBe('two@new.test');
  });

  it('takes delivery_email as it comes, of the person and of oneself', () => {
    const next = update({ user_id: 2, delivery_email: 'two@new.test' });
    expect(next.realm_users?.[1]).toMatchObject({ delivery_email: 'two@new.test' });
    expect(next.delivery_email).toBe('two@new.test');
    expect(update({ user_id: 1, delivery_email: 'x@new.test' }).delivery_email).toBe(
      'two@old.test',
    );
  });
});
