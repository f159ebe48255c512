import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { OwnBots } from '../../src-main/client/bots';
import { startFixtureServer, type FixtureServer } from './accounts/fixtureServer';

// Issue 34, point 5: what the client asks of a server by its feature level
// (changelog levels 232, 261 and 463), and asks a Hearth host as before.
let server: FixtureServer | undefined;
afterEach(() => server?.close());

const success = (fields: Record<string, unknown> = {}) => ({
  status: 200,
  body: { result: 'success', msg: '', ...fields },
});

// Zulip's documented King Hamlet, who owns one incoming-webhook bot.
const webhookBot = { user_id: 30, email: 'ghost-bot@zulip.example.com', bot_type: 2 };

async function serve(level: number, listedKey: string | undefined) {
  server = await startFixtureServer({
    'POST /api/v1/register': success({ queue_id: 'q', last_event_id: -1 }),
    'POST /api/v1/invites/multiuse': success({
      invite_link: 'https://zulip.example.com/join/yddhtzk4jgl7rsmazc5fyyyy/',
    }),
    'GET /api/v1/bots': success({
      bots: [
        {
          username: webhookBot.email,
          full_name: 'Ghost',
          ...(listedKey === undefined ? {} : { api_key: listedKey }),
        },
      ],
    }),
    'GET /api/v1/users': success({ members: [webhookBot] }),
    'GET /api/v1/bots/30/api_key': success({ api_key: 'X6ivHKmMxCFqHIaRmZcRPWAUhFVZAxqx' }),
  });
  return createApi(
    { serverUrl: server.url, email: 'hamlet@zulip.example.com', apiKey: 'key' },
    { featureLevel: () => level },
  );
}

const requested = (path: string) =>
  (server?.received ?? []).filter((request) => request.path === `/api/v1/${path}`);
const form = (path: string) => new URLSearchParams(requested(path).at(-1)?.body ?? '');

describe('an invitation link', () => {
  it('asks for the default channels by their flag from Zulip 9 (feature level 261)', async () => {
    const api = await serve(261, undefined);
    await api.createMultiuseInvite({ expiresInMinutes: 60, inviteAs: 400, streamIds: [] });
    expect(form('invites/multiuse').get('include_realm_default_subscriptions')).toBe('true');
    await api.createMultiuseInvite({ expiresInMinutes: 60, inviteAs: 400, streamIds: [3] });
    expect(form('invites/multiuse').get('include_realm_default_subscriptions')).toBe('false');
    expect(form('invites/multiuse').get('stream_ids')).toBe('[3]');
  });

  it('sends no such flag to a Hearth host, which gives the default channels to an empty list', async () => {
    const api = await serve(185, undefined);
    await api.createMultiuseInvite({ expiresInMinutes: null, inviteAs: 400, streamIds: [] });
    expect(form('invites/multiuse').has('include_realm_default_subscriptions')).toBe(false);
    expect(form('invites/multiuse').get('stream_ids')).toBe('[]');
  });
});

describe('an incoming webhook bot’s URL', () => {
  const request = { botId: 30, integration: 'github', stream: 'Denmark' };

  it('holds the key of the bot’s own endpoint where GET /bots lists none (Zulip 12)', async () => {
    const bots = new OwnBots(await serve(474, undefined), 'https://zulip.example.com', () => null);
    const url = new URL(await bots.webhookUrl(request));
    expect(url.searchParams.get('api_key')).toBe('X6ivHKmMxCFqHIaRmZcRPWAUhFVZAxqx');
    // Typing a topic builds the URL again without asking again.
    await bots.webhookUrl({ ...request, topic: 'commits' });
    expect(requested('bots/30/api_key')).toHaveLength(1);
  });

  it('holds the listed key, asking nothing more, where GET /bots lists it', async () => {
    const bots = new OwnBots(
      await serve(185, 'zsXl5WGCSaWYGNcXNGSnM4pnvPDNxZGs'),
      'https://h.test',
      () => null,
    );
    const url = new URL(await bots.webhookUrl(request));
    expect(url.searchParams.get('api_key')).toBe('zsXl5WGCSaWYGNcXNGSnM4pnvPDNxZGs');
    expect(requested('bots/30/api_key')).toHaveLength(0);
  });
});

describe('registering', () => {
  it('declares user_list_incomplete, so that people a guest may not see are not listed', async () => {
    const api = await serve(300, undefined);
    await api.register();
    const capabilities = JSON.parse(form('register').get('client_capabilities') ?? '{}');
    expect(capabilities).toMatchObject({ user_list_incomplete: true });
  });
});
