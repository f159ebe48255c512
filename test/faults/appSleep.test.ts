import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShownAlert } from '../../src-main/client/ports/notifier';
import { eventually } from '../helpers/hearth';
import {
  announcements,
  sendWhileAsleep,
  startSleepyOrganizations,
  type Missed,
  type SleepyOrganization,
} from '../helpers/missedWhileAsleep';

// Issue 55, point 3, the app's side: the app's process stopped (SIGSTOP),
// as a computer's sleep stops it, past the lifetime of its queues (2 s
// unpolled, on hosts that run on in this process) while people write to
// each of its two accounts. Continued (SIGCONT), every account registers
// again and catches up, with each message once and in order, and each
// that notifies announced once. test/client/app/sleepAndClock.test.ts
// holds the same on a wall clock that moved while the monotonic one stood
// still, as a suspend on Linux or macOS leaves them.

const idleMs = 2_000;
const child = join(import.meta.dirname, '../helpers/appSleepChild.ts');

interface Organization extends SleepyOrganization {
  /** Alice's account there, in the app. */
  accountId: string;
}

interface AccountReport {
  accountId: string;
  queueId: string | null;
  connected: boolean;
  ids: number[];
}

let organizations: Organization[] = [];
let app: ChildProcessByStdio<Writable, Readable, null>;
const printed: Record<string, unknown>[] = [];

beforeAll(async () => {
  for (const organization of await startSleepyOrganizations(idleMs)) {
    // Something cached already: the catch-up starts after it, as on a
    // computer in use (sleepAndClock.test.ts has an account with nothing cached).
    await organization.org.sendStream(organization.bob, 'kitchen', 'chatter', 'before the sleep');
    organizations.push({ ...organization, accountId: '' });
  }
  const accounts = organizations.map(({ org, alice }) => ({
    serverUrl: org.url,
    email: alice.email,
    apiKey: alice.apiKey,
  }));
  app = spawn(process.execPath, ['--import', 'tsx', child, JSON.stringify(accounts)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  createInterface({ input: app.stdout }).on('line', (line) => {
    printed.push(JSON.parse(line) as Record<string, unknown>);
  });
  const ready = await eventually(
    'the app is connected',
    () => printed.find((line) => 'ready' in line)?.ready as string[] | undefined,
    60_000,
  );
  // The app joined the organizations in this order.
  for (const organization of organizations) organization.accountId = ready.shift() ?? '';
});

afterAll(async () => {
  if (app && app.exitCode === null) {
    app.kill('SIGCONT');
    const exited = new Promise((resolve) => app.once('exit', resolve));
    app.stdin.end();
    const killer = setTimeout(() => app.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }
  await Promise.all(organizations.map(({ org }) => org.close()));
  organizations = [];
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the app holds of each account, by account. */
async function report(): Promise<Map<string, AccountReport>> {
  const seen = printed.length;
  app.stdin.write('report\n');
  const line = await eventually('the app reports', () =>
    printed.slice(seen).find((printedLine) => 'report' in printedLine),
  );
  return new Map((line.report as AccountReport[]).map((account) => [account.accountId, account]));
}

const shown = () =>
  printed.flatMap((line) => ('notification' in line ? [line.notification as ShownAlert] : []));
const played = (sound: SleepyOrganization['sound']) =>
  printed.filter((line) => 'sound' in line && line.sound === sound).length;

describe('the app asleep past its queues’ lifetime', () => {
  it('registers every account again and catches up, with each message once and in order, and each that notifies announced once', async () => {
    const before = await report();
    app.kill('SIGSTOP');
    const asleep: (Organization & { queue: string | null | undefined; missed: Missed })[] = [];
    for (const organization of organizations) {
      const { org, bob, alice, accountId } = organization;
      asleep.push({
        ...organization,
        queue: before.get(accountId)?.queueId,
        missed: await sendWhileAsleep(org, bob, alice, 'kitchen'),
      });
    }
    // Past the queues' lifetime: the app could poll neither.
    await pause(idleMs * 3);
    app.kill('SIGCONT');

    const after = await eventually(
      'every account registered again and caught up',
      async () => {
        const accounts = await report();
        return (
          asleep.every(({ accountId, queue, missed }) => {
            const account = accounts.get(accountId);
            return (
              account?.connected === true &&
              account.queueId !== queue &&
              missed.ids.every((id) => account.ids.includes(id))
            );
          }) && accounts
        );
      },
      30_000,
    );
    for (const { accountId, missed } of asleep) {
      const held = after.get(accountId)?.ids ?? [];
      expect(held.filter((id) => id >= Math.min(...missed.ids))).toEqual(missed.ids);
    }

    // A live message after: what came before it has been announced once it shows.
    for (const { org, bob, alice } of asleep) {
      await org.api(bob)('POST', '/messages', {
        type: 'private',
        to: [alice.id],
        content: 'awake',
      });
    }
    await eventually('"awake" notifies on each account', () =>
      asleep.every(({ accountId }) =>
        shown().some((alert) => alert.accountId === accountId && alert.body === 'awake'),
      ),
    );

    for (const { accountId, missed, sound } of asleep) {
      const { alone, summarized } = announcements(shown(), accountId);
      // The poll held across the sleep may have brought the first message,
      // live, announced by itself; the rest waited on the lost queue and
      // are summed up in one notification, counting each of them once.
      const live = alone.slice(0, -1);
      expect(alone.at(-1)).toBe('awake');
      expect(live).toEqual(missed.notifying.slice(0, live.length));
      expect(summarized).toEqual([missed.notifying.length - live.length]);
      expect(played(sound)).toBe((live.length > 0 ? 1 : 0) + 2);
    }
  });
});
