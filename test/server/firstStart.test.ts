import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHost } from '../../src-main/server/host';

// The onboarding form's "Host a new organization": its answers become the
// organization a first start creates, and later starts keep it.
describe('the organization a first start creates', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-first-start-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const organization = {
    realmName: 'Lakeside Bakery',
    ownerEmail: 'dana@lakeside.example',
    ownerFullName: 'Dana Baker',
    ownerPassword: 'flour and water',
  };

  const fetchApiKey = (url: string, username: string, password: string) =>
    fetch(`${url}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username, password }),
    });

  it('is named as asked, owned by the person who asked, who signs in with the password given', async () => {
    const host = await startHost({ dataDir, port: 0, organization });
    try {
      expect(host.realmName).toBe('Lakeside Bakery');
      expect(host.owner).toMatchObject({ email: organization.ownerEmail, fullName: 'Dana Baker' });
      const settings = await (await fetch(`${host.url}/api/v1/server_settings`)).json();
      expect(settings.realm_name).toBe('Lakeside Bakery');

      const signedIn = await fetchApiKey(host.url, organization.ownerEmail, 'flour and water');
      expect(signedIn.status).toBe(200);
      expect(await signedIn.json()).toMatchObject({ api_key: host.owner.apiKey });
      expect((await fetchApiKey(host.url, organization.ownerEmail, 'wrong')).status).toBe(401);
    } finally {
      await host.close();
    }
  });

  it('is kept by a later start that asks for another one', async () => {
    const first = await startHost({ dataDir, port: 0, organization });
    await first.close();
    const later = await startHost({
      dataDir,
      port: 0,
      organization: { ...organization, realmName: 'Other', ownerEmail: 'other@example.com' },
    });
    try {
      expect(later.realmName).toBe('Lakeside Bakery');
      expect(later.owner.email).toBe(organization.ownerEmail);
    } finally {
      await later.close();
    }
  });

  it('refuses an owner email that is not an email, creating nothing', async () => {
    await expect(
      startHost({ dataDir, port: 0, organization: { ...organization, ownerEmail: 'dana' } }),
    ).rejects.toThrow(/email/i);
    const host = await startHost({ dataDir, port: 0, organization });
    try {
      expect(host.owner.email).toBe(organization.ownerEmail);
    } finally {
      await host.close();
    }
  });
});
