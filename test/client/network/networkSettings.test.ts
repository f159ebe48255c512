import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProxySetting } from '../../../src-main/wire/proxySetting';
import { createMemorySecretStore, type SecretStore } from '../../../src-main/client/secretStore';
import {
  connected,
  eventually,
  joinWithKey,
  removeProfile,
  startTestHearth,
  testTuning,
  type TestHearth,
} from '../../helpers/hearth';
import { startOfficeProxy, type OfficeProxy } from '../../helpers/network/officeProxy';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

// Issue 35, point 1: Settings › Network, kept on this computer with the
// proxy's password in the keychain, applied without a restart.

const manual = (port: number, username: string | null = null): ProxySetting => ({
  mode: 'manual',
  scheme: 'http',
  host: '127.0.0.1',
  port,
  username,
  bypass: ['*.internal.example', '10.0.0.0/8'],
});

describe('Settings › Network', () => {
  const started: TestHearth[] = [];
  const profiles = new Set<string>();

  const start = async (
    options: { profileDir?: string; secrets?: SecretStore; env?: Record<string, string> } = {},
  ) => {
    const hearth = await startTestHearth({
      ...(options.profileDir ? { profileDir: options.profileDir } : {}),
      ...(options.secrets ? { secrets: options.secrets } : {}),
      tuning: { ...testTuning, fetch: undefined },
      network: { env: options.env ?? {} },
    });
    started.push(hearth);
    profiles.add(hearth.profileDir);
    return hearth;
  };

  afterEach(async () => {
    for (const hearth of started.splice(0)) await hearth.stop();
    for (const profile of profiles) await removeProfile(profile);
    profiles.clear();
  });

  it("uses the system's settings at first, and says where they lead", async () => {
    const { service } = await start({ env: { HTTPS_PROXY: 'http://proxy.corp.example:3128' } });
    expect(await service.networkSettings({})).toEqual({
      proxy: { mode: 'system' },
      hasPassword: false,
      passwordInMemoryOnly: false,
      systemProxy: 'http://proxy.corp.example:3128',
    });
  });

  it('keeps a manual proxy in the preferences and its password in the keychain, across a restart', async () => {
    const first = await start();
    const saved = await first.service.setNetworkSettings({
      proxy: manual(3128, 'alice'),
      password: 'open sesame',
    });
    expect(saved).toMatchObject({ proxy: manual(3128, 'alice'), hasPassword: true });
    expect(JSON.stringify(saved)).not.toContain('open sesame');
    const preferences = await readFile(join(first.profileDir, 'preferences.json'), 'utf8');
    expect(preferences).not.toContain('open sesame');
    await first.stop();

    const again = await start({ profileDir: first.profileDir, secrets: first.secrets });
    expect(await again.service.networkSettings({})).toMatchObject({
      proxy: manual(3128, 'alice'),
      hasPassword: true,
    });
    // Keeping the password (absent) and forgetting it (null).
    expect(await again.service.setNetworkSettings({ proxy: manual(8080, 'alice') })).toMatchObject({
      hasPassword: true,
    });
    expect(
      await again.service.setNetworkSettings({ proxy: { mode: 'none' }, password: null }),
    ).toMatchObject({ proxy: { mode: 'none' }, hasPassword: false });
  });

  it('keeps the password in memory only where no keychain answers', async () => {
    const first = await start({ secrets: createMemorySecretStore() });
    expect(
      await first.service.setNetworkSettings({
        proxy: manual(3128, 'alice'),
        password: 'open sesame',
      }),
    ).toMatchObject({ hasPassword: true, passwordInMemoryOnly: true });
    await first.stop();
    const again = await start({ profileDir: first.profileDir, secrets: createMemorySecretStore() });
    expect(await again.service.networkSettings({})).toMatchObject({
      proxy: manual(3128, 'alice'),
      hasPassword: false,
    });
  });

  it('refuses a setting that cannot work, and keeps the one before', async () => {
    const { service } = await start();
    await expect(
      service.setNetworkSettings({ proxy: { ...manual(3128), port: 0 } } as never),
    ).rejects.toThrow(/setNetworkSettings: invalid arguments/);
    await expect(
      service.setNetworkSettings({ proxy: { ...manual(3128), host: 'http://proxy/' } } as never),
    ).rejects.toThrow(/without a scheme or path/);
    await expect(
      service.setNetworkSettings({ proxy: manual(3128, null), password: 'no user' }),
    ).rejects.toThrow('A proxy password goes with a manual proxy and its user name.');
    expect((await service.networkSettings({})).proxy).toEqual({ mode: 'system' });
  });
});

describe('a route changed while the event queue polls', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let before: OfficeProxy;
  let after: OfficeProxy;
  let hearth: TestHearth;
  let serverUrl: string;

  beforeAll(async () => {
    org = await startOrg({ allowedHosts: ['chat.corp.example'] });
    alice = await org.user('alice');
    bob = await org.user('bob');
    before = await startOfficeProxy();
    after = await startOfficeProxy();
    // A name only the proxies resolve: nothing can reach it directly.
    serverUrl = `http://chat.corp.example:${new URL(org.url).port}`;
    hearth = await startTestHearth({
      secrets: createMemorySecretStore(),
      tuning: { ...testTuning, fetch: undefined },
      network: { env: { HTTP_PROXY: before.url } },
    });
  });

  afterAll(async () => {
    await hearth?.stop();
    if (hearth) await removeProfile(hearth.profileDir);
    await before?.close();
    await after?.close();
    await org?.close();
  });

  it('goes on from the last event through the new proxy: nothing missed, nothing twice', async () => {
    const { app, service, page } = hearth;
    const shown: string[] = [];
    page.on('notification', (alert) => shown.push(alert.body));
    const states: string[] = [];
    app.on('appState', (state) => {
      const connection = state.accounts[0]?.connection.state;
      if (connection && connection !== states.at(-1)) states.push(connection);
    });
    await joinWithKey(app, serverUrl, alice, { sendUnencrypted: true });
    await connected(app);
    const host = `chat.corp.example:${new URL(org.url).port}`;
    expect(before.tunnels).toContain(host);

    const send = (content: string) =>
      org.api(bob)('POST', '/messages', { type: 'private', to: [alice.id], content });
    await send('one, before the change');
    await eventually('the first message is shown', () => shown.length === 1);
    states.length = 0;
    const tunnelsBefore = before.tunnels.length;

    // The long-poll is in flight through the first proxy when the route changes.
    await Promise.all([
      service.setNetworkSettings({ proxy: manual(after.port) }),
      send('two, as the route changes'),
    ]);
    await send('three, after the change');
    await eventually('every message is shown', () => shown.length >= 3);
    // A moment for anything sent twice to show twice.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(shown).toEqual([
      'one, before the change',
      'two, as the route changes',
      'three, after the change',
    ]);
    expect(after.tunnels).toContain(host);
    expect(before.tunnels.length).toBe(tunnelsBefore);
    // The same queue went on: no new registration, no catching up.
    expect(states).not.toContain('catching-up');
    expect(states).not.toContain('connecting');
  });
});
