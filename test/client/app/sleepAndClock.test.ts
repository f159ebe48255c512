import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShownAlert } from '../../../src-main/client/ports/notifier';
import type { AccountRuntime } from '../../../src-main/client/runtime/accountRuntime';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import type { HearthSound } from '../../../src-main/wire';
import {
  connected,
  eventually,
  joinWithKey,
  removeProfile,
  startTestHearth,
  testTuning,
} from '../../helpers/hearth';
import {
  announcements,
  sendWhileAsleep,
  startSleepyOrganizations,
  type Missed,
  type SleepyOrganization,
} from '../../helpers/missedWhileAsleep';
import { MovableWallClock } from '../../helpers/movableWallClock';
import { sleepingLink } from '../../helpers/sleepingLink';

// Issue 55, point 3, the app's side, on clocks the test hands it: a
// suspend on Linux or macOS moves the wall clock by hours while the
// monotonic clock, which Node's timers run by, stands still, so nothing
// fires late; the app must tell the sleep from the wall clock alone. Two
// accounts on two hosts whose queues expire after 1 s unpolled.
// test/faults/appSleep.test.ts holds the same with the app's process
// stopped (SIGSTOP) instead.

const idleMs = 1_000;
const hourMs = 3_600_000;

type Organization = SleepyOrganization;

let organizations: Organization[] = [];

beforeAll(async () => {
  organizations = await startSleepyOrganizations(idleMs);
});
afterAll(async () => {
  await Promise.all(organizations.map(({ org }) => org.close()));
  organizations = [];
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app signed in as Alice to each organization, on a clock and a link the test moves. */
async function sleepyApp() {
  const clock = new MovableWallClock();
  const link = sleepingLink();
  const hearth = await startTestHearth({
    secrets: createMemorySecretStore(),
    tuning: {
      ...testTuning,
      // Longer than the test: a poll held across the sleep is ended by the wake, or never.
      pollTimeoutMs: 120_000,
      wake: { intervalMs: 50, lateByMs: 1_000 },
      clock,
      fetch: link.fetch,
    },
  });
  const shown: ShownAlert[] = [];
  const sounds: HearthSound[] = [];
  hearth.page.on('notification', (alert) => shown.push(alert));
  hearth.page.on('sound', ({ sound }) => sounds.push(sound));
  const accounts: { organization: Organization; runtime: AccountRuntime }[] = [];
  for (const organization of organizations) {
    await joinWithKey(hearth.app, organization.org.url, organization.alice);
    await connected(hearth.app);
    accounts.push({ organization, runtime: hearth.app.active() });
  }
  /** What the account's cache holds of `ids` and after the first of them, oldest first. */
  const cachedSince = (runtime: AccountRuntime, ids: readonly number[]) =>
    runtime.cache
      .messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 200 })
      .messages.map((message) => message.id)
      .filter((id) => id >= Math.min(...ids));
  return {
    clock,
    link,
    shown,
    sounds,
    accounts,
    cachedSince,
    close: async () => {
      await hearth.stop();
      await removeProfile(hearth.profileDir);
    },
  };
}

const dm = async ({ org, bob, alice }: Organization, content: string): Promise<number> =>
  (await org.api(bob)('POST', '/messages', { type: 'private', to: [alice.id], content })).json
    .id as number;

const notified = (shown: readonly ShownAlert[], runtime: AccountRuntime, body: string) =>
  shown.some((alert) => alert.accountId === runtime.account.id && alert.body === body);

describe('a computer that slept, its monotonic clock standing still', () => {
  it('is noticed by the wall clock alone; every account registers again and catches up, each message once and in order, announced once', async () => {
    const app = await sleepyApp();
    try {
      app.link.sleep();
      const asleep: {
        organization: Organization;
        runtime: AccountRuntime;
        queue: string | undefined;
        missed: Missed;
      }[] = [];
      for (const { organization, runtime } of app.accounts) {
        const { org, bob, alice } = organization;
        asleep.push({
          organization,
          runtime,
          queue: runtime.session?.queueId,
          missed: await sendWhileAsleep(org, bob, alice, 'kitchen'),
        });
      }
      // Past the queues' lifetime: nobody polled them.
      await pause(idleMs * 3);
      app.link.wake();
      app.clock.move(8 * hourMs);

      for (const { runtime, queue, missed } of asleep) {
        await eventually(
          `${runtime.account.serverUrl} registered again and caught up`,
          () =>
            runtime.session?.connection.state === 'connected' &&
            runtime.session.queueId !== queue &&
            app.cachedSince(runtime, missed.ids).length === missed.ids.length,
        );
        expect(app.cachedSince(runtime, missed.ids)).toEqual(missed.ids);
      }
      // A live message after: what came before it has been announced once it shows.
      for (const { organization } of asleep) await dm(organization, 'awake');
      await eventually('"awake" notifies on each account', () =>
        asleep.every(({ runtime }) => notified(app.shown, runtime, 'awake')),
      );

      for (const { runtime, missed } of asleep) {
        // What waited on a lost queue is summed up in one notification, as
        // after any catch-up: each of the six that notify is counted once.
        expect(announcements(app.shown, runtime.account.id)).toEqual({
          alone: ['awake'],
          summarized: [missed.notifying.length],
        });
      }
      expect([...app.sounds].sort()).toEqual(['ember', 'ember', 'knock', 'knock']);
    } finally {
      await app.close();
    }
  });
});

describe('a wall clock set back or forward by hours, without a sleep', () => {
  it('loses, doubles and announces again nothing, and keeps every queue', async () => {
    const app = await sleepyApp();
    try {
      const awake = app.accounts.map((account) => ({
        ...account,
        queue: account.runtime.session?.queueId,
        sent: [] as number[],
      }));
      const moves = [-5 * hourMs, 10 * hourMs];
      for (const [step, moveMs] of moves.entries()) {
        const movedTo = app.clock.wallMs() + moveMs;
        app.clock.move(moveMs);
        if (moveMs > 0) {
          // Forward looks like a sleep: each account checks its link, and finds its queue.
          await eventually('each account checked its link', () =>
            awake.every(({ runtime }) => (runtime.session?.connection.lastSyncAt ?? 0) >= movedTo),
          );
        }
        for (const { organization, sent } of awake) {
          sent.push(await dm(organization, `after move ${step}`));
        }
        await eventually(`"after move ${step}" notifies on each account`, () =>
          awake.every(({ runtime }) => notified(app.shown, runtime, `after move ${step}`)),
        );
      }

      for (const { runtime, queue, sent } of awake) {
        expect(runtime.session?.queueId).toBe(queue);
        expect(app.cachedSince(runtime, sent)).toEqual(sent);
        expect(announcements(app.shown, runtime.account.id)).toEqual({
          alone: moves.map((_, step) => `after move ${step}`),
          summarized: [],
        });
      }
      expect([...app.sounds].sort()).toEqual(['ember', 'ember', 'knock', 'knock']);
    } finally {
      await app.close();
    }
  });
});
