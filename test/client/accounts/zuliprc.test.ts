import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import { signInWithApiKey } from '../../../src-main/client/accounts/signIn';
import { parseZuliprc } from '../../../src-main/client/accounts/zuliprc';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

describe('parseZuliprc', () => {
  it('reads email, key and site from the [api] section, past comments and whitespace', () => {
    const text = [
      '# Downloaded from Zulip',
      '; another comment',
      '',
      '[other]',
      'email = not-this@example.com',
      '',
      '  [api]  ',
      'email=iago@zulip.com',
      '  key :  gjA04ZYcqXKalvYMA8OeXSfzUOLrtbZv  ',
      'site = https://chat.example.com',
      'insecure = true',
    ].join('\r\n');

    expect(parseZuliprc(text)).toEqual({
      email: 'iago@zulip.com',
      apiKey: 'gjA04ZYcqXKalvYMA8OeXSfzUOLrtbZv',
      site: 'https://chat.example.com',
    });
  });

  it('names the keys that are missing', () => {
    expect(() => parseZuliprc('[api]\nemail = iago@zulip.com\n')).toThrow(
      expect.objectContaining({
        kind: 'invalid-input',
        field: 'zuliprc',
        message: expect.stringContaining('key, site'),
      }),
    );
  });

  it('names an empty value as missing', () => {
    expect(() => parseZuliprc('[api]\nemail=a@b.c\nkey=\nsite=x\n')).toThrow(/no key\./);
  });

  it('refuses a file without an [api] section', () => {
    expect(() => parseZuliprc('[settings]\ncolor = blue\n')).toThrow(/no \[api\] section/);
  });

  it('refuses a line that is not name = value', () => {
    expect(() => parseZuliprc('[api]\njust some words\n')).toThrow(/not "name = value"/);
  });
});

describe('signing in with a zuliprc', () => {
  let org: Org;
  let alice: TestUser;
  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  it("probes the file's site and signs in with its key", async () => {
    const rc = parseZuliprc(`[api]\nemail=${alice.email}\nkey=${alice.apiKey}\nsite=${org.url}\n`);

    const server = await probeServer(rc.site);
    const result = await signInWithApiKey(server, rc.email, rc.apiKey, { keyField: 'zuliprc' });

    expect(result).toMatchObject({ serverUrl: org.url, userId: alice.id });
  });

  it('reports a rejected key beside the zuliprc field', async () => {
    const server = await probeServer(org.url);

    await expect(
      signInWithApiKey(server, alice.email, 'y'.repeat(32), { keyField: 'zuliprc' }),
    ).rejects.toMatchObject({ kind: 'bad-credentials', field: 'zuliprc' });
  });
});
