import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

interface Bot extends TestUser {
  response: Record<string, unknown>;
}

describe('bots', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let serial = 0;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
  });
  afterAll(() => org.close());

  const createBot = async (owner: TestUser, params: Record<string, unknown> = {}): Promise<Bot> => {
    serial += 1;
    const shortName = `robot${serial}`;
    const fullName = `Robot ${serial}`;
    const response = await org.api(owner)('POST', '/bots', {
      full_name: fullName,
      short_name: shortName,
      ...params,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const id = response.json.user_id as number;
    return {
      id,
      email: `${shortName}-bot@hearth.local`,
      fullName,
      apiKey: response.json.api_key as string,
      response: response.json,
    };
  };
  const member = async (viewer: TestUser, userId: number) =>
    ((await org.api(viewer)('GET', '/users')).json.members as { user_id: number }[]).find(
      (user) => user.user_id === userId,
    );
  const register = async (user: TestUser, eventTypes?: string[]) =>
    (await org.api(user)('POST', '/register', eventTypes ? { event_types: eventTypes } : {})).json;
  const events = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Record<string, unknown>[];

  describe('POST /bots', () => {
    it("creates a bot named <short_name>-bot, owned by its creator, with Zulip's answer", async () => {
      const bot = await createBot(alice, { bot_type: 2 });
      expect(bot.response).toEqual({
        result: 'success',
        msg: '',
        user_id: bot.id,
        api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        avatar_url: `/avatar/${bot.id}?version=1`,
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      });
      expect(await member(bob, bot.id)).toMatchObject({
        email: bot.email,
        full_name: bot.fullName,
        is_bot: true,
        is_active: true,
        bot_type: 2,
        bot_owner_id: alice.id,
      });
    });

    it('makes a generic bot when bot_type is left out', async () => {
      const bot = await createBot(alice);
      expect(await member(alice, bot.id)).toMatchObject({ bot_type: 1 });
    });

    it('keeps the default streams it is given, by name', async () => {
      const bot = await createBot(alice, {
        default_sending_stream: 'design',
        default_events_register_stream: 'design',
        default_all_public_streams: true,
      });
      expect(bot.response).toMatchObject({
        default_sending_stream: 'design',
        default_events_register_stream: 'design',
        default_all_public_streams: true,
      });
    });

    it('refuses a default stream the creator cannot reach', async () => {
      const response = await org.api(alice)('POST', '/bots', {
        full_name: 'Lost Bot',
        short_name: 'lost',
        default_sending_stream: 'nowhere',
      });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({
        result: 'error',
        msg: "Invalid channel name 'nowhere'",
      });
    });

    it('refuses embedded bots, which a Zulip server has off unless enabled', async () => {
      const response = await org.api(alice)('POST', '/bots', {
        full_name: 'Kind 4',
        short_name: 'kind4',
        bot_type: 4,
      });
      expect(response.status).toBe(400);
      expect(response.json.msg).toBe('Embedded bots are not enabled.');
      const unknown = await org.api(alice)('POST', '/bots', {
        full_name: 'Kind 9',
        short_name: 'kind9',
        bot_type: 9,
      });
      expect(unknown.json).toMatchObject({ result: 'error', msg: 'Invalid bot type' });
    });

    it("refuses a taken username, a blank short name and another active user's name", async () => {
      const taken = await createBot(alice);
      const again = await org.api(bob)('POST', '/bots', {
        full_name: 'Someone Else',
        short_name: taken.email.split('-bot@')[0],
      });
      expect(again.json).toMatchObject({ result: 'error', msg: 'Username already in use' });
      const blank = await org.api(bob)('POST', '/bots', { full_name: 'Blank', short_name: '  ' });
      expect(blank.json).toMatchObject({ result: 'error', msg: 'Bad name or username' });
      const spaced = await org.api(bob)('POST', '/bots', {
        full_name: 'Spaced',
        short_name: 'has space',
      });
      expect(spaced.json).toMatchObject({ result: 'error', msg: 'Bad name or username' });
      const sameName = await org.api(bob)('POST', '/bots', {
        full_name: 'Alice',
        short_name: 'alias',
      });
      expect(sameName.json).toMatchObject({ result: 'error', msg: 'Name is already in use!' });
    });

    it('is refused to guests and to bots', async () => {
      const generic = await createBot(alice);
      const fromBot = await org.api(generic)('POST', '/bots', {
        full_name: 'Grandchild',
        short_name: 'grandchild',
      });
      expect(fromBot.status).toBe(400);
      expect(fromBot.json.msg).toBe('This endpoint does not accept bot requests.');
    });
  });

  describe('GET /bots', () => {
    it("lists the caller's own active bots, in Zulip 12's shape, without their keys (feature level 474)", async () => {
      const carol = await org.user('carol');
      const kept = await createBot(carol, { bot_type: 2 });
      const gone = await createBot(carol);
      await createBot(bob);
      await org.api(carol)('DELETE', `/bots/${gone.id}`);
      const response = await org.api(carol)('GET', '/bots');
      expect(response.json.bots).toEqual([
        {
          username: kept.email,
          full_name: kept.fullName,
          avatar_url: `/avatar/${kept.id}?version=1`,
          default_sending_stream: null,
          default_events_register_stream: null,
          default_all_public_streams: false,
        },
      ]);
    });
  });

  describe('an incoming webhook bot', () => {
    it('may send messages and nothing else', async () => {
      const hook = await createBot(alice, { bot_type: 2 });
      const sent = await org.api(hook)('POST', '/messages', {
        type: 'stream',
        to: 'design',
        topic: 'hooks',
        content: 'posted by a hook',
      });
      expect(sent.status).toBe(200);
      for (const [method, path] of [
        ['GET', '/users/me'],
        ['POST', '/register'],
        ['GET', '/bots'],
      ] as const) {
        const refused = await org.api(hook)(method, path);
        expect(refused.status, path).toBe(401);
        expect(refused.json).toMatchObject({
          result: 'error',
          msg: 'This API is not available to incoming webhook bots.',
          code: 'UNAUTHORIZED',
        });
      }
    });

    it('leaves a generic bot the whole API', async () => {
      const generic = await createBot(alice);
      const me = await org.api(generic)('GET', '/users/me');
      expect(me.json).toMatchObject({ user_id: generic.id, is_bot: true, bot_type: 1 });
    });
  });

  describe('POST /bots/{bot_id}/api_key/regenerate', () => {
    it('gives the bot a new key and retires the old one, even just after its use', async () => {
      const bot = await createBot(alice);
      expect((await org.api(bot)('GET', '/users/me')).status).toBe(200);
      const response = await org.api(alice)('POST', `/bots/${bot.id}/api_key/regenerate`);
      expect(response.json).toEqual({
        result: 'success',
        msg: '',
        api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      });
      expect(response.json.api_key).not.toBe(bot.apiKey);
      expect((await org.api(bot)('GET', '/users/me')).status).toBe(401);
      const renewed = { ...bot, apiKey: response.json.api_key as string };
      expect((await org.api(renewed)('GET', '/users/me')).status).toBe(200);
    });

    it("is the owner's and the administrators' to do", async () => {
      const bot = await createBot(alice);
      const byBob = await org.api(bob)('POST', `/bots/${bot.id}/api_key/regenerate`);
      expect(byBob.json).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
      const byOwner = await org.api(org.owner)('POST', `/bots/${bot.id}/api_key/regenerate`);
      expect(byOwner.status).toBe(200);
    });

    it('answers No such bot for a human or an unknown ID', async () => {
      for (const id of [bob.id, 99_999]) {
        const response = await org.api(alice)('POST', `/bots/${id}/api_key/regenerate`);
        expect(response.json).toMatchObject({ result: 'error', msg: 'No such bot' });
      }
    });
  });

  describe('DELETE /bots/{bot_id}', () => {
    it('deactivates the bot: its key stops working and users list it as inactive', async () => {
      const bot = await createBot(alice, { bot_type: 2 });
      const send = () =>
        org.api(bot)('POST', '/messages', {
          type: 'stream',
          to: 'design',
          topic: 't',
          content: 'x',
        });
      expect((await send()).status).toBe(200);
      const response = await org.api(alice)('DELETE', `/bots/${bot.id}`);
      expect(response.json).toEqual({ result: 'success', msg: '' });
      expect((await send()).status).toBe(401);
      expect(await member(bob, bot.id)).toMatchObject({ is_active: false });
      const again = await org.api(alice)('DELETE', `/bots/${bot.id}`);
      expect(again.status).toBe(200);
    });

    it('is refused to other members', async () => {
      const bot = await createBot(alice);
      const response = await org.api(bob)('DELETE', `/bots/${bot.id}`);
      expect(response.json).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
      expect(await member(bob, bot.id)).toMatchObject({ is_active: true });
    });
  });

  describe('PATCH /bots/{bot_id}', () => {
    it('renames the bot and answers with its settings and owner email', async () => {
      const bot = await createBot(alice, { default_sending_stream: 'design' });
      const ownName = async () => (await org.api(bot)('GET', '/users/me')).json.full_name;
      expect(await ownName()).toBe(bot.fullName);
      const response = await org.api(alice)('PATCH', `/bots/${bot.id}`, {
        full_name: 'Renamed Robot',
        default_sending_stream: '',
      });
      expect(response.json).toEqual({
        result: 'success',
        msg: '',
        full_name: 'Renamed Robot',
        // The drawn avatar's initials are now "RR": its second version.
        avatar_url: `/avatar/${bot.id}?version=2`,
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
        service_interface: 1,
        service_payload_url: null,
        config_data: null,
        bot_owner: alice.email,
      });
      expect(await member(bob, bot.id)).toMatchObject({ full_name: 'Renamed Robot' });
      expect(await ownName()).toBe('Renamed Robot');
    });

    it('refuses a name another active user has', async () => {
      const bot = await createBot(alice);
      const response = await org.api(alice)('PATCH', `/bots/${bot.id}`, { full_name: 'Bob' });
      expect(response.json).toMatchObject({ result: 'error', msg: 'Name is already in use!' });
    });

    it('hands the bot to a new owner, who then manages it alone among members', async () => {
      const bot = await createBot(alice);
      const moved = await org.api(alice)('PATCH', `/bots/${bot.id}`, { bot_owner_id: bob.id });
      expect(moved.json.bot_owner).toBe(bob.email);
      expect(await member(alice, bot.id)).toMatchObject({ bot_owner_id: bob.id });
      const byAlice = await org.api(alice)('DELETE', `/bots/${bot.id}`);
      expect(byAlice.json.msg).toBe('Insufficient permission');
      const toBot = await org.api(bob)('PATCH', `/bots/${bot.id}`, { bot_owner_id: bot.id });
      expect(toBot.json.msg).toBe("Failed to change owner, bots can't own other bots");
    });
  });

  describe('GET /bots/{bot_id}/api_key (feature level 463)', () => {
    it("gives the bot's owner and the administrators its current key", async () => {
      const bot = await createBot(alice);
      const byOwner = await org.api(alice)('GET', `/bots/${bot.id}/api_key`);
      expect(byOwner.json).toEqual({ result: 'success', msg: '', api_key: bot.apiKey });
      const renewed = (await org.api(alice)('POST', `/bots/${bot.id}/api_key/regenerate`)).json
        .api_key as string;
      const byAdmin = await org.api(org.owner)('GET', `/bots/${bot.id}/api_key`);
      expect(byAdmin.json.api_key).toBe(renewed);
    });

    it('is refused to other members, and answers No such bot for a human', async () => {
      const bot = await createBot(alice);
      const byBob = await org.api(bob)('GET', `/bots/${bot.id}/api_key`);
      expect(byBob.json).toEqual({
        result: 'error',
        msg: 'Insufficient permission',
        code: 'BAD_REQUEST',
      });
      const human = await org.api(alice)('GET', `/bots/${bob.id}/api_key`);
      expect(human.json).toMatchObject({ result: 'error', msg: 'No such bot' });
    });
  });

  describe("changing a bot's short name (feature level 447)", () => {
    it('gives the bot the email the new short name makes, and tells everyone by realm_user alone', async () => {
      const bot = await createBot(alice);
      const [aliceQueue, bobQueue] = await Promise.all(
        [alice, bob].map((user) => register(user, ['realm_user', 'realm_bot'])),
      );
      const response = await org.api(alice)('PATCH', `/bots/${bot.id}`, {
        short_name: `renamed${bot.id}`,
      });
      expect(response.status, JSON.stringify(response.json)).toBe(200);
      const email = `renamed${bot.id}-bot@hearth.local`;
      expect(await member(bob, bot.id)).toMatchObject({ email, delivery_email: email });
      // Zulip's do_change_user_delivery_email; the realm_bot update of feature
      // level 461 went with the bot object's email at 474.
      const expected = [
        expect.objectContaining({
          type: 'realm_user',
          op: 'update',
          person: { user_id: bot.id, delivery_email: email },
        }),
        expect.objectContaining({
          type: 'realm_user',
          op: 'update',
          person: { user_id: bot.id, new_email: email },
        }),
      ];
      expect(await events(alice, aliceQueue.queue_id)).toEqual(expected);
      expect(await events(bob, bobQueue.queue_id)).toEqual(expected);
      const me = await org.api({ ...bot, email })('GET', '/users/me');
      expect(me.json).toMatchObject({ user_id: bot.id, email });
      expect((await org.api(bot)('GET', '/users/me')).status).toBe(401);
    });

    it('refuses a taken or malformed short name, changing nothing', async () => {
      const bot = await createBot(alice);
      const other = await createBot(alice);
      const taken = await org.api(alice)('PATCH', `/bots/${bot.id}`, {
        short_name: other.email.split('-bot@')[0],
        full_name: `Not ${bot.fullName}`,
      });
      expect(taken.json).toEqual({
        result: 'error',
        msg: 'Username already in use',
        code: 'BAD_REQUEST',
      });
      const blank = await org.api(alice)('PATCH', `/bots/${bot.id}`, { short_name: ' ' });
      expect(blank.json).toMatchObject({ result: 'error', msg: 'Bad name or username' });
      expect(await member(bob, bot.id)).toMatchObject({
        email: bot.email,
        full_name: bot.fullName,
      });
      const same = await org.api(alice)('PATCH', `/bots/${bot.id}`, {
        short_name: bot.email.split('-bot@')[0],
      });
      expect(same.status).toBe(200);
    });
  });

  describe("changing a bot's owner (feature level 359)", () => {
    it('keeps the bot in the channels the new owner is not in', async () => {
      const bot = await createBot(alice);
      const created = await org.api(alice)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: `hideout${bot.id}` }],
        invite_only: true,
        principals: [alice.id, bot.id],
      });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      await org.api(alice)('PATCH', `/bots/${bot.id}`, { bot_owner_id: bob.id });
      const names = (
        (await org.api(bot)('GET', '/users/me/subscriptions')).json.subscriptions as {
          name: string;
        }[]
      ).map((sub) => sub.name);
      expect(names).toContain(`hideout${bot.id}`);
    });
  });

  describe("a bot's channels (feature level 458)", () => {
    it('answers whether a bot is subscribed, and lists its channels the reader knows of', async () => {
      const bot = await createBot(alice);
      const designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json
        .stream_id as number;
      const status = () => org.api(bob)('GET', `/users/${bot.id}/subscriptions/${designId}`);
      expect((await status()).json).toEqual({ result: 'success', msg: '', is_subscribed: false });
      await org.api(alice)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'design' }],
        principals: [bot.id],
      });
      expect((await status()).json.is_subscribed).toBe(true);
      await org.api(alice)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: `den${bot.id}` }],
        invite_only: true,
        principals: [alice.id, bot.id],
      });
      const denId = (await org.api(alice)('GET', '/get_stream_id', { stream: `den${bot.id}` })).json
        .stream_id as number;
      const seen = async (viewer: TestUser) =>
        (await org.api(viewer)('GET', `/users/${bot.id}/channels`)).json.subscribed_channel_ids;
      expect(await seen(alice)).toEqual([designId, denId]);
      expect(await seen(bob)).toEqual([designId]);
      const hidden = await org.api(bob)('GET', `/users/${bot.id}/subscriptions/${denId}`);
      expect(hidden.json).toMatchObject({ result: 'error', msg: 'Invalid channel ID' });
      const nobody = await org.api(bob)('GET', `/users/99999/channels`);
      expect(nobody.json).toMatchObject({ result: 'error', msg: 'No such user' });
    });
  });

  describe('bots and user groups (feature levels 458 and 496)', () => {
    it('lets a bot read the groups, and answers whether a bot is a member', async () => {
      const bot = await createBot(alice);
      const listed = await org.api(bot)('GET', '/user_groups');
      expect(listed.status).toBe(200);
      const members = (listed.json.user_groups as { id: number; name: string }[]).find((group) =>
        group.name.endsWith('role:members'),
      );
      expect(members).toBeDefined();
      const membership = await org.api(bot)('GET', `/user_groups/${members?.id}/members/${bot.id}`);
      expect(membership.json).toEqual({
        result: 'success',
        msg: '',
        is_user_group_member: true,
      });
      const direct = await org.api(alice)('GET', `/user_groups/${members?.id}/members`);
      expect(direct.json.members).toContain(bot.id);
    });

    it('lets a bot make a group and change its members, as any member may', async () => {
      const bot = await createBot(alice);
      const created = await org.api(bot)('POST', '/user_groups/create', {
        name: `made by ${bot.id}`,
        description: '',
        members: [bot.id],
      });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      const groupId = created.json.group_id as number;
      const added = await org.api(bot)('POST', `/user_groups/${groupId}/members`, {
        add: [alice.id],
      });
      expect(added.json).toEqual({ result: 'success', msg: '' });
      const listed = await org.api(alice)('GET', `/user_groups/${groupId}/members`);
      expect(new Set(listed.json.members)).toEqual(new Set([alice.id, bot.id]));
    });
  });

  describe('events and register state', () => {
    it('tells everyone about the new user and only the owner and admins about the bot', async () => {
      const [aliceQueue, bobQueue, ownerQueue] = await Promise.all(
        [alice, bob, org.owner].map((user) => register(user, ['realm_user', 'realm_bot'])),
      );
      const bot = await createBot(alice, { bot_type: 2 });
      // Zulip 12 (feature level 474): no key, nothing the user object says.
      const expectedBot = {
        type: 'realm_bot',
        op: 'add',
        bot: {
          user_id: bot.id,
          default_sending_stream: null,
          default_events_register_stream: null,
          default_all_public_streams: false,
          services: [],
        },
      };
      const userAdd = expect.objectContaining({
        type: 'realm_user',
        op: 'add',
        person: expect.objectContaining({ user_id: bot.id, is_bot: true, bot_owner_id: alice.id }),
      });
      const types = (list: Record<string, unknown>[]) => list.map((event) => event.type);
      const aliceEvents = await events(alice, aliceQueue.queue_id);
      expect(aliceEvents).toEqual([userAdd, expect.objectContaining(expectedBot)]);
      expect(await events(org.owner, ownerQueue.queue_id)).toEqual([
        userAdd,
        expect.objectContaining(expectedBot),
      ]);
      expect(types(await events(bob, bobQueue.queue_id))).toEqual(['realm_user']);
    });

    it('sends no event for a new key and tells of a deactivation as a realm_user update alone (feature levels 222 and 474)', async () => {
      const bot = await createBot(alice);
      const [aliceQueue, bobQueue] = await Promise.all(
        [alice, bob].map((user) => register(user, ['realm_user', 'realm_bot'])),
      );
      await org.api(alice)('POST', `/bots/${bot.id}/api_key/regenerate`);
      await org.api(alice)('DELETE', `/bots/${bot.id}`);
      // Zulip 8 (feature level 222): an update of is_active, no longer a `remove`;
      // Zulip 12 (474): no realm_bot event, as realm_bots says nothing of activity.
      const who = { user_id: bot.id, is_active: false };
      const update = expect.objectContaining({ type: 'realm_user', op: 'update', person: who });
      expect(await events(alice, aliceQueue.queue_id)).toEqual([update]);
      expect(await events(bob, bobQueue.queue_id)).toEqual([update]);
      await org.api(org.owner)('POST', `/users/${bot.id}/reactivate`);
      expect(await events(alice, aliceQueue.queue_id)).toEqual([
        update,
        expect.objectContaining({
          type: 'realm_user',
          op: 'update',
          person: { user_id: bot.id, is_active: true },
        }),
      ]);
    });

    it('lists in realm_bots, as Zulip 12 shapes them, the bots one owns, every bot for admins, deactivated ones too', async () => {
      const dave = await org.user('dave');
      const active = await createBot(dave);
      const retired = await createBot(dave);
      await org.api(dave)('DELETE', `/bots/${retired.id}`);
      const ids = (state: { realm_bots: { user_id: number }[] }) =>
        state.realm_bots.map((bot) => bot.user_id);
      const own = (await register(dave, ['realm_bot'])).realm_bots;
      expect(own).toEqual(
        [active.id, retired.id].map((id) => ({
          user_id: id,
          default_sending_stream: null,
          default_events_register_stream: null,
          default_all_public_streams: false,
          services: [],
        })),
      );
      expect(ids(await register(org.owner, ['realm_bot']))).toEqual(
        expect.arrayContaining([active.id, retired.id]),
      );
      const eve = await org.user('eve');
      expect((await register(eve, ['realm_bot'])).realm_bots).toEqual([]);
      const deactivated = (await register(eve, ['realm_user'])).realm_non_active_users as {
        user_id: number;
      }[];
      expect(deactivated.map((user) => user.user_id)).toContain(retired.id);
    });
  });

  it('keeps bots and their keys across a restart', async () => {
    const bot = await createBot(alice);
    await org.restart();
    const me = await org.api(bot)('GET', '/users/me');
    expect(me.json).toMatchObject({ user_id: bot.id, email: bot.email, is_bot: true });
  });
});
