import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../../src-main/client/api';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf } from '../../helpers/doubleClients';

// Bots on the Zulip 12 double: creation under can_create_bots_group and
// can_create_write_only_bots_group, GET /bots, the bot's key from its own
// endpoint (feature level 463), and realm_bot objects without keys (474).
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

const elsinoreBot = { fullName: 'Elsinore bot', shortName: 'elsinore-bot', botType: 1 };

describe('bots on the Zulip double', () => {
  it('creates a bot: its user to everyone, its bot object to its owner and the administrators', async () => {
    const { users } = double;
    const hamlet = await clients.listen(users.member);
    const iago = await clients.listen(users.admin);
    const cordelia = await clients.listen(users.member2);
    const botId = await clients.apiFor(users.member).createBot(elsinoreBot);

    const person = {
      user_id: botId,
      email: 'elsinore-bot@zulip.com',
      full_name: 'Elsinore bot',
      is_bot: true,
      bot_type: 1,
      bot_owner_id: users.member.id,
      is_active: true,
    };
    const bot = {
      user_id: botId,
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
      services: [],
    };
    expect(await hamlet.drain()).toMatchObject([
      { type: 'realm_user', op: 'add', person },
      { type: 'realm_bot', op: 'add', bot },
    ]);
    expect((await iago.drain()).map((event) => event.type)).toEqual(['realm_user', 'realm_bot']);
    expect(await cordelia.drain()).toMatchObject([{ type: 'realm_user', op: 'add', person }]);

    expect((await clients.stateOf(users.member)).realm_bots).toEqual([bot]);
    expect((await clients.stateOf(users.admin)).realm_bots).toEqual([bot]);
    expect((await clients.stateOf(users.member2)).realm_bots).toEqual([]);
    expect(await clients.apiFor(users.member).getOwnBots()).toMatchObject([
      { username: 'elsinore-bot@zulip.com', full_name: 'Elsinore bot' },
    ]);
    expect(await clients.apiFor(users.member2).getOwnBots()).toEqual([]);
  });

  it('creates an outgoing webhook bot whose service register state carries', async () => {
    const { users } = double;
    const botId = await clients.apiFor(users.member).createBot({
      ...elsinoreBot,
      botType: 3,
      payloadUrl: 'https://bots.example.com/elsinore',
      interfaceType: 2,
    });
    const bots = (await clients.stateOf(users.member)).realm_bots as unknown[];
    expect(bots[0]).toMatchObject({
      user_id: botId,
      services: [
        { base_url: 'https://bots.example.com/elsinore', interface: 2, token: expect.any(String) },
      ],
    });
  });

  it('gives the bot’s key to its owner and the administrators, and a new one on request', async () => {
    const { users } = double;
    const owner = clients.apiFor(users.member);
    const botId = await owner.createBot(elsinoreBot);
    const apiKey = await owner.getBotApiKey(botId);
    expect(apiKey).toMatch(/^\S{32}$/);
    expect(await clients.apiFor(users.admin).getBotApiKey(botId)).toBe(apiKey);
    await expect(clients.apiFor(users.member2).getBotApiKey(botId)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Insufficient permission',
    });
    await expect(owner.getBotApiKey(999)).rejects.toMatchObject({ message: 'No such bot' });

    const asBot = (key: string) =>
      createApi({ serverUrl: double.url, email: 'elsinore-bot@zulip.com', apiKey: key });
    expect(await asBot(apiKey ?? '').getIdentity()).toMatchObject({ user_id: botId });
    const hamlet = await clients.listen(users.member);
    await owner.regenerateBotApiKey(botId);
    // Since feature level 474 a new key is no event.
    expect(await hamlet.drain()).toEqual([]);
    await expect(asBot(apiKey ?? '').getIdentity()).rejects.toMatchObject({ status: 401 });
    expect(await asBot((await owner.getBotApiKey(botId)) ?? '').getIdentity()).toMatchObject({
      user_id: botId,
    });
  });

  it('offers only incoming webhook bots where the organization allows only those', async () => {
    const { users, groups } = double;
    const admin = clients.raw(users.admin);
    const owner = clients.apiFor(users.member);
    await admin('PATCH', '/realm', { can_create_bots_group: { new: groups.administrators } });
    await expect(owner.createBot(elsinoreBot)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Insufficient permission',
    });
    const webhook = await owner.createBot({ fullName: 'Hook', shortName: 'hook-bot', botType: 2 });
    expect(double.org.user(webhook)).toMatchObject({ bot_type: 2, bot_owner_id: users.member.id });
    await admin('PATCH', '/realm', { can_create_write_only_bots_group: { new: groups.nobody } });
    await expect(
      owner.createBot({ fullName: 'Hook 2', shortName: 'hook2-bot', botType: 2 }),
    ).rejects.toMatchObject({ message: 'Insufficient permission' });
    await expect(clients.apiFor(users.guest).createBot(elsinoreBot)).rejects.toMatchObject({
      message: 'Insufficient permission',
    });
  });

  it('refuses a taken username, an unknown type, and an outgoing webhook with nowhere to post', async () => {
    const owner = clients.apiFor(double.users.member);
    await owner.createBot(elsinoreBot);
    await expect(owner.createBot(elsinoreBot)).rejects.toMatchObject({
      message: 'Username already in use',
    });
    await expect(
      owner.createBot({ ...elsinoreBot, shortName: 'x-bot', botType: 9 }),
    ).rejects.toMatchObject({
      message: 'Invalid bot type',
    });
    await expect(
      owner.createBot({ ...elsinoreBot, shortName: 'y-bot', botType: 3 }),
    ).rejects.toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
    });
  });

  it('deactivates a bot for everyone', async () => {
    const { users } = double;
    const owner = clients.apiFor(users.member);
    const botId = await owner.createBot(elsinoreBot);
    const cordelia = await clients.listen(users.member2);
    await owner.deactivateBot(botId);
    expect(await cordelia.drain()).toMatchObject([
      { type: 'realm_user', op: 'update', person: { user_id: botId, is_active: false } },
    ]);
    expect(await owner.getOwnBots()).toEqual([]);
  });
});
