import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/hearth';
import { embeddedHearths } from './embeddedHearths';

const hearths = embeddedHearths('bot-networks');
const start = hearths.start;
afterAll(() => hearths.stopAll());

const loopbackBot = (shortName: string) => ({
  fullName: shortName,
  shortName,
  botType: 'outgoing_webhook' as const,
  outgoing: { url: 'http://127.0.0.1:9/bot', format: 'zulip' as const },
});

describe("the hosting owner's word on bots reaching private networks", () => {
  it(
    'keeps bots off this computer until allowed, restarts the host to allow it, and remembers',
    { timeout: 90_000 },
    async () => {
      const first = await start();
      await first.service.hostOrganization({
        organizationName: 'Lakeside Bakery',
        fullName: 'Dana Baker',
        email: 'dana@lakeside.example',
        password: 'flour and water',
        language: 'en',
      });
      await eventually('connected', () => first.app.active().connection.state === 'connected');
      expect((await first.service.getHosting({})).botsReachPrivateNetworks).toBe(false);
      await expect(first.service.createBot(loopbackBot('refused'))).rejects.toThrow(
        'reaches this computer or a private network',
      );

      await first.service.setBotsReachPrivateNetworks({ allow: true });
      expect((await first.service.getHosting({})).botsReachPrivateNetworks).toBe(true);
      await eventually(
        'connected again',
        () => first.app.active().connection.state === 'connected',
      );
      expect(await first.service.createBot(loopbackBot('allowed'))).toMatchObject({
        outgoing: { url: 'http://127.0.0.1:9/bot' },
      });
      await hearths.stop(first);

      const second = await start();
      expect((await second.service.getHosting({})).botsReachPrivateNetworks).toBe(true);
    },
  );
});
