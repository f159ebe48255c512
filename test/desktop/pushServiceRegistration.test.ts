import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushServiceRequest } from '../../src-preload/bridge';
import { connected, removeProfile, startTestHearth, type TestHearth } from '../helpers/hearth';
import { startStandInService, type StandInService } from '../helpers/pushService/standInService';

// Issue 54, points 2 and 6, from the app's side: the Hosting page's call
// goes through main's own question to the host worker, which registers with
// a stand-in push service on loopback; the page then reads whether phones
// are notified, and if not why. The host's ID and key go to the real
// keychain the test command provides.

describe('registering the hosted organization with a push notification service', () => {
  let service: StandInService;
  let hearth: TestHearth;

  const request = (contactEmail: string, url = service.url): PushServiceRequest => ({
    url,
    contactEmail,
    termsAccepted: true,
  });
  const status = async () => (await hearth.service.getHosting({})).pushService;
  const keychainEntry = (name: string) =>
    hearth.secrets.get(`hosting ${name} of ${join(hearth.profileDir, 'organization')}`);

  beforeAll(async () => {
    service = await startStandInService();
    hearth = await startTestHearth();
    const hosted = await hearth.service.hostOrganization({
      organizationName: 'Lakeside Bakery',
      fullName: 'Dana Baker',
      email: 'dana@lakeside.example',
      password: 'flour and water',
      language: 'en',
    });
    expect(hosted).toMatchObject({ ok: true });
    await connected(hearth.app);
  }, 60_000);

  afterAll(async () => {
    await hearth?.stop();
    if (hearth) await removeProfile(hearth.profileDir);
    await service?.close();
  });

  it('sends the service nothing until main’s own question is answered yes', async () => {
    expect(await status()).toBeNull();
    const { confirmations } = hearth;
    confirmations.accept = false;
    try {
      expect(await hearth.service.registerPushService(request('dana@lakeside.example'))).toEqual({
        ok: false,
        reason: 'declined',
      });
    } finally {
      confirmations.accept = true;
    }
    expect(confirmations.asked.at(-1)?.message).toBe(
      `Register Lakeside Bakery with the push notification service at ${service.url}?`,
    );
    expect(confirmations.asked.at(-1)?.detail).toContain('dana@lakeside.example');
    expect(service.calls).toEqual([]);
    expect(await status()).toBeNull();
  });

  it('refuses plain http to another computer before asking anything', async () => {
    const asked = hearth.confirmations.asked.length;
    await expect(
      hearth.service.registerPushService(
        request('dana@lakeside.example', 'http://push.example.net'),
      ),
    ).rejects.toThrow('over plain http');
    expect(hearth.confirmations.asked).toHaveLength(asked);
    expect(service.calls).toEqual([]);
  });

  it('passes on the service’s refusal in its own words, and the page keeps it', async () => {
    expect(await hearth.service.registerPushService(request('dana@example.com'))).toEqual({
      ok: true,
      outcome: { kind: 'refused', msg: 'Enter a valid email address.' },
    });
    expect(await status()).toEqual({
      url: service.url,
      contactEmail: 'dana@example.com',
      registeredAtMs: null,
      unreachableSinceMs: null,
      refusal: 'Enter a valid email address.',
      canPush: false,
    });
  });

  it('registers, keeps its ID and key in the keychain, and reports phones notified', async () => {
    const before = Date.now();
    expect(await hearth.service.registerPushService(request('dana@lakeside.example'))).toEqual({
      ok: true,
      outcome: { kind: 'registered' },
    });
    const registered = await status();
    expect(registered).toMatchObject({
      url: service.url,
      contactEmail: 'dana@lakeside.example',
      unreachableSinceMs: null,
      refusal: null,
      canPush: true,
    });
    // Kept in whole seconds, as Zulip keeps it.
    expect(registered?.registeredAtMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(service.servers.size).toBe(1);
    const [id, server] = [...service.servers.entries()][0] ?? [];
    expect(server?.contactEmail).toBe('dana@lakeside.example');
    expect(await keychainEntry('push-service-id')).toBe(id);
    expect(await keychainEntry('push-service-key')).toBe(server?.key);
  });

  it('says since when the service has not answered, then registers again as the same server', async () => {
    const [id] = [...service.servers.keys()];
    service.failWith('reset');
    try {
      const lost = await hearth.service.registerPushService(request('bakery@lakeside.example'));
      expect(lost).toMatchObject({ ok: true, outcome: { kind: 'unreachable' } });
      expect(await status()).toMatchObject({
        unreachableSinceMs: expect.any(Number),
        refusal: null,
      });
    } finally {
      service.failWith(null);
    }
    expect(await hearth.service.registerPushService(request('bakery@lakeside.example'))).toEqual({
      ok: true,
      outcome: { kind: 'registered' },
    });
    expect([...service.servers.keys()]).toEqual([id]);
    expect(service.servers.get(id ?? '')?.contactEmail).toBe('bakery@lakeside.example');
    expect(await status()).toMatchObject({
      contactEmail: 'bakery@lakeside.example',
      unreachableSinceMs: null,
      canPush: true,
    });
  });

  it('still reports phones notified after the app restarts', async () => {
    const { profileDir, secrets } = hearth;
    await hearth.stop();
    hearth = await startTestHearth({ profileDir, secrets });
    await connected(hearth.app);
    expect(await status()).toMatchObject({
      url: service.url,
      contactEmail: 'bakery@lakeside.example',
      registeredAtMs: expect.any(Number),
      canPush: true,
    });
  }, 60_000);
});
