import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { Presence, presenceStatus } from '../../src-main/client/presence';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe("Zulip's reading of presence", () => {
  const threshold = 140;
  const at = 1_000_000;
  it.each([
    [
      'active while the last activity is recent',
      { active_timestamp: at - 10, idle_timestamp: at - 10 },
      'active',
    ],
    [
      'idle while only the last connection is',
      { active_timestamp: at - 600, idle_timestamp: at - 30 },
      'idle',
    ],
    [
      'offline once both are old',
      { active_timestamp: at - 600, idle_timestamp: at - 300 },
      'offline',
    ],
    [
      'offline at the threshold itself',
      { active_timestamp: at - 140, idle_timestamp: at - 140 },
      'offline',
    ],
  ] as const)('%s', (_rule, presence, status) => {
    expect(presenceStatus(presence, at, threshold)).toBe(status);
  });

  it('calls someone never seen offline', () => {
    expect(presenceStatus(undefined, at, threshold)).toBe('offline');
  });
});

describe('reporting presence to a real host', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org?.close());

  it('tells the server whether the person is at the computer, and reads everyone back', async () => {
    let changes = 0;
    const make = (user: TestUser, atComputer: boolean) =>
      new Presence({
        api: createApi({ serverUrl: org.url, email: user.email, apiKey: user.apiKey }),
        active: () => atComputer,
        timing: () => ({ pingIntervalSeconds: 3600, offlineThresholdSeconds: 140 }),
        onChange: () => changes++,
        log: () => undefined,
      });
    const bobs = make(bob, true);
    bobs.start();
    await expect.poll(() => changes).toBe(1);
    bobs.stop();
    const alices = make(alice, false);
    alices.start();
    await expect.poll(() => changes).toBe(2);
    alices.stop();

    // What each client reported, as any Zulip client reads it.
    const reported = async (user: TestUser) =>
      (await org.api(alice)('GET', `/users/${user.id}/presence`)).json.presence.aggregated.status;
    expect(await reported(bob)).toBe('active');
    expect(await reported(alice)).toBe('idle');
    // Alice's client read Bob's report back; ten minutes without one, he is offline.
    expect(alices.statusOf(bob.id)).toBe('active');
    expect(alices.statusOf(bob.id, Date.now() + 600_000)).toBe('offline');
  });
});
