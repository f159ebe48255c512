import { describe, expect, it } from 'vitest';
import { HeartbeatClock } from '../../src-main/server/events/heartbeats';

const INTERVAL_MS = 120;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A clock whose beats are recorded with how long after `started` they came. */
function recordingClock() {
  const started = performance.now();
  const beats: { items: string[]; afterMs: number }[] = [];
  const clock = new HeartbeatClock<string>(INTERVAL_MS, (items) =>
    beats.push({ items, afterMs: performance.now() - started }),
  );
  return { clock, beats };
}

describe('heartbeat deadlines', () => {
  it('beat a wait once its interval has passed, not before, and only once', async () => {
    const { clock, beats } = recordingClock();
    clock.start('a');
    await sleep(INTERVAL_MS * 3);
    clock.stop();

    expect(beats.map(({ items }) => items)).toEqual([['a']]);
    expect(beats[0]?.afterMs).toBeGreaterThanOrEqual(INTERVAL_MS - 1);
  });

  it('count a restarted wait from its restart', async () => {
    const { clock, beats } = recordingClock();
    clock.start('a');
    clock.start('b');
    await sleep(INTERVAL_MS / 2);
    clock.start('a');
    await sleep(INTERVAL_MS * 3);
    clock.stop();

    // Under load one look may find both due, so each is found by name.
    const beatOf = (item: string) => beats.filter(({ items }) => items.includes(item));
    expect(beatOf('a')).toHaveLength(1);
    expect(beatOf('b')).toHaveLength(1);
    expect(beatOf('b')[0]?.afterMs).toBeGreaterThanOrEqual(INTERVAL_MS - 1);
    expect(beatOf('a')[0]?.afterMs).toBeGreaterThanOrEqual(INTERVAL_MS * 1.5 - 1);
  });

  it('beat nothing after stopping', async () => {
    const { clock, beats } = recordingClock();
    clock.start('a');
    clock.stop();
    await sleep(INTERVAL_MS * 2);

    expect(beats).toEqual([]);
  });
});
