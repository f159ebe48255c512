import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statePush } from '../../../src-main/client/bridge/statePush';

const timing = { gapMs: 40, maxMs: 300 };
// The clock is the test's, so a busy machine cannot stretch a wait past a deadline.
const sleep = (ms: number) => vi.advanceTimersByTime(ms);

describe('pushing whole state to the window', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after a quiet moment sends a batch of changes at once, as one, the latest state asked for', async () => {
    const sent: number[] = [];
    const push = statePush<number>(timing, (state) => sent.push(state));
    for (let state = 1; state <= 5; state++) push.request(state);
    expect(sent).toEqual([]);
    await Promise.resolve();
    expect(sent).toEqual([5]);
  });

  it('while changes keep coming, sends them with the next message once the gap has passed', async () => {
    const sent: number[] = [];
    const push = statePush<number>(timing, (state) => sent.push(state));
    push.request(1);
    await Promise.resolve();
    push.request(2);
    // A message within the gap goes alone.
    push.ride();
    sleep(10);
    expect(sent).toEqual([1]);
    sleep(timing.gapMs);
    push.request(3);
    push.ride();
    await Promise.resolve();
    expect(sent).toEqual([1, 3]);
    // Nothing waits: a message then carries nothing.
    push.ride();
    sleep(timing.maxMs + 20);
    expect(sent).toEqual([1, 3]);
  });

  it('with no message to go with, sends what waits alone once the longest wait has passed', async () => {
    const sent: number[] = [];
    const push = statePush<number>(timing, (state) => sent.push(state));
    push.request(1);
    await Promise.resolve();
    push.request(2);
    sleep(timing.gapMs + 20);
    expect(sent).toEqual([1]);
    sleep(timing.maxMs);
    expect(sent).toEqual([1, 2]);
  });

  it('can read the state itself when it goes', async () => {
    let state = 0;
    const sent: number[] = [];
    const push = statePush(timing, () => sent.push(state));
    push.request();
    state = 7;
    await Promise.resolve();
    expect(sent).toEqual([7]);
  });

  it('sends nothing once stopped', async () => {
    const sent: string[] = [];
    const push = statePush(timing, () => sent.push('state'));
    push.request();
    await Promise.resolve();
    push.request();
    push.stop();
    push.ride();
    sleep(timing.maxMs + 20);
    expect(sent).toEqual(['state']);
  });
});
