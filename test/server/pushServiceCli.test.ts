import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveOnce } from '../helpers/cliHost';
import { startStandInService, type StandInService } from '../helpers/pushService/standInService';

// Issue 54, point 2, for a headless host: `npm run serve --
// --register-push-service` registers as Zulip's register_server does, once
// its owner accepted the service's terms.

describe('npm run serve -- --register-push-service', () => {
  let service: StandInService;
  let dataDir: string;

  beforeAll(async () => {
    service = await startStandInService();
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-push-cli-'));
  });
  afterAll(async () => {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const register = (contactEmail: string, ...extra: string[]) =>
    serveOnce([
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--register-push-service',
      '--push-service-url',
      service.url,
      '--contact-email',
      contactEmail,
      ...extra,
    ]);

  it('shows the terms and sends nothing when nobody is there to accept them', async () => {
    const served = await register('owner@office.test');
    expect(served.exitCode).toBe(2);
    expect(served.output).toContain('https://zulip.com/policies/terms');
    expect(served.output).toContain('the contact email');
    expect(served.output).toContain('the terms were not accepted; nothing was sent to the service');
    expect(service.calls).toEqual([]);
  }, 60_000);

  it('registers once the terms are accepted, and again with the same identity', async () => {
    const first = await register('owner@office.test', '--agree-to-push-service-terms');
    expect(first.exitCode, first.output).toBe(0);
    expect(first.output).toContain(`Phones: notified through the push service at ${service.url}`);
    expect(service.servers.size).toBe(1);
    const [orgId] = [...service.servers.keys()];
    const second = await register('owner@office.test', '--agree-to-push-service-terms');
    expect(second.exitCode, second.output).toBe(0);
    expect([...service.servers.keys()]).toEqual([orgId]);
  }, 60_000);

  it('stops, saying why, when the service refuses', async () => {
    const refused = await register('nobody@example.com', '--agree-to-push-service-terms');
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toContain(
      'the push service refused the registration: Enter a valid email address.',
    );
  }, 60_000);

  it('refuses incomplete or stray flags with status 2', async () => {
    const noUrl = await serveOnce(['--register-push-service', '--contact-email', 'a@b.test']);
    expect(noUrl.exitCode).toBe(2);
    expect(noUrl.output).toContain('--register-push-service needs --push-service-url');
    const badEmail = await serveOnce([
      '--register-push-service',
      '--push-service-url',
      service.url,
      '--contact-email',
      'owner',
    ]);
    expect(badEmail.exitCode).toBe(2);
    expect(badEmail.output).toContain("needs --contact-email with an email address, not 'owner'");
    const stray = await serveOnce(['--contact-email', 'a@b.test']);
    expect(stray.exitCode).toBe(2);
    expect(stray.output).toContain('--contact-email goes with --register-push-service');
  }, 60_000);
});
