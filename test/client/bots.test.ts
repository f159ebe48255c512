import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { BridgeArgumentError } from '../../src-main/client/bridge/bridgeService';
import { OwnBots } from '../../src-main/client/bots';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { integrations } from '../../src-main/server/integrations';
import { invokeBridgeCall, type Bot, type BridgeService } from '../../src-preload/bridge';
import { removeProfile, startTestHearth, testTuning, type TestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { newestMessage } from '../helpers/webhooks';
import { startFixtureServer, type Answer, type FixtureServer } from './accounts/fixtureServer';

let org: Org;
let alice: TestUser;
const running: TestHearth[] = [];
const requests: string[] = [];
/** What the account's network carried to an incoming webhook's URL. */
const deliveries: { url: string; headers: Headers; body: string }[] = [];

const serviceOf = async (user: TestUser): Promise<BridgeService> => {
  const hearth = await startTestHearth({
    secrets: createMemorySecretStore(),
    tuning: {
      ...testTuning,
      // Records every request, to show which calls never reach the server.
      fetch: (input, init) => {
        const url = new URL(String(input));
        requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        if (url.pathname.startsWith('/api/v1/external/')) {
          deliveries.push({
            url: url.href,
            headers: new Headers(init?.headers),
            body: String(init?.body),
          });
        }
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
// GET /bots names no key since Zulip 12 (feature level 474): GET /bots/{id}/api_key gives it.
const serverKey = async (owner: TestUser, email: string): Promise<string> => {
  const found = await org.api(owner)('GET', '/users/' + encodeURIComponent(email));
  const botId = found.json.user?.user_id as number | undefined;
  if (botId === undefined) throw new Error(`${email} is not among the users`);
  return (await org.api(owner)('GET', `/bots/${botId}/api_key`)).json.api_key as string;
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
      testable: true,
    });
    expect(offered.filter((integration) => integration.testable).map(({ name }) => name)).toEqual([
      'helloworld',
      'github',
      'alertmanager',
      'grafana',
      'slack_incoming',
    ]);
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
      'a test message through an integration the host does not serve',
      'sendWebhookTest',
      { botId: 5, integration: 'trello' },
    ],
    [
      'a test message to an empty topic',
      'sendWebhookTest',
      { botId: 5, integration: 'github', topic: '' },
    ],
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

describe('a test message through an incoming webhook bot', () => {
  let hook: Bot;

  beforeAll(async () => {
    hook = await service.createBot({
      fullName: 'Sample hook',
      shortName: 'samples',
      botType: 'incoming_webhook',
    });
  });

  it.each([
    [
      'helloworld',
      'Hello World',
      'Hello! I am happy to be here! :smile:\n' +
        'The Wikipedia featured article for today is **[Lighthouse](https://en.wikipedia.org/wiki/Lighthouse)**',
    ],
    ['github', 'webhook-test', 'GitHub webhook has been successfully configured by hearth.'],
    [
      'slack_incoming',
      // Its "(no topic)" is the empty topic on a Zulip 12 host (feature level 370).
      'general chat',
      '**Hello from Hearth!** Messages posted to this webhook URL appear here.',
    ],
    [
      'alertmanager',
      'hearth-test',
      ':alert: **FIRING** WebhookTest ' +
        '([source](http://prometheus.example.com:9090/graph?g0.expr=vector%281%29&g0.tab=0))',
    ],
    [
      'grafana',
      '[TestAlert]',
      expect.stringMatching(
        /^:alert: \*\*FIRING\*\*\n\n\*\*TestAlert\*\*\n\nThis alert was fired at <time:[^>]+>\.\n\nLabels:\n- alertname: TestAlert\n- instance: Grafana\n\nAnnotations:\n- summary: Notification test\s*$/,
      ),
    ],
  ] as const)(
    "posts %s's sample to the chosen channel, under the integration's own topic",
    async (integration, topic, content) => {
      const result = await service.sendWebhookTest({
        botId: hook.userId,
        integration,
        stream: 'design',
      });

      expect(result).toEqual({ stream: 'design', topic: null });
      expect(await newestMessage(org, alice)).toMatchObject({
        display_recipient: 'design',
        subject: topic,
        content,
        sender_id: hook.userId,
      });
    },
  );

  it('posts to the chosen topic, and says so', async () => {
    const result = await service.sendWebhookTest({
      botId: hook.userId,
      integration: 'github',
      stream: 'design',
      topic: 'ci setup',
    });

    expect(result).toEqual({ stream: 'design', topic: 'ci setup' });
    expect(await newestMessage(org, alice)).toMatchObject({
      display_recipient: 'design',
      subject: 'ci setup',
      content: 'GitHub webhook has been successfully configured by hearth.',
    });
  });

  it('sends it privately to the owner when no channel is chosen', async () => {
    const result = await service.sendWebhookTest({ botId: hook.userId, integration: 'helloworld' });

    expect(result).toEqual({ stream: null, topic: null });
    const message = await newestMessage(org, alice);
    expect(message).toMatchObject({ type: 'private', sender_id: hook.userId });
    expect(message.display_recipient).toContainEqual(expect.objectContaining({ id: alice.id }));
  });

  it("gives the server's reason for a channel that does not exist, and posts nothing", async () => {
    const before = await newestMessage(org, alice);
    const delivered = deliveries.length;

    await expect(
      service.sendWebhookTest({ botId: hook.userId, integration: 'github', stream: 'nowhere' }),
    ).rejects.toThrow("Invalid channel name 'nowhere'");

    expect(deliveries.length).toBe(delivered);
    // Not even the private notice a delivery to a missing channel brings its owner.
    expect((await newestMessage(org, alice)).id).toBe(before.id);
  });

  it('offers none for an integration the app has no sample of', async () => {
    await expect(
      service.sendWebhookTest({ botId: hook.userId, integration: 'jira', stream: 'design' }),
    ).rejects.toThrow('jira has no test message');
  });

  it("goes through the account's network to exactly the URL shown, with no other key, and hands the window none", async () => {
    const target = {
      botId: hook.userId,
      integration: 'github',
      stream: 'design',
      topic: 'keys',
    } as const;
    const { url } = await service.webhookUrl(target);
    const key = await serverKey(alice, hook.email);
    const delivered = deliveries.length;

    const result = await invokeBridgeCall(service, 'sendWebhookTest', target);

    const sent = deliveries.slice(delivered);
    expect(sent.map((delivery) => delivery.url)).toEqual([url]);
    const headers = sent[0]?.headers;
    expect(headers?.get('x-github-event')).toBe('ping');
    expect(headers?.get('content-type')).toBe('application/json');
    expect(headers?.has('authorization')).toBe(false);
    expect(sent[0]?.body).not.toContain(key);
    expect(JSON.stringify(result)).not.toContain(key);
  });
});

// Zulip 12's answers, where its webhooks differ from a Hearth host's: its
// words for a missing channel, and an event it does not support answered as
// an error with HTTP 200.
describe("a test message, against a Zulip server's answers", () => {
  let zulip: FixtureServer | undefined;
  afterEach(() => zulip?.close());

  const botKey = 'X6ivHKmMxCFqHIaRmZcRPWAUhFVZAxqx';
  const target = { botId: 30, integration: 'github', stream: 'Denmark' };

  async function bots(answers: Record<string, Answer>, realmUri?: string): Promise<OwnBots> {
    const success = (fields: Record<string, unknown>): Answer => ({
      status: 200,
      body: { result: 'success', msg: '', ...fields },
    });
    zulip = await startFixtureServer({
      'GET /api/v1/bots': success({
        bots: [{ username: 'ghost-bot@zulip.example.com', full_name: 'Ghost' }],
      }),
      'GET /api/v1/users': success({
        members: [{ user_id: 30, email: 'ghost-bot@zulip.example.com', bot_type: 2 }],
      }),
      'GET /api/v1/bots/30/api_key': success({ api_key: botKey }),
      'GET /api/v1/get_stream_id': success({ stream_id: 1 }),
      ...answers,
    });
    const api = createApi(
      { serverUrl: zulip.url, email: 'hamlet@zulip.example.com', apiKey: 'hamlet-key' },
      { featureLevel: () => 474 },
    );
    return new OwnBots(api, realmUri ?? zulip.url, () => null);
  }

  const delivered = () =>
    (zulip?.received ?? []).filter((request) => request.path.startsWith('/api/v1/external/'));

  it('posts the sample with its headers, and no account credentials, to the URL shown', async () => {
    const own = await bots({
      'POST /api/v1/external/github': { status: 200, body: { result: 'success', msg: '' } },
    });
    const url = new URL(await own.webhookUrl(target));

    expect(await own.sendTestMessage(target)).toEqual({ stream: 'Denmark', topic: null });

    const [delivery] = delivered();
    expect(delivery?.method).toBe('POST');
    expect(delivery?.query.toString()).toBe(url.searchParams.toString());
    expect(delivery?.headers).toMatchObject({
      'x-github-event': 'ping',
      'content-type': 'application/json',
    });
    expect(delivery?.headers.authorization).toBeUndefined();
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      sender: { login: 'hearth' },
      repository: { name: 'webhook-test' },
    });
  });

  it("gives Zulip's reason for a channel that does not exist, before posting", async () => {
    const own = await bots({
      'GET /api/v1/get_stream_id': {
        status: 400,
        body: { result: 'error', msg: "Invalid channel name 'Denmark'", code: 'BAD_REQUEST' },
      },
    });

    await expect(own.sendTestMessage(target)).rejects.toThrow("Invalid channel name 'Denmark'");
    expect(delivered()).toEqual([]);
  });

  it.each([
    ['as an error, as Zulip does', 'error'],
    ['as a success with a code, as a Hearth host does', 'success'],
  ])(
    "gives the server's reason for an event it does not support, answered %s",
    async (_, result) => {
      const msg = "The 'ping' event isn't currently supported by the GitHub webhook";
      const own = await bots({
        'POST /api/v1/external/github': {
          status: 200,
          body: { result, msg, code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE' },
        },
      });

      await expect(own.sendTestMessage(target)).rejects.toThrow(msg);
    },
  );

  it('sends the key nowhere but the server the account is on', async () => {
    const own = await bots({}, 'https://elsewhere.example.com');

    const refusal = own.sendTestMessage(target);

    await expect(refusal).rejects.toThrow('https://elsewhere.example.com/api/v1/external/github');
    await expect(refusal).rejects.not.toThrow(botKey);
    expect(delivered()).toEqual([]);
  });
});
