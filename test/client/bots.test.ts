import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BridgeArgumentError } from '../../src-main/client/app/bridgeService';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { integrations } from '../../src-main/server/integrations';
import { invokeBridgeCall, type BridgeService } from '../../src-preload/bridge';
import { removeProfile, startTestHearth, testTuning, type TestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';

let org: Org;
let alice: TestUser;
const running: TestHearth[] = [];
const requests: string[] = [];

const serviceOf = async (user: TestUser): Promise<BridgeService> => {
  const hearth = await startTestHearth({
    secrets: createMemorySecretStore(),
    tuning: {
      ...testTuning,
      // Records every request, to show which calls never reach the server.
      fetch: (input, init) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    },
  });
  running.push(hearth);
  const joined = await hearth.app.join({
    method: 'apiKey',
    serverUrl: org.url,
    email: user.email,
    apiKey: user.apiKey,
  });
  if (!joined.ok) throw new Error(joined.message);
  return hearth.service;
};

let service: BridgeService;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  await org.subscribe(alice, 'design');
  service = await serviceOf(alice);
});

afterAll(async () => {
  await Promise.all(running.map((hearth) => hearth.stop()));
  await Promise.all(running.map((hearth) => removeProfile(hearth.profileDir)));
  await org.close();
});

/** The bot's API key as the server's GET /bots gives it to its owner. */
const serverKey = async (owner: TestUser, email: string): Promise<string> => {
  const bots = (await org.api(owner)('GET', '/bots')).json.bots as {
    username: string;
    api_key: string;
  }[];
  const bot = bots.find((candidate) => candidate.username === email);
  if (!bot) throw new Error(`${email} is not among the bots of ${owner.email}`);
  return bot.api_key;
};

describe('bots over the bridge', () => {
  it('creates an incoming-webhook bot named after its short name, and lists it without its key', async () => {
    const bot = await service.createBot({
      fullName: '  Build hook ',
      shortName: 'builds',
      botType: 'incoming_webhook',
    });

    expect(bot).toEqual({
      userId: expect.any(Number),
      fullName: 'Build hook',
      email: 'builds-bot@hearth.local',
      botType: 'incoming_webhook',
      outgoing: null,
    });
    const { bots } = await service.listBots({});
    expect(bots).toContainEqual(bot);
    const members = (await org.api(alice)('GET', '/users')).json.members as {
      user_id: number;
      bot_type: number | null;
      bot_owner_id?: number;
    }[];
    expect(members.find((member) => member.user_id === bot.userId)).toMatchObject({
      bot_type: 2,
      bot_owner_id: alice.id,
    });
  });

  it('creates a generic bot when asked for one', async () => {
    const bot = await service.createBot({
      fullName: 'Helper',
      shortName: 'helper',
      botType: 'generic',
    });

    expect(bot).toMatchObject({ email: 'helper-bot@hearth.local', botType: 'generic' });
  });

  it('creates an outgoing webhook bot with its URL and format, and lists them', async () => {
    const outgoing = { url: 'https://93.184.216.34/triage', format: 'slack' } as const;
    const bot = await service.createBot({
      fullName: 'Triage',
      shortName: 'triage',
      botType: 'outgoing_webhook',
      outgoing,
    });
    expect(bot).toMatchObject({ email: 'triage-bot@hearth.local', outgoing });
    // The URL comes from register state, which the bot's realm_bot event updates.
    await vi.waitFor(async () => {
      const { bots } = await service.listBots({});
      expect(bots).toContainEqual(bot);
    });
    const state = (await org.api(alice)('POST', '/register', {})).json;
    const listed = state.realm_bots.find(
      (entry: { user_id: number }) => entry.user_id === bot.userId,
    );
    expect(listed.services).toEqual([
      { base_url: outgoing.url, interface: 2, token: expect.any(String) },
    ]);
  });

  it('tells why the host refuses a URL on this computer or a private network', async () => {
    await expect(
      service.createBot({
        fullName: 'Snoop',
        shortName: 'snoop',
        botType: 'outgoing_webhook',
        outgoing: { url: 'http://192.168.1.1/admin', format: 'zulip' },
      }),
    ).rejects.toThrow(
      'The URL http://192.168.1.1/admin reaches this computer or a private network, where this host does not let bots post',
    );
  });

  it("lists only the user's own bots, even to an administrator", async () => {
    const ownerService = await serviceOf(org.owner);
    const ownersBot = await ownerService.createBot({
      fullName: 'Owner hook',
      shortName: 'ownerhook',
      botType: 'incoming_webhook',
    });

    const { bots: ownersBots } = await ownerService.listBots({});
    const { bots: alicesBots } = await service.listBots({});

    expect(ownersBots).toEqual([ownersBot]);
    expect(alicesBots.map((bot) => bot.userId)).not.toContain(ownersBot.userId);
  });

  it('offers exactly the integrations the host serves', async () => {
    const { integrations: offered } = await service.listBots({});

    expect(offered.map((integration) => integration.name).sort()).toEqual(
      [...integrations.keys()].sort(),
    );
    expect(offered.find((integration) => integration.name === 'github')).toEqual({
      name: 'github',
      label: 'GitHub',
      tool: 'GitHub',
    });
  });

  it("passes on the server's reason when it refuses a short name already in use", async () => {
    await service.createBot({ fullName: 'First', shortName: 'twice', botType: 'generic' });

    await expect(
      service.createBot({ fullName: 'Second', shortName: 'twice', botType: 'generic' }),
    ).rejects.toThrow('Username already in use');
    expect((await service.listBots({})).bots.map((bot) => bot.fullName)).not.toContain('Second');
  });

  it("builds the webhook URL from the server's realm URL, the bot's key, stream and topic", async () => {
    const bot = await service.createBot({
      fullName: 'GitHub hook',
      shortName: 'github',
      botType: 'incoming_webhook',
    });
    const key = await serverKey(alice, bot.email);

    const bare = await service.webhookUrl({ botId: bot.userId, integration: 'github' });
    const full = await service.webhookUrl({
      botId: bot.userId,
      integration: 'gitlab',
      stream: 'design',
      topic: 'merge requests',
    });

    expect(bare.url).toBe(`${org.url}/api/v1/external/github?api_key=${key}`);
    expect(full.url).toBe(
      `${org.url}/api/v1/external/gitlab?api_key=${key}&stream=design&topic=merge+requests`,
    );
  });

  it('gives a new webhook URL once the key is regenerated, and the old key stops working', async () => {
    const bot = await service.createBot({
      fullName: 'Alerts',
      shortName: 'alerts',
      botType: 'incoming_webhook',
    });
    const before = await service.webhookUrl({ botId: bot.userId, integration: 'helloworld' });
    const oldKey = await serverKey(alice, bot.email);

    expect(await service.regenerateBotKey({ botId: bot.userId })).toEqual({});

    const after = await service.webhookUrl({ botId: bot.userId, integration: 'helloworld' });
    const newKey = await serverKey(alice, bot.email);
    expect(newKey).not.toBe(oldKey);
    expect(after.url).toBe(`${org.url}/api/v1/external/helloworld?api_key=${newKey}`);
    expect(after.url).not.toBe(before.url);
    const oldUrl = await fetch(before.url, { method: 'POST', body: '{}' });
    expect(oldUrl.status).toBe(401);
  });

  it('gives no webhook URL for a generic bot, whose key opens the whole API', async () => {
    const bot = await service.createBot({
      fullName: 'Scripts',
      shortName: 'scripts',
      botType: 'generic',
    });

    await expect(service.webhookUrl({ botId: bot.userId, integration: 'github' })).rejects.toThrow(
      'Scripts is not an incoming webhook bot',
    );
  });

  it('gives no webhook URL for a bot the user does not own', async () => {
    const ownerService = await serviceOf(org.owner);
    const { bots } = await ownerService.listBots({});
    const ownersBot = bots[0];
    if (!ownersBot) throw new Error('the owner has no bot');

    await expect(
      service.webhookUrl({ botId: ownersBot.userId, integration: 'github' }),
    ).rejects.toThrow(`You have no active bot with ID ${ownersBot.userId}`);
  });

  it('deactivates a bot, which leaves the list and the organization', async () => {
    const bot = await service.createBot({
      fullName: 'Short lived',
      shortName: 'shortlived',
      botType: 'incoming_webhook',
    });

    expect(await service.deactivateBot({ botId: bot.userId })).toEqual({});

    expect((await service.listBots({})).bots.map((listed) => listed.userId)).not.toContain(
      bot.userId,
    );
    const members = (await org.api(alice)('GET', '/users')).json.members as {
      user_id: number;
      is_active: boolean;
    }[];
    expect(members.find((member) => member.user_id === bot.userId)?.is_active).toBe(false);
  });

  it.each([
    ['an empty bot name', 'createBot', { fullName: ' ', shortName: 'a', botType: 'generic' }],
    [
      'a bot name longer than 100 characters',
      'createBot',
      { fullName: 'x'.repeat(101), shortName: 'a', botType: 'generic' },
    ],
    [
      'a short name with a space',
      'createBot',
      { fullName: 'A', shortName: 'a b', botType: 'generic' },
    ],
    [
      'a short name with two dots in a row',
      'createBot',
      { fullName: 'A', shortName: 'a..b', botType: 'generic' },
    ],
    [
      'a short name longer than 60 characters',
      'createBot',
      { fullName: 'A', shortName: 'x'.repeat(61), botType: 'generic' },
    ],
    ['an embedded bot', 'createBot', { fullName: 'A', shortName: 'a', botType: 'embedded' }],
    [
      'an outgoing webhook bot without its URL',
      'createBot',
      { fullName: 'A', shortName: 'a', botType: 'outgoing_webhook' },
    ],
    [
      'a URL for a bot that posts none',
      'createBot',
      {
        fullName: 'A',
        shortName: 'a',
        botType: 'generic',
        outgoing: { url: 'https://93.184.216.34/', format: 'zulip' },
      },
    ],
    ['a bot type given as a number', 'createBot', { fullName: 'A', shortName: 'a', botType: 2 }],
    ['a bot ID given as text', 'regenerateBotKey', { botId: '5' }],
    ['a negative bot ID', 'deactivateBot', { botId: -1 }],
    ['an integration the host does not serve', 'webhookUrl', { botId: 5, integration: 'trello' }],
    [
      'a topic longer than 60 characters',
      'webhookUrl',
      { botId: 5, integration: 'github', topic: 'x'.repeat(61) },
    ],
    ['arguments to a call that takes none', 'listBots', 'all of them'],
  ] as const)('rejects %s without asking the server', async (_case, name, args) => {
    const before = requests.length;

    await expect(invokeBridgeCall(service, name, args)).rejects.toBeInstanceOf(BridgeArgumentError);
    await expect(service[name](args as never)).rejects.toThrow(`${name}: invalid arguments`);
    // The event queue's long-poll may start again meanwhile; it is not the call's doing.
    expect(requests.slice(before).filter((request) => !request.endsWith('/events'))).toEqual([]);
  });
});
