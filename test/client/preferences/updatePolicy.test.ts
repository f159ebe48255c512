import { describe, expect, it } from 'vitest';
import {
  checkEveryMs,
  firstCheckAfterMs,
  UpdatePolicy,
  type UpdateChoice,
  type UpdateNotice,
  type UpdateSituation,
} from '../../../src-main/client/preferences/updatePolicy';
import { ManualClock } from '../../helpers/manualClock';

// Issue 37, point 8: when Hearth looks for an update, what it tells the
// person, and when it installs. electron-updater cannot run here, so a fake
// stands in for it alone; the clock is moved by hand.

const hour = 60 * 60_000;

function updating(
  options: {
    situation?: UpdateSituation;
    choice?: UpdateChoice;
    offers?: string;
    checkHangs?: boolean;
    autoUpdate?: boolean;
  } = {},
) {
  const clock = new ManualClock();
  const situation: UpdateSituation = options.situation ?? {
    hosting: false,
    updateWhileHosting: false,
  };
  const seen = { checks: 0, installedNow: 0, installOnQuit: false, notices: [] as UpdateNotice[] };
  const log: string[] = [];
  let failing: Error | undefined;
  const policy = new UpdatePolicy({
    updater: {
      check: () => {
        seen.checks += 1;
        if (options.checkHangs) return new Promise<void>(() => undefined);
        if (failing) return Promise.reject(failing);
        // With autoDownload, an offered update arrives as downloaded later.
        if (options.offers) queueMicrotask(() => policy.downloaded(options.offers ?? ''));
        return Promise.resolve();
      },
      installNow: () => (seen.installedNow += 1),
      installOnQuit: (on) => (seen.installOnQuit = on),
    },
    timers: { after: (ms, fire) => clock.at(clock.now() + ms, fire) },
    situation: () => situation,
    autoUpdate: options.autoUpdate ?? true,
    ask: (notice) => {
      seen.notices.push(notice);
      return Promise.resolve(options.choice ?? 'later');
    },
    log: (line) => log.push(line),
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    clock,
    policy,
    seen,
    situation,
    log,
    settle,
    fail: (error: Error | undefined) => (failing = error),
  };
}

describe('when Hearth looks for an update', () => {
  it('checks a while after starting, then every few hours', async () => {
    const { clock, policy, seen, settle } = updating();
    policy.start();
    clock.advance(firstCheckAfterMs - 1);
    expect(seen.checks).toBe(0);
    clock.advance(1);
    expect(seen.checks).toBe(1);
    await settle();
    clock.advance(checkEveryMs);
    await settle();
    clock.advance(checkEveryMs);
    expect(seen.checks).toBe(3);
    expect(checkEveryMs).toBeGreaterThanOrEqual(hour);
  });

  it('never checks while the app hosts an organization, unless the person allowed it', () => {
    const { clock, policy, seen, situation } = updating({
      situation: { hosting: true, updateWhileHosting: false },
    });
    policy.start();
    clock.advance(firstCheckAfterMs + 3 * checkEveryMs);
    expect(seen.checks).toBe(0);
    situation.updateWhileHosting = true;
    clock.advance(checkEveryMs);
    expect(seen.checks).toBe(1);
  });

  it('goes on checking after a failed check, and says why it failed', async () => {
    const { clock, policy, seen, log, settle, fail } = updating();
    fail(new Error('the feed answered 404'));
    policy.start();
    clock.advance(firstCheckAfterMs);
    await settle();
    expect(log).toEqual(['update check failed: the feed answered 404']);
    fail(undefined);
    clock.advance(checkEveryMs);
    expect(seen.checks).toBe(2);
  });

  it('does not start a second check while one is still under way', () => {
    const { clock, policy, seen } = updating({ checkHangs: true });
    policy.start();
    clock.advance(firstCheckAfterMs + 2 * checkEveryMs);
    expect(seen.checks).toBe(1);
  });

  it("never checks, nor installs at quit, when the administrator's settings turn updates off", async () => {
    const { clock, policy, seen, log, settle } = updating({ autoUpdate: false, offers: '1.4.0' });
    policy.start();
    clock.advance(firstCheckAfterMs + 3 * checkEveryMs);
    expect(seen.checks).toBe(0);
    expect(log).toEqual(["updates are turned off by the administrator's settings"]);
    // One downloaded before the administrator turned updates off waits for them.
    policy.downloaded('1.4.0');
    await settle();
    expect(seen).toMatchObject({ installOnQuit: false, installedNow: 0, notices: [] });
  });

  it('stops checking once stopped', () => {
    const { clock, policy, seen } = updating();
    policy.start();
    policy.stop();
    clock.advance(firstCheckAfterMs + checkEveryMs);
    expect(seen.checks).toBe(0);
  });
});

describe('a downloaded update', () => {
  it('is told once, as "ready — restart to update", and Later leaves it for the next quit', async () => {
    const { clock, policy, seen, settle } = updating({ offers: '1.4.0', choice: 'later' });
    policy.start();
    clock.advance(firstCheckAfterMs);
    await settle();
    expect(seen.notices).toEqual([
      {
        version: '1.4.0',
        message: 'Hearth 1.4.0 is ready — restart to update',
        detail: 'Later installs it when you next quit Hearth.',
      },
    ]);
    expect(seen.installedNow).toBe(0);
    expect(seen.installOnQuit).toBe(true);
    // It is not asked again, nor looked for again, while it waits for the quit.
    clock.advance(3 * checkEveryMs);
    policy.situationChanged();
    await settle();
    expect(seen.notices).toHaveLength(1);
    expect(seen.checks).toBe(1);
  });

  it('installs at once when the person chooses Restart', async () => {
    const { clock, policy, seen, settle } = updating({ offers: '1.4.0', choice: 'restart' });
    policy.start();
    clock.advance(firstCheckAfterMs);
    await settle();
    expect(seen.installedNow).toBe(1);
  });

  it('waits, untold and not installed even at quit, while the app hosts without consent', async () => {
    const { policy, seen, situation, settle } = updating({ choice: 'restart' });
    policy.start();
    // Downloaded before hosting began; then hosting started.
    situation.hosting = true;
    policy.downloaded('1.4.0');
    await settle();
    expect(seen.notices).toEqual([]);
    expect(seen.installOnQuit).toBe(false);
    expect(seen.installedNow).toBe(0);

    situation.hosting = false;
    policy.situationChanged();
    await settle();
    expect(seen.notices.map((notice) => notice.version)).toEqual(['1.4.0']);
    expect(seen.installOnQuit).toBe(true);
    expect(seen.installedNow).toBe(1);
  });

  it('installs while hosting when the person allowed it in the preferences', async () => {
    const { policy, seen, settle } = updating({
      situation: { hosting: true, updateWhileHosting: true },
      choice: 'restart',
    });
    policy.start();
    policy.downloaded('1.4.0');
    await settle();
    expect(seen.installOnQuit).toBe(true);
    expect(seen.installedNow).toBe(1);
  });

  it('does not restart when hosting began while the question was open', async () => {
    const { policy, seen, situation, settle } = updating({ choice: 'restart' });
    policy.start();
    policy.downloaded('1.4.0');
    situation.hosting = true;
    await settle();
    expect(seen.notices).toHaveLength(1);
    expect(seen.installedNow).toBe(0);
  });

  it('is not installed at quit when hosting starts after it was told', async () => {
    const { policy, seen, situation, settle } = updating();
    policy.start();
    policy.downloaded('1.4.0');
    await settle();
    expect(seen.installOnQuit).toBe(true);
    situation.hosting = true;
    policy.situationChanged();
    expect(seen.installOnQuit).toBe(false);
  });
});
