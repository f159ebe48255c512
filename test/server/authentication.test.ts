import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type ApiResponse, type Org, type TestUser } from '../helpers/org';

describe('HTTP Basic authentication', () => {
  let org: Org;
  let alice: TestUser;
  let dave: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    dave = await org.user('dave');
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
    db.prepare('UPDATE users SET is_active = 0 WHERE id = ?').run(dave.id);
    db.close();
    // The host caches authenticated users; a restart reads the deactivation.
    await org.restart();
  });
  afterAll(() => org.close());

  const withHeader = async (authorization: string | undefined): Promise<ApiResponse> => {
    const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
    const response = await fetch(`${org.url}/api/v1/users/me`, { headers });
    return { status: response.status, headers: response.headers, json: await response.json() };
  };
  const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

  const refusals: [string, () => string | undefined][] = [
    ['no credentials', () => undefined],
    ['a scheme other than Basic', () => `Bearer ${alice.apiKey}`],
    ['Basic without a value', () => 'Basic'],
    ['Basic credentials without a colon', () => basic(alice.email)],
    ['an unknown email', () => basic(`nobody@hearth.test:${alice.apiKey}`)],
    ['a wrong API key', () => basic(`${alice.email}:${'x'.repeat(32)}`)],
    ["another user's API key", () => basic(`${alice.email}:${dave.apiKey}`)],
    ['an empty API key', () => basic(`${alice.email}:`)],
  ];

  it.each(refusals)('refuses %s with 401 UNAUTHORIZED and a Basic challenge', async (_, header) => {
    const response = await withHeader(header());
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
    expect(response.json).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
    expect(response.json.msg).toEqual(expect.any(String));
    expect(response.json.msg.length).toBeGreaterThan(0);
  });

  it("tells a deactivated user's right key, and only it, that the account is deactivated", async () => {
    const response = await withHeader(basic(`${dave.email}:${dave.apiKey}`));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
    expect(response.json).toEqual({
      result: 'error',
      code: 'USER_DEACTIVATED',
      msg: 'Account is deactivated',
    });
    const guess = await withHeader(basic(`${dave.email}:${'x'.repeat(32)}`));
    expect(guess.json.code).toBe('UNAUTHORIZED');
  });

  it('tells a deactivated user who gives the right password, and only them, at fetch_api_key', async () => {
    const fetchKey = (password: string) =>
      org.api()('POST', '/fetch_api_key', { username: dave.email, password });
    const right = await fetchKey('correct horse battery staple');
    expect(right.status).toBe(401);
    expect(right.json).toMatchObject({ code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
    expect(right.json.api_key).toBeUndefined();
    expect((await fetchKey('wrong')).json.code).toBe('AUTHENTICATION_FAILED');
  });

  it('accepts the email in any letter case with the right key', async () => {
    const response = await withHeader(basic(`${alice.email.toUpperCase()}:${alice.apiKey}`));
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ result: 'success', user_id: alice.id });
  });

  it('keeps accepting each spelling of the same credentials as a client switches between them', async () => {
    const spellings = [
      basic(`${alice.email}:${alice.apiKey}`),
      basic(`${alice.email.toUpperCase()}:${alice.apiKey}`),
      `basic ${Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64')}`,
    ];
    for (const header of [...spellings, ...spellings]) {
      const response = await withHeader(header);
      expect(response.json).toMatchObject({ result: 'success', user_id: alice.id });
    }
  });

  it('checks credentials before parameters, as Zulip does', async () => {
    const response = await fetch(`${org.url}/api/v1/messages?num_before=nonsense`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
