import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's GET /messages/{message_id}/read_receipts, under the
// organization's enable_read_receipts and each reader's send_read_receipts
// (issue 36, point 4).

describe('GET /messages/{message_id}/read_receipts', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;

  const receipts = (viewer: TestUser, id: number) =>
    org.api(viewer)('GET', `/messages/${id}/read_receipts`);
  const readersOf = async (viewer: TestUser, id: number): Promise<number[]> => {
    const answer = await receipts(viewer, id);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.user_ids as number[];
  };
  const flag = async (user: TestUser, id: number, op: 'add' | 'remove' = 'add') => {
    const answer = await org.api(user)('POST', '/messages/flags', {
      messages: [id],
      op,
      flag: 'read',
    });
    expect(answer.status).toBe(200);
  };
  const setting = async (user: TestUser, value: boolean) => {
    const answer = await org.api(user)('PATCH', '/settings', { send_read_receipts: value });
    expect(answer.status).toBe(200);
  };
  const realmSetting = (user: TestUser, value: boolean) =>
    org.api(user)('PATCH', '/realm', { enable_read_receipts: value });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    dave = await org.user('dave');
    for (const user of [alice, bob, carol, dave]) await org.subscribe(user, 'verona');
  });
  afterAll(() => org.close());

  it('lists those who read a stream message, never its sender, and not those who only received it', async () => {
    const id = await org.sendStream(alice, 'verona', 'receipts', 'read me');
    expect(await readersOf(bob, id)).toEqual([]);

    await flag(bob, id);
    expect(await readersOf(bob, id)).toEqual([bob.id]);
    await flag(carol, id);
    expect(await readersOf(alice, id)).toEqual([bob.id, carol.id]);

    // Marking it unread again takes the reader off, as in Zulip.
    await flag(bob, id, 'remove');
    expect(await readersOf(dave, id)).toEqual([carol.id]);
  });

  it('lists readers of private and group messages alike', async () => {
    const direct = (
      await org.api(alice)('POST', '/messages', { type: 'private', to: [bob.id], content: 'hi' })
    ).json.id as number;
    expect(await readersOf(bob, direct)).toEqual([]);
    await flag(bob, direct);
    expect(await readersOf(alice, direct)).toEqual([bob.id]);

    const group = (
      await org.api(alice)('POST', '/messages', {
        type: 'private',
        to: [bob.id, carol.id],
        content: 'all of us',
      })
    ).json.id as number;
    await flag(carol, group);
    expect(await readersOf(bob, group)).toEqual([carol.id]);
  });

  it('answers a message out of reach, or missing, as Zulip does', async () => {
    const make = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret-garden' }],
      invite_only: true,
    });
    expect(make.status).toBe(200);
    const id = await org.sendStream(alice, 'secret-garden', 'plans', 'shh');
    for (const missing of [id, 999_999]) {
      const refused = await receipts(bob, missing);
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({
        result: 'error',
        msg: 'Invalid message(s)',
        code: 'BAD_REQUEST',
      });
    }
    expect(await readersOf(alice, id)).toEqual([]);
  });

  it('leaves out deactivated readers until they come back', async () => {
    const id = await org.sendStream(alice, 'verona', 'receipts', 'before the leave');
    await flag(dave, id);
    await flag(carol, id);
    expect((await org.api(org.owner)('DELETE', `/users/${dave.id}`)).status).toBe(200);
    expect(await readersOf(carol, id)).toEqual([carol.id]);
    expect((await org.api(org.owner)('POST', `/users/${dave.id}/reactivate`)).status).toBe(200);
    expect(await readersOf(carol, id)).toEqual([carol.id, dave.id]);
  });

  it("leaves out a reader who turned send_read_receipts off, and says so in that reader's state", async () => {
    const id = await org.sendStream(alice, 'verona', 'receipts', 'private reading');
    await flag(bob, id);
    await flag(carol, id);
    const queue = await registerQueue(org, carol, { event_types: ['user_settings'] });

    await setting(carol, false);
    expect(await readersOf(alice, id)).toEqual([bob.id]);
    expect(await queuedEvents(org, carol, queue)).toContainEqual(
      expect.objectContaining({
        type: 'user_settings',
        op: 'update',
        property: 'send_read_receipts',
        value: false,
      }),
    );
    const state = await org.api(carol)('POST', '/register', {
      fetch_event_types: ['user_settings'],
    });
    expect(state.json.user_settings.send_read_receipts).toBe(false);

    await setting(carol, true);
    expect(await readersOf(alice, id)).toEqual([bob.id, carol.id]);
  });

  it('counts a bot that marks messages read, unless the bot turned receipts off', async () => {
    const made = await org.api(alice)('POST', '/bots', {
      full_name: 'Relay bot',
      short_name: 'relay',
      bot_type: 1,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const botId = made.json.user_id as number;
    const bot: TestUser = {
      id: botId,
      email: (await org.api(alice)('GET', `/users/${botId}`)).json.user.email as string,
      fullName: 'Relay bot',
      apiKey: made.json.api_key as string,
    };
    await org.subscribe(bot, 'verona');
    const id = await org.sendStream(alice, 'verona', 'receipts', 'for the bot');
    await flag(bot, id);
    expect(await readersOf(bob, id)).toEqual([bot.id]);
    await setting(bot, false);
    expect(await readersOf(bob, id)).toEqual([]);
  });

  it("lists someone who only reacted to a public stream's history, through their historical row", async () => {
    await org.subscribe(alice, 'piazza');
    const id = await org.sendStream(alice, 'piazza', 'news', 'fresh news');
    const reacted = await org.api(bob)('POST', `/messages/${id}/reactions`, {
      emoji_name: 'octopus',
    });
    expect(reacted.status).toBe(200);
    expect(await readersOf(alice, id)).toEqual([bob.id]);
  });

  it('hides readers the viewer muted, and readers who muted the viewer', async () => {
    const id = await org.sendStream(alice, 'verona', 'receipts', 'muting');
    for (const user of [bob, carol, dave]) await flag(user, id);
    expect(await readersOf(alice, id)).toEqual([bob.id, carol.id, dave.id]);

    expect((await org.api(bob)('POST', `/users/me/muted_users/${alice.id}`)).status).toBe(200);
    expect((await org.api(alice)('POST', `/users/me/muted_users/${carol.id}`)).status).toBe(200);
    expect(await readersOf(alice, id)).toEqual([dave.id]);
    // Someone else still sees them.
    expect(await readersOf(dave, id)).toEqual([bob.id, carol.id, dave.id]);

    await org.api(bob)('DELETE', `/users/me/muted_users/${alice.id}`);
    await org.api(alice)('DELETE', `/users/me/muted_users/${carol.id}`);
  });

  it('lets administrators turn them off for the organization, which every client hears and a restart keeps', async () => {
    const id = await org.sendStream(alice, 'verona', 'receipts', 'switch');
    await flag(bob, id);
    expect(
      (await org.api(org.owner)('POST', '/register', {})).json.realm_enable_read_receipts,
    ).toBe(true);

    const refused = await realmSetting(alice, false);
    expect(refused.json).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });

    const queue = await registerQueue(org, bob, { event_types: ['realm'] });
    const changed = await realmSetting(org.owner, false);
    expect(changed.json).toEqual({
      result: 'success',
      msg: '',
      enable_read_receipts: false,
    });
    expect(await queuedEvents(org, bob, queue)).toContainEqual(
      expect.objectContaining({
        type: 'realm',
        op: 'update',
        property: 'enable_read_receipts',
        value: false,
      }),
    );

    await org.restart();
    expect((await org.api(bob)('POST', '/register', {})).json.realm_enable_read_receipts).toBe(
      false,
    );
    const disabled = await receipts(bob, id);
    expect(disabled.status).toBe(400);
    expect(disabled.json).toEqual({
      result: 'error',
      msg: 'Read receipts are disabled in this organization.',
      code: 'BAD_REQUEST',
    });
    // The message is checked first: one out of reach reads as such all the same.
    expect((await receipts(bob, 999_999)).json.msg).toBe('Invalid message(s)');

    expect((await realmSetting(org.owner, true)).status).toBe(200);
    expect(await readersOf(bob, id)).toEqual([bob.id]);
  });
});
