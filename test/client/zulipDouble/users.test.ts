import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realmUserEventSchema } from '../../../src-main/wire';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf } from '../../helpers/doubleClients';

// Administrators' changes to other users on the Zulip 12 double: PATCH,
// DELETE /users/{id} and POST /users/{id}/reactivate, with the realm_user and
// user_group events that follow and the permissions that follow the groups.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

const groupsOf = (state: Record<string, unknown>) =>
  state.realm_user_groups as { id: number; members: number[] }[];

describe('changing a role on the Zulip double', () => {
  it('moves the user between system groups, and group permissions follow', async () => {
    const { users, groups, streams } = double;
    const hamlet = await clients.listen(users.member);
    const cordelia = clients.apiFor(users.member2);
    const sent = await cordelia.sendStreamMessage({
      stream: 'Denmark',
      topic: 'lunch',
      content: 'Soup',
    });
    // Moving between topics is for moderators in the documented organization.
    await expect(cordelia.updateMessage(sent, { topic: 'dinner' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await hamlet.drain();

    await clients.apiFor(users.admin).changeUserRole(users.member2.id, 300);
    const events = await hamlet.drain();
    expect(realmUserEventSchema.parse(events[0])).toMatchObject({
      op: 'update',
      person: { user_id: users.member2.id, role: 300 },
    });
    expect(events.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          op: 'remove_members',
          group_id: groups.members,
          user_ids: [users.member2.id],
        }),
        expect.objectContaining({
          op: 'remove_members',
          group_id: groups.fullMembers,
          user_ids: [users.member2.id],
        }),
        expect.objectContaining({
          op: 'add_members',
          group_id: groups.moderators,
          user_ids: [users.member2.id],
        }),
      ]),
    );
    const state = await clients.stateOf(users.member);
    expect(groupsOf(state).find((group) => group.id === groups.moderators)?.members).toContain(
      users.member2.id,
    );
    expect(groupsOf(state).find((group) => group.id === groups.members)?.members).not.toContain(
      users.member2.id,
    );
    await cordelia.updateMessage(sent, { topic: 'dinner' });
    expect(double.org.messages.get(sent)).toMatchObject({
      topic: 'dinner',
      streamId: streams.denmark,
    });
  });

  it('shows a guest made a member the public channels they could not see', async () => {
    const { users, streams } = double;
    const polonius = await clients.listen(users.guest);
    await clients.apiFor(users.admin).changeUserRole(users.guest.id, 400);
    const created = (await polonius.drain()).find((event) => event.type === 'stream');
    // Rome too: the queue takes archived channels.
    expect(created).toMatchObject({ op: 'create' });
    expect((created?.streams as { stream_id: number }[]).map((s) => s.stream_id)).toEqual([
      streams.scotland,
      streams.rome,
    ]);
    expect(double.org.user(users.guest.id)).toMatchObject({ role: 400, is_guest: false });
  });

  it('renames another user for everyone', async () => {
    const { users } = double;
    const cordelia = await clients.listen(users.member2);
    await clients.raw(users.admin)('PATCH', `/users/${users.member.id}`, { full_name: 'The Dane' });
    expect(await cordelia.drain()).toMatchObject([
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: users.member.id, full_name: 'The Dane' },
      },
    ]);
  });

  it('refuses a member, an administrator giving the owner role, and the only owner stepping down', async () => {
    const { users } = double;
    await expect(
      clients.apiFor(users.member).changeUserRole(users.member2.id, 200),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Insufficient permission',
    });
    await expect(
      clients.apiFor(users.admin).changeUserRole(users.member.id, 100),
    ).rejects.toMatchObject({
      status: 400,
      code: 'UNAUTHORIZED_PRINCIPAL',
      message: 'Must be an organization owner',
    });
    await expect(
      clients.apiFor(users.owner).changeUserRole(users.owner.id, 200),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The owner permission cannot be removed from the only organization owner.',
    });
    const unknownRole = await clients.raw(users.admin)('PATCH', `/users/${users.member.id}`, {
      role: 250,
    });
    expect(unknownRole.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid role' });
    const nobody = await clients.raw(users.admin)('PATCH', '/users/999', { role: 400 });
    expect(nobody.json).toMatchObject({ msg: 'No such user' });
  });
});

describe('deactivating a user on the Zulip double', () => {
  it('deactivates and reactivates, with their subscriptions and groups set aside meanwhile', async () => {
    const { users, groups, streams } = double;
    const hamlet = await clients.listen(users.member);
    const admin = clients.apiFor(users.admin);
    await admin.deactivateUser(users.member2.id);
    const events = await hamlet.drain();
    // Her subscriptions go first, then she is marked inactive.
    expect(events.at(-1)).toMatchObject({
      type: 'realm_user',
      op: 'update',
      person: { user_id: users.member2.id, is_active: false },
    });
    expect(events.slice(0, -1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          op: 'peer_remove',
          stream_ids: [streams.denmark],
          user_ids: [users.member2.id],
        }),
      ]),
    );
    await expect(clients.apiFor(users.member2).getIdentity()).rejects.toMatchObject({
      status: 401,
      code: 'USER_DEACTIVATED',
    });
    const state = await clients.stateOf(users.member);
    const ids = (list: unknown) => (list as { user_id: number }[]).map((user) => user.user_id);
    expect(ids(state.realm_users)).not.toContain(users.member2.id);
    expect(ids(state.realm_non_active_users)).toEqual([users.member2.id]);
    expect(groupsOf(state).find((group) => group.id === groups.members)?.members).not.toContain(
      users.member2.id,
    );

    await admin.reactivateUser(users.member2.id);
    const back = await hamlet.drain();
    expect(back[0]).toMatchObject({
      type: 'realm_user',
      person: { user_id: users.member2.id, is_active: true },
    });
    expect(back).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          op: 'add_members',
          group_id: groups.members,
          user_ids: [users.member2.id],
        }),
        expect.objectContaining({
          op: 'peer_add',
          stream_ids: [streams.denmark],
          user_ids: [users.member2.id],
        }),
      ]),
    );
    expect((await clients.apiFor(users.member2).getIdentity()).user_id).toBe(users.member2.id);
    await expect(admin.reactivateUser(users.member2.id)).rejects.toMatchObject({
      message: 'User is already active.',
    });
  });

  it('refuses an administrator deactivating the owner, and the only owner deactivating themself', async () => {
    const { users } = double;
    await expect(clients.apiFor(users.admin).deactivateUser(users.owner.id)).rejects.toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      message: 'Must be an organization owner',
    });
    await expect(clients.apiFor(users.owner).deactivateUser(users.owner.id)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Cannot deactivate the only organization owner',
    });
    await expect(
      clients.apiFor(users.member).deactivateUser(users.member2.id),
    ).rejects.toMatchObject({
      message: 'Insufficient permission',
    });
  });
});
