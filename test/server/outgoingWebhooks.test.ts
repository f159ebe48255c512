import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { json, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';

interface Sent {
  id: number;
  sender_id: number;
  content: string;
  client: string;
  subject: string;
  stream_id?: number;
  type: string;
  display_recipient: string | { id: number; email: string }[];
}

// A bot's server answers within a fifth of a second in these tests, where Zulip waits ten.
const timeoutMs = 200;

describe('outgoing webhook bots', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let receiver: WebhookReceiver;
  let serial = 0;

  beforeAll(async () => {
    org = await startOrg({ outgoingWebhooks: { allowPrivateAddresses: true, timeoutMs } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await org.close();
    await receiver.close();
  });

  // Each bot posts to a path of its own, so a test reads only its bot's requests.
  const createOutgoingBot = async (owner: TestUser, extra: Record<string, unknown> = {}) => {
    serial += 1;
    const path = `/helper${serial}`;
    const payloadUrl = `${receiver.url}${path}`;
    const response = await org.api(owner)('POST', '/bots', {
      full_name: `Helper ${serial}`,
      short_name: `helper${serial}`,
      bot_type: 3,
      payload_url: JSON.stringify(payloadUrl),
      ...extra,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return {
      id: response.json.user_id as number,
      fullName: `Helper ${serial}`,
      email: `helper${serial}-bot@hearth.local`,
      path,
      payloadUrl,
      requests: (count: number) => receiver.waitFor(path, count),
    };
  };

  const latest = async (viewer: TestUser, count = 10): Promise<Sent[]> => {
    const response = await org.api(viewer)('GET', '/messages', {
      anchor: 'newest',
      num_before: count,
      num_after: 0,
      apply_markdown: false,
    });
    return response.json.messages as Sent[];
  };

  // The host answers the sender first and the bot afterwards, so replies are waited for.
  const waitForMessage = (viewer: TestUser, match: (message: Sent) => boolean) =>
    vi.waitFor(
      async () => {
        const found = (await latest(viewer, 20)).find(match);
        if (!found) throw new Error('not arrived yet');
        return found;
      },
      { timeout: 5_000, interval: 50 },
    );

  const realmBots = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['realm_bot'] })).json
      .realm_bots as { user_id: number; services: unknown[] }[];

  describe('creating one', () => {
    it("keeps the URL, interface and a token as the bot's service in realm_bots", async () => {
      const bot = await createOutgoingBot(alice, { interface_type: 2 });
      const listed = (await realmBots(alice)).find((entry) => entry.user_id === bot.id);
      expect(listed?.services).toEqual([
        {
          base_url: bot.payloadUrl,
          interface: 2,
          token: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        },
      ]);
      const member = (await org.api(alice)('GET', `/users/${bot.id}`)).json.user;
      expect(member).toMatchObject({ is_bot: true, bot_type: 3, bot_owner_id: alice.id });
    });

    it("refuses Zulip's unknown interface types and a payload_url that is no URL", async () => {
      const call = (params: Record<string, unknown>) =>
        org.api(alice)('POST', '/bots', {
          full_name: 'Refused',
          short_name: 'refused',
          bot_type: 3,
          ...params,
        });
      const badInterface = await call({
        payload_url: JSON.stringify(receiver.url),
        interface_type: 3,
      });
      expect(badInterface.status).toBe(400);
      expect(badInterface.json).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Invalid interface type',
      });
      const notUrl = await call({ payload_url: JSON.stringify('not a url') });
      expect(notUrl.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'payload_url is not a URL' });
      const notJson = await call({ payload_url: receiver.url });
      expect(notJson.json).toMatchObject({ msg: 'Invalid payload_url: not valid JSON' });
      const embedded = await call({ bot_type: 4 });
      expect(embedded.json).toMatchObject({ msg: 'Embedded bots are not enabled.' });
    });

    it('changes the URL and interface by PATCH, telling the owner with a realm_bot event', async () => {
      const bot = await createOutgoingBot(alice);
      const queue = (await org.api(alice)('POST', '/register', { event_types: ['realm_bot'] }))
        .json;
      const moved = `${bot.payloadUrl}/v2`;
      const patched = await org.api(alice)('PATCH', `/bots/${bot.id}`, {
        service_payload_url: JSON.stringify(moved),
        service_interface: 2,
      });
      expect(patched.json).toMatchObject({
        result: 'success',
        service_payload_url: moved,
        service_interface: 2,
      });
      const events = (
        await org.api(alice)('GET', '/events', { queue_id: queue.queue_id, dont_block: true })
      ).json.events as Record<string, unknown>[];
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'realm_bot',
          op: 'update',
          bot: {
            user_id: bot.id,
            services: [{ base_url: moved, interface: 2, token: expect.any(String) }],
          },
        }),
      );
      const generic = (
        await org.api(alice)('POST', '/bots', {
          full_name: 'Plain',
          short_name: 'plain',
          bot_type: 1,
        })
      ).json.user_id as number;
      const refused = await org.api(alice)('PATCH', `/bots/${generic}`, {
        service_payload_url: JSON.stringify(moved),
      });
      expect(refused.status).toBe(400);
    });
  });

  describe('delivering', () => {
    it("posts Zulip's payload for a mention in a stream and replies there as the bot", async () => {
      const bot = await createOutgoingBot(alice);
      const token = (await realmBots(alice)).find((entry) => entry.user_id === bot.id)
        ?.services[0] as { token: string };
      receiver.answerWith(json({ content: 'Lunch is at **noon**.' }));
      const content = `@**${bot.fullName}** when is lunch?`;
      const messageId = await org.sendStream(bob, 'design', 'lunch', content);

      const [request] = await bot.requests(1);
      expect(request?.headers['content-type']).toBe('application/json');
      const payload = JSON.parse(request?.body ?? '{}');
      expect(payload).toMatchObject({
        data: content,
        token: token.token,
        bot_email: bot.email,
        bot_full_name: bot.fullName,
        trigger: 'mention',
        message: {
          id: messageId,
          type: 'stream',
          content,
          rendered_content: expect.stringContaining('class="user-mention"'),
          display_recipient: 'design',
          subject: 'lunch',
          sender_id: bob.id,
          sender_email: bob.email,
          sender_full_name: 'Bob',
        },
      });
      expect(payload.message.flags).toBeUndefined();

      const reply = await waitForMessage(bob, (message) => message.sender_id === bot.id);
      expect(reply).toMatchObject({
        content: 'Lunch is at **noon**.',
        type: 'stream',
        display_recipient: 'design',
        subject: 'lunch',
        client: 'OutgoingWebhookResponse',
      });
    });

    it('posts a direct message to the bot with the direct_message trigger (feature level 201) and answers there', async () => {
      const bot = await createOutgoingBot(alice);
      receiver.answerWith(json({ response_string: 'Hello, Bob' }));
      await org.api(bob)('POST', '/messages', {
        type: 'private',
        to: JSON.stringify([bot.id]),
        content: 'hi',
      });
      const [request] = await bot.requests(1);
      expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
        trigger: 'direct_message',
        data: 'hi',
        message: { type: 'private' },
      });
      const reply = await waitForMessage(bob, (message) => message.sender_id === bot.id);
      expect(reply.type).toBe('private');
      expect(reply.content).toBe('Hello, Bob');
    });

    it('sends nothing back for response_not_required, and nothing at all for an unmentioned bot', async () => {
      const bot = await createOutgoingBot(alice);
      receiver.answerWith(json({ response_not_required: true, content: 'ignored' }));
      await org.sendStream(bob, 'design', 'quiet', `@**${bot.fullName}** no answer please`);
      await bot.requests(1);
      await org.sendStream(bob, 'design', 'quiet', `${bot.fullName} is not mentioned here`);
      // Deliveries go in the order messages are sent: the unmentioned one would come first.
      await org.sendStream(bob, 'design', 'quiet', `@**${bot.fullName}** last`);
      const arrived = await bot.requests(2);
      expect(JSON.parse(arrived[1]?.body ?? '{}').data).toContain('last');
      const fromBot = (await latest(bob)).filter((message) => message.sender_id === bot.id);
      expect(fromBot).toEqual([]);
    });

    it("is not triggered by a bot's own messages, so bots cannot answer each other forever", async () => {
      const bot = await createOutgoingBot(alice);
      const generic = (
        await org.api(alice)('POST', '/bots', {
          full_name: 'Announcer',
          short_name: 'announcer',
        })
      ).json;
      await org.api(alice)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'design' }],
        principals: [generic.user_id],
      });
      const announcer = {
        id: generic.user_id,
        email: 'announcer-bot@hearth.local',
        fullName: 'Announcer',
        apiKey: generic.api_key,
      };
      await org.sendStream(announcer, 'design', 'bots', `@**${bot.fullName}** ping`);
      await org.sendStream(bob, 'design', 'bots', `@**${bot.fullName}** ping`);
      const [first] = await bot.requests(1);
      expect(JSON.parse(first?.body ?? '{}').message.sender_id).toBe(bob.id);
    });

    it("answers in Slack's format for a Slack-compatible bot", async () => {
      const bot = await createOutgoingBot(alice, { interface_type: 2 });
      receiver.answerWith(json({ text: 'Slack says hi' }));
      const messageId = await org.sendStream(bob, 'design', 'slack', `@**${bot.fullName}** hi`);
      const [request] = await bot.requests(1);
      expect(request?.headers['content-type'], request?.body).toBe(
        'application/x-www-form-urlencoded',
      );
      const form = new URLSearchParams(request?.body);
      expect(Object.fromEntries(form)).toMatchObject({
        team_id: 'T1',
        channel_name: 'design',
        user_id: `U${bob.id}`,
        user_name: 'Bob',
        text: `@**${bot.fullName}** hi`,
        trigger_word: 'mention',
        service_id: String(bot.id),
      });
      expect(form.get('channel_id')).toMatch(/^C\d+$/);
      const reply = await waitForMessage(bob, (message) => message.sender_id === bot.id);
      expect(reply.content).toBe('Slack says hi');
      expect(reply.id).toBeGreaterThan(messageId);
    });
  });

  describe('failures, told as Zulip tells them', () => {
    const ownerNotice = (bot: { id: number }) =>
      waitForMessage(
        alice,
        (message) => message.sender_id === bot.id && message.type === 'private',
      );

    it('reports a status other than 2xx in the conversation and to the owner', async () => {
      const bot = await createOutgoingBot(alice);
      receiver.answerWith({ status: 500, body: 'oops' });
      const messageId = await org.sendStream(bob, 'design', 'broken', `@**${bot.fullName}** go`);
      const failure = await waitForMessage(bob, (message) => message.sender_id === bot.id);
      expect(failure.content).toBe('Failure! Third party responded with 500');
      const notice = await ownerNotice(bot);
      expect(notice.content).toBe(
        `[A message](${org.url}/#narrow/channel/${failure.stream_id}-design/topic/broken/near/${messageId}) ` +
          `to your bot @_**${bot.fullName}** triggered an outgoing webhook.\n` +
          'The webhook got a response with status code *500*.\n' +
          "The response contains the following payload:\n```\nb'oops'\n```",
      );
    });

    it("links a direct message as Zulip 12's near_message_url does, under dm", async () => {
      const bot = await createOutgoingBot(alice);
      receiver.answerWith({ status: 500, body: 'oops' });
      const sent = await org.api(bob)('POST', '/messages', {
        type: 'private',
        to: JSON.stringify([bot.id]),
        content: 'hi',
      });
      const messageId = sent.json.id as number;
      const notice = await ownerNotice(bot);
      const ids = [bob.id, bot.id].sort((a, b) => a - b).join(',');
      expect(notice.content).toMatch(
        `[A message](${org.url}/#narrow/dm/${ids}-pm/near/${messageId}) to your bot`,
      );
    });

    it('reports a reply that is not JSON', async () => {
      const bot = await createOutgoingBot(alice);
      receiver.answerWith({ status: 200, body: 'plain words' });
      await org.sendStream(bob, 'design', 'garbled', `@**${bot.fullName}** go`);
      const failure = await waitForMessage(bob, (message) => message.sender_id === bot.id);
      expect(failure.content).toBe('Failure! Invalid JSON in response');
      const notice = await ownerNotice(bot);
      expect(notice.content).toContain(
        'The outgoing webhook server attempted to send a message in Zulip, but that request ' +
          'resulted in the following error:\n> Invalid JSON in response\n' +
          "The response contains the following payload:\n```\n'plain words'\n```",
      );
    });

    it('tries a silent server four times, then calls the bot unavailable and tells the owner why', async () => {
      const bot = await createOutgoingBot(alice);
      receiver.answerWith('hang');
      await org.sendStream(bob, 'design', 'silent', `@**${bot.fullName}** anyone?`);
      const failure = await waitForMessage(bob, (message) => message.sender_id === bot.id);
      expect(failure.content).toBe('Failure! Bot is unavailable');
      expect(receiver.received.filter((request) => request.path === bot.path)).toHaveLength(4);
      const notice = await ownerNotice(bot);
      expect(notice.content).toMatch(
        /triggered an outgoing webhook\.\nRequest timed out after 0\.2 seconds\.$/,
      );
    });

    it('calls a bot whose server is down unavailable after its retries', async () => {
      const down = await startWebhookReceiver();
      await down.close();
      const bot = await createOutgoingBot(alice);
      await org.api(alice)('PATCH', `/bots/${bot.id}`, {
        service_payload_url: JSON.stringify(down.url),
      });
      await org.sendStream(bob, 'design', 'down', `@**${bot.fullName}** hello?`);
      const failure = await waitForMessage(bob, (message) => message.sender_id === bot.id);
      expect(failure.content).toBe('Failure! Bot is unavailable');
      const notice = await ownerNotice(bot);
      expect(notice.content).toMatch(/\nA connection error occurred\. Is my bot server down\?$/);
    });
  });
});

describe('outgoing webhooks to private addresses', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(bob, 'design');
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await org.close();
    await receiver.close();
  });

  const create = (url: string, shortName: string) =>
    org.api(alice)('POST', '/bots', {
      full_name: shortName,
      short_name: shortName,
      bot_type: 3,
      payload_url: JSON.stringify(url),
    });

  it.each([
    ['loopback', 'http://127.0.0.1:9/hook'],
    ['localhost by name', 'http://localhost:9/hook'],
    ['IPv6 loopback', 'http://[::1]:9/hook'],
    ['a private network', 'http://10.1.2.3/hook'],
    ['a home router', 'http://192.168.1.1/hook'],
    ['carrier-grade NAT', 'http://100.64.0.1/hook'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest'],
    ['an IPv6 unique local address', 'http://[fd00::1]/hook'],
    ['the unspecified address', 'http://0.0.0.0/hook'],
  ])('refuses a bot posting to %s unless the host allows it', async (_what, url) => {
    const response = await create(url, `guarded${Math.floor(Math.random() * 1e9)}`);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: `The URL ${url} reaches this computer or a private network, where this host does not let bots post`,
    });
  });

  it('accepts a public address, and refuses moving a bot to a private one', async () => {
    const created = await create('http://93.184.216.34/hook', 'public');
    expect(created.status).toBe(200);
    const moved = await org.api(alice)('PATCH', `/bots/${created.json.user_id}`, {
      service_payload_url: JSON.stringify('http://127.0.0.1/hook'),
    });
    expect(moved.status).toBe(400);
  });

  it('refuses at delivery a URL the host no longer allows, as Zulip reports its proxy refusing', async () => {
    await org.stop();
    await org.start({ outgoingWebhooks: { allowPrivateAddresses: true } });
    const created = await create(receiver.url, 'wasallowed');
    expect(created.status).toBe(200);
    await org.stop();
    await org.start({ outgoingWebhooks: { allowPrivateAddresses: false } });

    await org.sendStream(bob, 'design', 'inside', '@**wasallowed** hello');
    const failure = await vi.waitFor(
      async () => {
        const messages = (
          await org.api(bob)('GET', '/messages', { anchor: 'newest', num_before: 5, num_after: 0 })
        ).json.messages as Sent[];
        const found = messages.find((message) => message.sender_id === created.json.user_id);
        if (!found) throw new Error('not arrived yet');
        return found;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(failure.content).toContain('Failure! Third party responded with 407');
    expect(receiver.received).toEqual([]);
    const notices = (
      await org.api(alice)('GET', '/messages', { anchor: 'newest', num_before: 5, num_after: 0 })
    ).json.messages as Sent[];
    const notice = notices.find(
      (message) => message.sender_id === created.json.user_id && message.type === 'private',
    );
    expect(notice?.content).toContain(
      'The URL configured for the webhook is for a private or disallowed network.',
    );
  });
});
