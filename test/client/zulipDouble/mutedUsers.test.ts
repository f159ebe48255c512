import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientsOf } from '../../helpers/doubleClients';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { notificationBotId } from '../../helpers/zulipDouble/org';

// POST and DELETE /users/me/muted_users/{id} on the Zulip 12 double: Zulip's
// refusals, the muted sender's messages marked read (their event first), the
// muted_users event to the muter alone, and register's muted_users.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

describe('muted users on the Zulip double', () => {
  it('refuses as Zulip does: oneself, no such user, twice, and someone not muted', async () => {
    const hamlet = clients.raw(double.users.member);
    const refusal = async (method: 'POST' | 'DELETE', id: number) =>
      (await hamlet(method, `/users/me/muted_users/${id}`)).json;
    expect(await refusal('POST', double.users.member.id)).toMatchObject({
      result: 'error',
      msg: 'Cannot mute self',
    });
    expect((await refusal('POST', 999_999)).msg).toBe('No such user');
    expect((await refusal('DELETE', double.users.member2.id)).msg).toBe('User is not muted');
    expect((await refusal('POST', notificationBotId)).result).toBe('success');
    expect((await refusal('POST', notificationBotId)).msg).toBe('User already muted');
  });

  it('marks what the muted user sent read before telling the muter, and delivers the rest read', async () => {
    const { users, streams } = double;
    const cordelia = clients.raw(users.member2);
    const send = async (content: string) =>
      (
        await cordelia('POST', '/messages', {
          type: 'stream',
          to: streams.denmark,
          topic: 'noise',
          content,
        })
      ).json.id as number;
    const before = await send('Unread until muted');
    const hamlet = await clients.listen(users.member);
    const iago = await clients.listen(users.admin);

    await clients.apiFor(users.member).muteUser(users.member2.id);
    expect(await hamlet.drain()).toMatchObject([
      // The documented examples hold unread messages of Cordelia's too.
      {
        type: 'update_message_flags',
        op: 'add',
        flag: 'read',
        messages: expect.arrayContaining([before]),
        all: false,
      },
      { type: 'muted_users', muted_users: [{ id: users.member2.id }] },
    ]);
    expect(await iago.drain()).toEqual([]);
    expect((await clients.stateOf(users.member)).muted_users).toEqual([
      { id: users.member2.id, timestamp: expect.any(Number) },
    ]);

    const after = await send('Read on arrival');
    expect(await hamlet.drain()).toMatchObject([
      { type: 'message', message: { id: after }, flags: expect.arrayContaining(['read']) },
    ]);
    const adminCopy = (await iago.drain()).find((event) => event.type === 'message');
    expect(adminCopy).toMatchObject({ flags: [] });

    await clients.apiFor(users.member).unmuteUser(users.member2.id);
    expect(await hamlet.drain()).toMatchObject([{ type: 'muted_users', muted_users: [] }]);
  });
});
