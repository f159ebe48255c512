import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import type { ServerInfo } from '../../../src-main/client/accounts/serverInfo';
import { signInWithApiKey, signInWithPassword } from '../../../src-main/client/accounts/signIn';
import { SignInError } from '../../../src-main/client/accounts/signInError';
import { startOrg, type Org, type TestUser } from '../../helpers/org';
import {
  fixture,
  serverSettingsAt,
  startFixtureServer,
  type Answer,
  type FixtureServer,
} from './fixtureServer';

const password = 'correct horse battery staple';

const refusal = async (promise: Promise<unknown>): Promise<SignInError> => {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SignInError);
  return error as SignInError;
};

describe('signing in to a Hearth host', () => {
  let org: Org;
  let alice: TestUser;
  let server: ServerInfo;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    server = await probeServer(org.url);
  });
  afterAll(() => org.close());

  it('signs in with email and password, and confirms the key it got', async () => {
    const result = await signInWithPassword(server, ` ${alice.email} `, password);

    expect(result).toEqual({
      serverUrl: org.url,
      email: alice.email,
      apiKey: alice.apiKey,
      userId: alice.id,
      fullName: alice.fullName,
      realmName: org.realmName,
      realmIcon: server.realmIcon,
    });
  });

  it('refuses a wrong password beside the password field', async () => {
    const error = await refusal(signInWithPassword(server, alice.email, 'wrong password'));

    expect(error).toMatchObject({ kind: 'bad-credentials', field: 'password' });
  });

  it('signs in with an API key', async () => {
    const result = await signInWithApiKey(server, alice.email, alice.apiKey);

    expect(result).toMatchObject({ email: alice.email, userId: alice.id, apiKey: alice.apiKey });
  });

  it('refuses a wrong API key beside the API key field', async () => {
    const error = await refusal(signInWithApiKey(server, alice.email, 'x'.repeat(32)));

    expect(error).toMatchObject({ kind: 'bad-credentials', field: 'apiKey' });
  });

  it("says a deactivated account's key belongs to a deactivated account", async () => {
    const response = await org.api(alice)('POST', '/bots', {
      full_name: 'Retired helper',
      short_name: 'retired',
    });
    const bot = { id: response.json.user_id as number, apiKey: response.json.api_key as string };
    await org.api(alice)('DELETE', `/bots/${bot.id}`);

    const error = await refusal(signInWithApiKey(server, 'retired-bot@hearth.local', bot.apiKey));
    expect(error).toMatchObject({
      kind: 'deactivated',
      field: 'email',
      message: 'This account has been deactivated.',
    });
  });

  it('asks for what is missing before calling the server', async () => {
    expect(await refusal(signInWithPassword(server, '  ', password))).toMatchObject({
      kind: 'invalid-input',
      field: 'email',
    });
    expect(await refusal(signInWithPassword(server, alice.email, ''))).toMatchObject({
      kind: 'invalid-input',
      field: 'password',
    });
    expect(await refusal(signInWithApiKey(server, alice.email, ' '))).toMatchObject({
      kind: 'invalid-input',
      field: 'apiKey',
    });
  });
});

describe("signing in on Zulip's published examples", () => {
  let stand: FixtureServer | undefined;
  afterEach(async () => {
    await stand?.close();
    stand = undefined;
  });

  const zulip = async (answers: Record<string, Answer>): Promise<ServerInfo> => {
    stand = await startFixtureServer({
      'GET /api/v1/server_settings': serverSettingsAt(185),
      ...answers,
    });
    return probeServer(stand.url);
  };

  it('reads the example key from POST /fetch_api_key and the example user from GET /users/me', async () => {
    const server = await zulip({
      'POST /api/v1/fetch_api_key': { status: 200, body: fixture('fetch-api-key') },
      'GET /api/v1/users/me': { status: 200, body: fixture('users-me') },
    });

    const result = await signInWithPassword(server, 'iago@zulip.com', 'abcd1234');

    expect(result).toEqual({
      serverUrl: server.serverUrl,
      email: 'iago@zulip.com',
      apiKey: 'gjA04ZYcqXKalvYMA8OeXSfzUOLrtbZv',
      userId: 5,
      fullName: 'Iago',
      realmName: 'Zulip Dev',
      realmIcon: server.realmIcon,
    });
    const [, fetchKey, me] = stand?.received ?? [];
    expect(fetchKey?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(fetchKey?.body))).toEqual({
      username: 'iago@zulip.com',
      password: 'abcd1234',
    });
    const basic = Buffer.from('iago@zulip.com:gjA04ZYcqXKalvYMA8OeXSfzUOLrtbZv').toString('base64');
    expect(me?.headers.authorization).toBe(`Basic ${basic}`);
  });

  it('reports a wrong password (AUTHENTICATION_FAILED, 401)', async () => {
    const server = await zulip({
      'POST /api/v1/fetch_api_key': { status: 401, body: fixture('authentication-failed') },
    });

    expect(await refusal(signInWithPassword(server, 'iago@zulip.com', 'nope'))).toMatchObject({
      kind: 'bad-credentials',
      field: 'password',
      message: 'Wrong email or password.',
    });
  });

  it('reports a wrong API key (INVALID_API_KEY, 401)', async () => {
    const server = await zulip({
      'GET /api/v1/users/me': { status: 401, body: fixture('invalid-api-key') },
    });

    expect(await refusal(signInWithApiKey(server, 'iago@zulip.com', 'k'))).toMatchObject({
      kind: 'bad-credentials',
      field: 'apiKey',
    });
  });

  it('reports a deactivated account (USER_DEACTIVATED) beside the email', async () => {
    const server = await zulip({
      'POST /api/v1/fetch_api_key': { status: 401, body: fixture('user-deactivated') },
    });

    expect(await refusal(signInWithPassword(server, 'iago@zulip.com', 'pw'))).toMatchObject({
      kind: 'deactivated',
      field: 'email',
    });
  });

  it('reports a deactivated organization (REALM_DEACTIVATED) beside the server address', async () => {
    const server = await zulip({
      'GET /api/v1/users/me': { status: 401, body: fixture('realm-deactivated') },
    });

    expect(await refusal(signInWithApiKey(server, 'iago@zulip.com', 'k'))).toMatchObject({
      kind: 'realm-deactivated',
      field: 'serverUrl',
    });
  });

  it("reports a rate limit (429) with Zulip's retry-after rounded up to whole seconds", async () => {
    const server = await zulip({
      'POST /api/v1/fetch_api_key': { status: 429, body: fixture('rate-limit-hit') },
    });

    const error = await refusal(signInWithPassword(server, 'iago@zulip.com', 'pw'));

    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 29, field: 'password' });
    expect(error.message).toContain('29 s');
  });

  it('takes the wait from a Retry-After header when the body has none', async () => {
    const body = { ...fixture('rate-limit-hit') };
    delete body['retry-after'];
    const server = await zulip({
      'POST /api/v1/fetch_api_key': { status: 429, body, headers: { 'retry-after': '7' } },
    });

    expect(await refusal(signInWithPassword(server, 'iago@zulip.com', 'pw'))).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 7,
    });
  });

  it("passes on another refusal with the server's own words", async () => {
    const server = await zulip({
      'POST /api/v1/fetch_api_key': {
        status: 403,
        body: { result: 'error', msg: 'Password auth is disabled in this organization.' },
      },
    });

    const error = await refusal(signInWithPassword(server, 'iago@zulip.com', 'pw'));

    expect(error.kind).toBe('rejected');
    expect(error.message).toContain('Password auth is disabled');
  });
});
