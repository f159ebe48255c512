import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore, secretAccount } from '../../../src-main/client/secretStore';
import { eventually, removeProfile, startTestHearth, type TestHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';
import { appPreferencesSchema } from '../../../src-preload/calls/appStateCalls';
import { defaultPreferences } from '../../../src-main/client/preferences/preferenceFile';

/** The app state of an app with no account, on a fresh profile. */
const noAccounts = {
  accounts: [],
  activeAccountId: null,
  badge: 0,
  doNotDisturb: null,
  hosting: null,
  preferences: appPreferencesSchema.parse(defaultPreferences),
};

// Issue 13, points 1 and 2, through the app: bad input creates nothing,
// removing an account takes its key and cache, and without a keychain the
// key lasts one run while the cached history stays readable.

const password = 'correct horse battery staple';
let org: Org;
let alice: TestUser;
let running: TestHearth[] = [];
const profiles: string[] = [];

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  await org.subscribe(alice, 'kitchen');
  await org.api(alice)('POST', '/messages', {
    type: 'stream',
    to: 'kitchen',
    topic: 'soup',
    content: 'Leek and potato today',
  });
});
afterAll(() => org.close());
afterEach(async () => {
  await Promise.all(running.map((hearth) => hearth.stop()));
  running = [];
  await Promise.all(profiles.splice(0).map(removeProfile));
});

async function start(options: Parameters<typeof startTestHearth>[0] = {}) {
  const hearth = await startTestHearth(options);
  running.push(hearth);
  if (!options.profileDir) profiles.push(hearth.profileDir);
  return hearth;
}

const cacheFiles = async (hearth: TestHearth) => readdir(join(hearth.profileDir, 'caches'));

describe('accounts in the app', () => {
  it("shows the organization's name and icon before anyone signs in", async () => {
    const hearth = await start({ secrets: createMemorySecretStore() });
    expect(await hearth.service.probeServer({ serverUrl: org.url })).toMatchObject({
      ok: true,
      server: {
        realmName: org.realmName,
        realmIcon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        passwordSignIn: true,
        usernameIsEmail: true,
        browserSignIn: [],
        warning: null,
      },
    });
  });

  it('narrows the folders of a profile an older version made readable by others', async () => {
    const hearth = await start({ secrets: createMemorySecretStore() });
    await hearth.stop();
    running = [];
    for (const folder of ['caches', 'icons']) {
      await mkdir(join(hearth.profileDir, folder), { recursive: true });
      await chmod(join(hearth.profileDir, folder), 0o755);
    }
    const again = await start({
      secrets: createMemorySecretStore(),
      profileDir: hearth.profileDir,
    });
    for (const folder of ['caches', 'icons']) {
      expect((await stat(join(again.profileDir, folder))).mode & 0o777).toBe(0o700);
    }
  });

  it('says beside the right field what is wrong, and creates nothing', async () => {
    const hearth = await start({ secrets: createMemorySecretStore() });
    expect(
      await hearth.service.joinOrganization({
        method: 'password',
        serverUrl: org.url,
        email: alice.email,
        password: 'not it',
      }),
    ).toMatchObject({ ok: false, field: 'password' });
    const closed = new URL(org.url);
    closed.port = '9';
    expect(
      await hearth.service.joinOrganization({
        method: 'password',
        serverUrl: closed.href,
        email: alice.email,
        password,
      }),
    ).toMatchObject({ ok: false, field: 'serverUrl' });
    expect(
      await hearth.service.joinOrganization({ method: 'zuliprc', zuliprc: '[api]\nemail=a@b.c\n' }),
    ).toMatchObject({ ok: false, field: 'zuliprc', message: expect.stringMatching(/key/) });
    expect(await hearth.service.getAppState({})).toEqual(noAccounts);
    expect(await cacheFiles(hearth)).toEqual([]);
  });

  it('forgets a removed account: its key, its cache, its line in the switcher', async () => {
    const secrets = createMemorySecretStore();
    const hearth = await start({ secrets });
    const joined = await hearth.service.joinOrganization({
      method: 'password',
      serverUrl: org.url,
      email: alice.email,
      password,
    });
    if (!joined.ok) throw new Error(joined.message);
    expect(await secrets.get(secretAccount(org.url, alice.email))).toBe(alice.apiKey);
    expect(await cacheFiles(hearth)).toContain(`${joined.accountId}.sqlite3`);

    await hearth.service.removeAccount({ accountId: joined.accountId });
    expect(await secrets.get(secretAccount(org.url, alice.email))).toBeNull();
    expect((await cacheFiles(hearth)).filter((file) => file.startsWith(joined.accountId))).toEqual(
      [],
    );
    expect(await hearth.service.getAppState({})).toEqual(noAccounts);
  });

  it('without a keychain keeps the key for one run, then asks again while the cache stays readable', async () => {
    const first = await start({ secrets: createMemorySecretStore() });
    const joined = await first.service.joinOrganization({
      method: 'password',
      serverUrl: org.url,
      email: alice.email,
      password,
    });
    if (!joined.ok) throw new Error(joined.message);
    expect((await first.service.getAppState({})).accounts[0]).toMatchObject({
      keyInMemoryOnly: true,
      needsSignIn: false,
    });
    // The organization's icon, fetched by the main side, for the window to show offline too.
    await eventually('the icon is kept', async () =>
      (await first.service.getAppState({})).accounts[0]?.realmIcon?.startsWith(
        'data:image/svg+xml;base64,',
      ),
    );
    // Cached history and icons say who talks to whom: only the profile's owner reads them.
    for (const folder of ['caches', 'icons']) {
      expect((await stat(join(first.profileDir, folder))).mode & 0o777).toBe(0o700);
    }
    await eventually('the history is cached', () =>
      first.app
        .active()
        .cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 50 })
        .messages.some((message) => message.content.includes('Leek and potato')),
    );
    await first.stop();
    running = running.filter((hearth) => hearth !== first);

    // A new run: the memory that held the key is gone.
    const second = await start({
      profileDir: first.profileDir,
      secrets: createMemorySecretStore(),
    });
    const [account] = (await second.service.getAppState({})).accounts;
    expect(account).toMatchObject({
      keyInMemoryOnly: true,
      needsSignIn: true,
      realmIcon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    const kitchen = (await second.service.getSnapshot({})).streams.find(
      (stream) => stream.name === 'kitchen',
    );
    const page = await second.service.openNarrow({
      narrow: { kind: 'stream', streamId: kitchen?.streamId ?? 0 },
    });
    expect(page.messages.map((message) => message.content).join()).toContain('Leek and potato');

    const again = await second.service.joinOrganization({
      method: 'password',
      serverUrl: org.url,
      email: alice.email,
      password,
    });
    expect(again).toEqual({ ok: true, accountId: joined.accountId });
    const state = await second.service.getAppState({});
    expect(state.accounts).toHaveLength(1);
    expect(state.accounts[0]).toMatchObject({ needsSignIn: false });
  });
});
