import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookUrl } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import {
  createWebhookBot,
  fixture,
  newestMessage,
  newestMessages,
  postWebhook,
} from '../helpers/webhooks';

const hello = fixture('helloworld', 'hello.json');
const helloText =
  'Hello! I am happy to be here! :smile:\n' +
  'The Wikipedia featured article for today is **[Ada Lovelace](https://en.wikipedia.org/wiki/Ada_Lovelace)**';

describe('incoming webhooks', () => {
  let org: Org;
  let alice: TestUser;
  let hook: TestUser;
  let hooksId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'hooks');
    hooksId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'hooks' })).json.stream_id;
    hook = await createWebhookBot(org, alice, 'hello');
  });
  afterAll(() => org.close());

  const helloTo = (bot: TestUser, query: Record<string, string>, body = hello) =>
    postWebhook(org, bot, 'helloworld', { query, body });

  describe('delivery', () => {
    it('posts to the stream named in the URL, as the bot, from the integration client', async () => {
      const response = await helloTo(hook, { stream: 'hooks' });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ result: 'success', msg: '' });
      expect(await newestMessage(org, alice)).toMatchObject({
        type: 'stream',
        display_recipient: 'hooks',
        subject: 'Hello World',
        content: helloText,
        sender_id: hook.id,
        client: 'ZulipHelloWorldWebhook',
      });
    });

    it('takes the stream by ID when it is all digits', async () => {
      await helloTo(hook, { stream: String(hooksId) }, fixture('helloworld', 'goodbye.json'));
      expect(await newestMessage(org, alice)).toMatchObject({
        display_recipient: 'hooks',
        content: expect.stringContaining('[Lighthouse](https://en.wikipedia.org/wiki/Lighthouse)'),
      });
    });

    it("replaces the integration's topic with the URL's", async () => {
      await helloTo(hook, { stream: 'hooks', topic: 'daily article' });
      expect(await newestMessage(org, alice)).toMatchObject({ subject: 'daily article' });
    });

    it("cuts a topic over 60 characters as Zulip does, with '...'", async () => {
      await helloTo(hook, { stream: 'hooks', topic: 'x'.repeat(70) });
      expect((await newestMessage(org, alice)).subject).toBe(`${'x'.repeat(57)}...`);
    });

    it("sends a private message to the bot's owner when the URL names no stream", async () => {
      await helloTo(hook, {});
      const message = await newestMessage(org, alice);
      expect(message).toMatchObject({ type: 'private', content: helloText, sender_id: hook.id });
      const recipients = (message.display_recipient as { id: number }[]).map((user) => user.id);
      expect(recipients.sort()).toEqual([alice.id, hook.id].sort());
    });

    it('accepts the bot as HTTP Basic credentials instead of api_key', async () => {
      const token = Buffer.from(`${hook.email}:${hook.apiKey}`).toString('base64');
      const response = await postWebhook(org, hook, 'helloworld', {
        apiKey: null,
        query: { stream: 'hooks', topic: 'basic' },
        body: hello,
        headers: { Authorization: `Basic ${token}` },
      });
      expect(response.json).toEqual({ result: 'success', msg: '' });
      expect(await newestMessage(org, alice)).toMatchObject({ subject: 'basic' });
    });

    it('reads the body as JSON whatever content type the service claims', async () => {
      const response = await postWebhook(org, hook, 'helloworld', {
        query: { stream: 'hooks', topic: 'form' },
        body: hello,
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(response.json).toEqual({ result: 'success', msg: '' });
      expect(await newestMessage(org, alice)).toMatchObject({
        subject: 'form',
        content: helloText,
      });
    });

    it('works from the URL that webhookUrl builds for the owner to paste', async () => {
      const url = webhookUrl({
        realmUri: org.url,
        apiKey: hook.apiKey,
        integration: 'helloworld',
        stream: 'hooks',
        topic: 'pasted url',
      });
      expect(url).toBe(
        `${org.url}/api/v1/external/helloworld?api_key=${hook.apiKey}&stream=hooks&topic=pasted+url`,
      );
      const response = await fetch(url, { method: 'POST', body: hello });
      expect(response.status).toBe(200);
      expect(await newestMessage(org, alice)).toMatchObject({ subject: 'pasted url' });
    });

    it('refuses a private stream neither the bot nor its owner is in, with the send error', async () => {
      await org.api(org.owner)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'vault' }],
        invite_only: true,
      });
      const response = await helloTo(hook, { stream: 'vault' });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({
        result: 'error',
        msg: "Not authorized to send to channel 'vault'",
      });
    });
  });

  describe('a stream that does not exist', () => {
    it('succeeds, and the bot tells its owner once a minute at most', async () => {
      const lost = await createWebhookBot(org, alice, 'lost');
      const before = (await newestMessage(org, alice)).id;
      const response = await helloTo(lost, { stream: 'nowhere' });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ result: 'success', msg: '' });
      const notice = await newestMessage(org, alice);
      expect(notice.id).toBeGreaterThan(before);
      expect(notice).toMatchObject({ type: 'private', sender_id: lost.id });
      expect(notice.content).toBe(
        'Your bot `lost-bot@hearth.local` tried to send a message to channel #**nowhere**, but ' +
          'that channel does not exist. Click [here](#channels/new) to create it.',
      );
      await helloTo(lost, { stream: 'nowhere' });
      expect((await newestMessage(org, alice)).id).toBe(notice.id);
    });

    it('is named by ID when it was given by ID', async () => {
      const lostById = await createWebhookBot(org, alice, 'lostid');
      await helloTo(lostById, { stream: '987654' });
      expect((await newestMessage(org, alice)).content).toBe(
        'Your bot `lostid-bot@hearth.local` tried to send a message to channel ID 987654, but ' +
          'there is no channel with that ID.',
      );
    });
  });

  describe('bad payloads', () => {
    it("answers invalid JSON with Zulip's INVALID_JSON and tells the owner", async () => {
      const broken = await createWebhookBot(org, alice, 'broken');
      const response = await helloTo(broken, { stream: 'hooks' }, '{"featured_title": ');
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        result: 'error',
        msg: 'Malformed JSON',
        code: 'INVALID_JSON',
      });
      const notice = await newestMessage(org, alice);
      expect(notice).toMatchObject({ type: 'private', sender_id: broken.id });
      expect(notice.content).toContain('HelloWorld integration');
    });

    it('names the key a payload lacks, with a 400 (where Zulip answers 500)', async () => {
      const response = await helloTo(
        hook,
        { stream: 'hooks' },
        '{"featured_title": "Only a title"}',
      );
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        result: 'error',
        msg: "The HelloWorld payload is missing 'featured_url'",
        code: 'BAD_REQUEST',
        payload_key: 'featured_url',
      });
    });

    it("takes a body past the API's 4 MiB, up to the 25 MiB Zulip's web server takes", async () => {
      const before = (await newestMessage(org, alice)).id;
      const body = JSON.stringify({
        featured_title: 'A long log',
        featured_url: 'https://en.wikipedia.org/wiki/Log',
        log: 'x'.repeat(6 * 1024 * 1024),
      });
      const response = await helloTo(hook, { stream: 'hooks' }, body);
      expect(response.json).toEqual({ result: 'success', msg: '' });
      const posted = await newestMessage(org, alice);
      expect(posted.id).toBeGreaterThan(before);
      expect(posted.content).toContain('[A long log](https://en.wikipedia.org/wiki/Log)');
    });

    it('refuses a body over 25 MiB with 413, posting nothing', async () => {
      const before = (await newestMessage(org, alice)).id;
      const body = JSON.stringify({
        featured_title: 'Too much',
        featured_url: 'https://en.wikipedia.org/wiki/Flood',
        log: 'x'.repeat(25 * 1024 * 1024),
      });
      const response = await helloTo(hook, { stream: 'hooks' }, body);
      expect(response.status).toBe(413);
      expect(response.json).toEqual({
        result: 'error',
        msg: "The webhook's body is larger than the 25 MiB a webhook may send",
        code: 'BAD_REQUEST',
      });
      expect((await newestMessage(org, alice)).id).toBe(before);
    });

    it('names a key of the wrong type', async () => {
      const body = JSON.stringify({ featured_title: 42, featured_url: 'https://example.org' });
      const response = await helloTo(hook, { stream: 'hooks' }, body);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({
        msg: "The HelloWorld payload's 'featured_title' is not a string",
        payload_key: 'featured_title',
      });
    });

    it('refuses a body that is not UTF-8', async () => {
      const response = await fetch(
        `${org.url}/api/v1/external/helloworld?api_key=${hook.apiKey}&stream=hooks`,
        { method: 'POST', body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ result: 'error', msg: 'Malformed payload' });
    });
  });

  describe('event types', () => {
    const github = (bot: TestUser, event: string, query: Record<string, string>, body: string) =>
      postWebhook(org, bot, 'github', { query, body, headers: { 'X-GitHub-Event': event } });
    const ping = fixture('github', 'ping.json');

    it('answers an event the integration does not handle with success and its code', async () => {
      // Zulip names such an event with the payload's action.
      const response = await github(
        hook,
        'sponsorship',
        { stream: 'hooks' },
        '{"action": "created"}',
      );
      expect(response.status).toBe(200);
      expect(response.json).toEqual({
        result: 'success',
        msg: "The 'sponsorship:created' event isn't currently supported by the GitHub webhook",
        code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
        webhook_name: 'GitHub',
        event_type: 'sponsorship:created',
      });
    });

    it("answers a missing event header with Zulip's MISSING_HTTP_EVENT_HEADER", async () => {
      const response = await postWebhook(org, hook, 'github', {
        query: { stream: 'hooks' },
        body: ping,
      });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        result: 'error',
        msg: "Missing the HTTP event header 'X-GitHub-Event'",
        code: 'MISSING_HTTP_EVENT_HEADER',
        header: 'X-GitHub-Event',
      });
    });

    it('sends only the events only_events matches, with shell wildcards', async () => {
      const before = (await newestMessage(org, alice)).id;
      await github(hook, 'ping', { stream: 'hooks', only_events: '["push_*"]' }, ping);
      expect((await newestMessage(org, alice)).id).toBe(before);
      await github(hook, 'ping', { stream: 'hooks', only_events: '["p?ng", "push_*"]' }, ping);
      expect((await newestMessage(org, alice)).content).toBe(
        'GitHub webhook has been successfully configured by octo-admin.',
      );
    });

    it('drops the events exclude_events matches', async () => {
      const before = (await newestMessage(org, alice)).id;
      const response = await github(
        hook,
        'ping',
        { stream: 'hooks', exclude_events: '["[pq]ing"]' },
        ping,
      );
      expect(response.json).toEqual({ result: 'success', msg: '' });
      expect((await newestMessage(org, alice)).id).toBe(before);
    });

    it('refuses an event list that is not a JSON list of strings, naming it', async () => {
      const response = await github(hook, 'ping', { stream: 'hooks', only_events: 'push' }, ping);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ result: 'error', var_name: 'only_events' });
    });
  });

  describe('authentication', () => {
    it('requires an api_key', async () => {
      const response = await postWebhook(org, hook, 'helloworld', { apiKey: null, body: hello });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({
        msg: "Missing 'api_key' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'api_key',
      });
    });

    it('refuses a malformed, an unknown and a deactivated key with 401', async () => {
      const retired = await createWebhookBot(org, alice, 'retired');
      await org.api(alice)('DELETE', `/bots/${retired.id}`);
      for (const [apiKey, msg, code] of [
        ['short', 'Malformed API key', 'UNAUTHORIZED'],
        ['A'.repeat(32), 'Invalid API key', 'UNAUTHORIZED'],
        [retired.apiKey, 'Account is deactivated', 'USER_DEACTIVATED'],
      ] as const) {
        const response = await postWebhook(org, hook, 'helloworld', { apiKey, body: hello });
        expect(response.status, msg).toBe(401);
        expect(response.json).toMatchObject({ result: 'error', msg, code });
      }
    });

    it('answers an integration Hearth does not have with 404', async () => {
      const response = await postWebhook(org, hook, 'no_such_service', { body: hello });
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ result: 'error', msg: 'Not Found' });
    });

    it("lets a person's own key post, privately to themselves without a stream", async () => {
      const response = await postWebhook(org, alice, 'helloworld', { body: hello });
      expect(response.status).toBe(200);
      const [message] = await newestMessages(org, alice);
      expect(message).toMatchObject({ type: 'private', sender_id: alice.id, content: helloText });
    });
  });
});
