import { afterAll, describe, expect, it } from 'vitest';
import type { RunningHearth } from '../../src-main/desktop/startHearth';
import { eventually } from '../helpers/hearth';
import { requestNamed } from '../helpers/hostHeader';
import { embeddedHearths } from './embeddedHearths';

const hearths = embeddedHearths('allowed-hosts');
afterAll(() => hearths.stopAll());

/** The Host header's answer from the hosted organization's loopback address. */
async function statusNamed(hearth: RunningHearth, name: string): Promise<number> {
  const state = await hearth.service.getAppState({});
  const serverUrl = state.accounts.find((account) => account.hosted)?.serverUrl ?? '';
  const { port } = new URL(serverUrl);
  return (
    await requestNamed(serverUrl, { host: `${name}:${port}`, path: '/api/v1/server_settings' })
  ).status;
}

const running = (hearth: RunningHearth) =>
  eventually('the host serves again', async () => {
    const hosting = await hearth.service.getHosting({});
    return hosting.status === 'running' && hosting;
  });

// Issue 56, point 8: the names `--allowed-host` gives the headless host, given
// on the Hosting page, validated as the flag validates them, kept in the
// profile for the host's later starts.
describe("the hosting owner's names the host also answers to", () => {
  it(
    'adds a name as the flag takes it, refuses what the flag refuses, and keeps it across a restart',
    { timeout: 120_000 },
    async () => {
      const first = await hearths.start();
      await first.service.hostOrganization({
        organizationName: 'Harbour Office',
        fullName: 'Hana Harbour',
        email: 'hana@harbour.example',
        password: 'tides and ferries',
        language: 'en',
      });
      expect((await first.service.getHosting({})).allowedHosts).toEqual([]);
      expect(await statusNamed(first, 'chat.harbour.example')).toBe(400);

      await expect(
        first.service.addAllowedHost({ name: 'https://chat.harbour.example/' }),
      ).rejects.toThrow(
        '“https://chat.harbour.example/” is not a host name or address. Give a name such as chat.example.com, or an address such as 192.0.2.10.',
      );
      await first.service.addAllowedHost({ name: ' Chat.Harbour.Example. ' });
      expect((await running(first)).allowedHosts).toEqual(['chat.harbour.example']);
      expect(await statusNamed(first, 'chat.harbour.example')).toBe(200);
      expect(await statusNamed(first, 'elsewhere.example')).toBe(400);
      await hearths.stop(first);

      const second = await hearths.start();
      expect((await running(second)).allowedHosts).toEqual(['chat.harbour.example']);
      expect(await statusNamed(second, 'chat.harbour.example')).toBe(200);
      await second.service.removeAllowedHost({ name: 'chat.harbour.example' });
      expect((await running(second)).allowedHosts).toEqual([]);
      expect(await statusNamed(second, 'chat.harbour.example')).toBe(400);
      await hearths.stop(second);

      const third = await hearths.start();
      expect((await running(third)).allowedHosts).toEqual([]);
    },
  );
});
